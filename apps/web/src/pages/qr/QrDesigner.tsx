import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { api, errorMessage, type Schemas } from '../../api';
import { Field } from '../../components/Field';
import { Loading } from '../../components/states';
import { inputRules } from '../../limits';
import { useSaveQr } from '../../resources/qrs';
import { FIELDS, TYPES, dataOf, filledIn, fingerprint, formOf, toHex, toRgb, type ContentForm, type QrType } from './qr-design';
import { CancelLink, FormActions } from '../../components/FormCard';

type QrDetails = Schemas['QrDetails'];

/** Logos the service takes: the same rule it checks (the file is read again there). */
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const LOGO_MAX_BYTES = 512 * 1024;

type LogoChoice = 'none' | 'file' | 'url' | 'kept';
interface LogoFile {
  name: string;
  /** A data: URL of the file, as the API takes it. */
  data: string;
}

/** A value that follows another once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function readFile(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/**
 * The designer: a new code, or a new design of an existing one, which starts from the code as it
 * is (its content, colours and logo). Beside the form, the draft as the service draws it (`POST
 * /qr/preview`), drawn again once the form has been still for half a second.
 */
export function QrDesigner({ qr }: { qr?: QrDetails }) {
  const [type, setType] = useState<QrType>(qr?.type ?? 'link');
  const [name, setName] = useState(qr?.name ?? '');
  const [form, setForm] = useState<ContentForm>(() => (qr ? formOf(qr.type, qr.data) : { encryption: 'WPA' }));
  const [foreground, setForeground] = useState(qr ? toHex(qr.foreground) : '#000000');
  const [background, setBackground] = useState(qr ? toHex(qr.background) : '#ffffff');
  const [logoChoice, setLogoChoice] = useState<LogoChoice>(qr?.logo ? 'url' : qr?.logoUploaded ? 'kept' : 'none');
  const [logo, setLogo] = useState(qr?.logo ?? '');
  const [logoFile, setLogoFile] = useState<LogoFile | null>(null);
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  const navigate = useNavigate();

  const data = dataOf(type, form);
  const filled = filledIn(type, form);
  // A kept upload sends nothing of the logo: the stored one stays.
  const logoFields =
    logoChoice === 'file' && logoFile
      ? { logoFile: logoFile.data }
      : logoChoice === 'url'
        ? { logo: logo.trim() }
        : logoChoice === 'kept'
          ? {}
          : { logo: '' };
  const design = { type, data, foreground: toRgb(foreground), background: toRgb(background), ...logoFields };
  const save = useSaveQr();

  // The preview follows the form once it has been still for half a second.
  const draft = useSettled(JSON.stringify(design), 500);
  const key = useMemo(() => fingerprint(draft), [draft]);
  const preview = useQuery({
    queryKey: ['qr-preview', key],
    queryFn: async ({ signal }) => {
      const { data: image } = await api.POST('/qr/preview', {
        body: { ...(JSON.parse(draft) as typeof design), format: 'png', size: 300 },
        parseAs: 'blob',
        signal,
      });
      return URL.createObjectURL(image);
    },
    enabled: filled && !logoProblem,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const image = preview.data;
  useEffect(() => () => void (image && URL.revokeObjectURL(image)), [image]);

  const chooseFile = async (file: File | undefined) => {
    setLogoProblem(null);
    setLogoFile(null);
    if (!file) return;
    if (!LOGO_TYPES.includes(file.type)) return setLogoProblem('Choose a PNG, JPEG, WebP or GIF file.');
    if (file.size > LOGO_MAX_BYTES)
      return setLogoProblem(`The file is ${Math.ceil(file.size / 1024)} KiB; a logo is at most ${LOGO_MAX_BYTES / 1024} KiB.`);
    try {
      setLogoFile({ name: file.name, data: await readFile(file) });
    } catch (error) {
      setLogoProblem(errorMessage(error));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (logoChoice === 'file' && !logoFile) return setLogoProblem('Choose the logo file, or choose “No logo”.');
    save.mutate(
      { id: qr?.id ?? null, body: { ...design, name: name || undefined } },
      { onSuccess: (id) => void navigate({ to: '/qr/$id', params: { id } }) },
    );
  };
  const title = qr ? `Redesign ${qr.name}` : 'New QR code';
  const all = ['type', 'data', 'name', 'foreground', 'background', 'logo', 'logoFile'];
  return (
    <form className="card form" onSubmit={submit} aria-label={title}>
      <h2>
        <bdi>{title}</bdi>
      </h2>
      {qr && <p className="help">It starts from the code as it is: change what you like and save.</p>}
      <div className="qr-designer">
        <div>
          <Field id="qr-name" label="Name" help="Yours only, 1 to 100 characters." error={save.error}>
            <input {...inputRules('QrAdd', 'name')} value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field id="qr-type" label="What it holds" error={save.error}>
            <select value={type} onChange={(e) => setType(e.target.value as QrType)}>
              {(Object.keys(TYPES) as QrType[]).map((key) => (
                <option key={key} value={key}>
                  {TYPES[key]}
                </option>
              ))}
            </select>
          </Field>
          <fieldset className="section-fields">
            <legend>Content</legend>
            {FIELDS[type].map((field) => {
              const value = form[field.key] ?? '';
              const change = (text: string) => setForm((current) => ({ ...current, [field.key]: text }));
              const names = type === 'link' || type === 'text' || type === 'phone' ? ['data'] : [`data.${field.key}`];
              return (
                <Field key={`${type}-${field.key}`} id={`qr-${field.key}`} label={field.label} error={save.error} names={names}>
                  {field.options ? (
                    <select value={value} onChange={(e) => change(e.target.value)}>
                      {field.options.map((option) => (
                        <option key={option} value={option}>
                          {option === 'nopass' ? 'None (open network)' : option}
                        </option>
                      ))}
                    </select>
                  ) : field.long ? (
                    <textarea value={value} onChange={(e) => change(e.target.value)} />
                  ) : (
                    <input type={field.type ?? 'text'} value={value} onChange={(e) => change(e.target.value)} />
                  )}
                </Field>
              );
            })}
          </fieldset>
          <div className="two">
            <Field id="qr-foreground" label="Colour of the code" error={save.error}>
              <input type="color" value={foreground} onChange={(e) => setForeground(e.target.value)} />
            </Field>
            <Field id="qr-background" label="Background" error={save.error}>
              <input type="color" value={background} onChange={(e) => setBackground(e.target.value)} />
            </Field>
          </div>
          <LogoPicker
            choice={logoChoice}
            onChoice={setLogoChoice}
            kept={qr?.logoUploaded ?? false}
            logo={logo}
            onLogo={setLogo}
            file={logoFile}
            problem={logoProblem}
            onFile={(file) => void chooseFile(file)}
            error={save.error ?? (preview.isError ? preview.error : undefined)}
          />
        </div>
        <section className="qr-live" aria-labelledby="qr-live-title">
          <h3 id="qr-live-title">Preview</h3>
          {!filled ? (
            <p className="muted small">Fill in the content to see the code.</p>
          ) : image ? (
            <img
              src={image}
              width={300}
              height={300}
              alt="Preview of the QR code, as the service draws it (not saved yet)"
              data-testid="qr-live"
            />
          ) : preview.isPending && !logoProblem ? (
            <Loading label="Drawing the preview" />
          ) : null}
          <p className="small muted" role="status" aria-live="polite">
            {filled && preview.isFetching ? 'Drawing…' : ''}
          </p>
          {filled && preview.isError && (
            <p className="error small">
              <bdi>{errorMessage(preview.error)}</bdi>
            </p>
          )}
        </section>
      </div>
      <FormActions save={save} fields={all} submit={qr ? 'Save design' : 'Create QR code'} cancel={<CancelLink list="/qr" id={qr?.id} />} />
    </form>
  );
}

/** The logo in the middle: none, an upload, an address, or (redesigning) the upload it has. */
function LogoPicker(props: {
  choice: LogoChoice;
  onChoice: (choice: LogoChoice) => void;
  kept: boolean;
  logo: string;
  onLogo: (logo: string) => void;
  file: LogoFile | null;
  problem: string | null;
  onFile: (file: File | undefined) => void;
  error: unknown;
}) {
  const { choice, onChoice } = props;
  const option = (value: LogoChoice, label: string) => (
    <label>
      <input type="radio" name="qr-logo-choice" checked={choice === value} onChange={() => onChoice(value)} /> {label}
    </label>
  );
  return (
    <>
      <fieldset className="choice">
        <legend>Logo in the middle</legend>
        {option('none', 'No logo')}
        {props.kept && option('kept', 'Keep the uploaded logo')}
        {option('file', 'Upload a file')}
        {option('url', 'From an address')}
      </fieldset>
      {choice === 'file' && (
        <Field
          id="qr-logo-file"
          label="Logo file"
          help="A PNG, JPEG, WebP or GIF of at most 512 KiB and 2048 pixels a side. The service reads it again and keeps it at most 256 pixels a side."
          error={props.error}
          names={['logoFile']}
        >
          <input type="file" accept={LOGO_TYPES.join(',')} onChange={(e) => props.onFile(e.target.files?.[0])} />
        </Field>
      )}
      {choice === 'file' && props.file && (
        <p className="small muted">
          Chosen: <bdi>{props.file.name}</bdi>
        </p>
      )}
      {choice === 'file' && props.problem && (
        <p className="error small" role="alert">
          {props.problem}
        </p>
      )}
      {choice === 'url' && (
        <Field
          id="qr-logo"
          label="Logo address (a PNG or JPEG)"
          help="Fetched by the service when you save: at most 512 KiB, from a public address."
          error={props.error}
        >
          <input type="url" value={props.logo} onChange={(e) => props.onLogo(e.target.value)} />
        </Field>
      )}
    </>
  );
}
