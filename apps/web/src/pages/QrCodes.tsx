import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage, isStatus, type Schemas } from '../api';
import { ClicksChart } from '../components/ClicksChart';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { CopyButton } from '../components/CopyButton';
import { Field, formError } from '../components/Field';
import { Pager } from '../components/Pager';
import { StatsControls, defaultRange, type Range } from '../components/StatsControls';
import { Empty, ErrorState, Loading } from '../components/states';
import { Link, navigate } from '../router';
import { formatApiDate, formatNumber } from '../format';

type Qr = Schemas['Qr'];
type QrType = Schemas['QrType'];
type QrData = Schemas['QrData'];

const TYPES: Record<QrType, string> = {
  link: 'Web address (dynamic: scans counted, target can change)',
  text: 'Text',
  email: 'E-mail',
  phone: 'Phone call',
  sms: 'Text message (SMS)',
  wifi: 'Wi-Fi network',
  vcard: 'Contact card (vCard)',
};

/** QR codes: list, the designer, and the scans of dynamic codes. */
export default function QrCodesPage() {
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<Qr | null>(null);
  const queryClient = useQueryClient();
  const qrs = useQuery({
    queryKey: ['qrs', page],
    queryFn: async () => (await api.GET('/qr', { params: { query: { page, limit: 24 } } })).data.data,
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.DELETE('/qr/{id}/delete', { params: { path: { id } } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['qrs'] }),
  });
  return (
    <main id="main">
      <div className="title-row">
        <h1 tabIndex={-1}>QR codes</h1>
        <Link to="/qr/new" className="button">
          New QR code
        </Link>
      </div>
      {remove.isError && (
        <p className="error" role="alert">
          {errorMessage(remove.error)}
        </p>
      )}
      {qrs.isPending ? (
        <Loading label="Loading QR codes" />
      ) : qrs.isError ? (
        <ErrorState error={qrs.error} retry={() => void qrs.refetch()} />
      ) : qrs.data.qrs.length === 0 ? (
        <Empty>
          <p>
            No QR codes yet. <Link to="/qr/new">Design one</Link>. (Every short link also has its own code, on its page.)
          </p>
        </Empty>
      ) : (
        <>
          <ul className="cards qr-cards">
            {qrs.data.qrs.map((qr) => (
              <li key={qr.id} className="card">
                <img src={qr.link} width={120} height={120} alt="" loading="lazy" />
                <h2>
                  <Link to={`/qr/${qr.id}`}>
                    <bdi>{qr.name}</bdi>
                  </Link>
                </h2>
                <p className="small muted">
                  {formatNumber(qr.scans)} scans · {formatApiDate(qr.date)}
                </p>
                <button type="button" className="small danger" onClick={() => setDeleting(qr)} aria-label={`Delete ${qr.name}`}>
                  Delete
                </button>
              </li>
            ))}
          </ul>
          <Pager page={page} info={qrs.data} noun="QR code" onPage={setPage} />
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this QR code?"
        confirm="Delete"
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      >
        <p>
          <bdi>{deleting?.name}</bdi>: printed copies of a web-address code stop leading anywhere, and its scans are deleted.
        </p>
      </ConfirmDialog>
    </main>
  );
}

/** `#1d4ed8` as the API's `rgb(29,78,216)`. */
const toRgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(',')})`;

type Form = Record<string, string>;

function dataOf(type: QrType, form: Form): QrData {
  const pick = (...keys: string[]) => Object.fromEntries(keys.filter((key) => form[key]).map((key) => [key, form[key]!]));
  switch (type) {
    case 'link':
      return form.url ?? '';
    case 'text':
      return form.text ?? '';
    case 'phone':
      return form.phone ?? '';
    case 'email':
      return { email: form.email ?? '', ...pick('subject', 'body') };
    case 'sms':
      return { phone: form.phone ?? '', ...pick('message') };
    case 'wifi':
      return { ssid: form.ssid ?? '', encryption: (form.encryption as 'WPA' | 'WEP' | 'nopass') || 'WPA', ...pick('pass') };
    case 'vcard':
      return pick('fname', 'lname', 'org', 'phone', 'cell', 'email', 'site', 'street', 'city', 'state', 'zip', 'country');
  }
}

const FIELDS: Record<QrType, { key: string; label: string; type?: string; long?: boolean; options?: string[] }[]> = {
  link: [{ key: 'url', label: 'Web address', type: 'url' }],
  text: [{ key: 'text', label: 'Text', long: true }],
  phone: [{ key: 'phone', label: 'Phone number', type: 'tel' }],
  email: [
    { key: 'email', label: 'E-mail address', type: 'email' },
    { key: 'subject', label: 'Subject' },
    { key: 'body', label: 'Message', long: true },
  ],
  sms: [
    { key: 'phone', label: 'Phone number', type: 'tel' },
    { key: 'message', label: 'Message', long: true },
  ],
  wifi: [
    { key: 'ssid', label: 'Network name (SSID)' },
    { key: 'encryption', label: 'Security', options: ['WPA', 'WEP', 'nopass'] },
    { key: 'pass', label: 'Password' },
  ],
  vcard: [
    { key: 'fname', label: 'First name' },
    { key: 'lname', label: 'Last name' },
    { key: 'org', label: 'Organisation' },
    { key: 'phone', label: 'Phone', type: 'tel' },
    { key: 'cell', label: 'Mobile', type: 'tel' },
    { key: 'email', label: 'E-mail', type: 'email' },
    { key: 'site', label: 'Website', type: 'url' },
    { key: 'street', label: 'Street' },
    { key: 'city', label: 'City' },
    { key: 'state', label: 'State or region' },
    { key: 'zip', label: 'Postcode' },
    { key: 'country', label: 'Country' },
  ],
};

/** The field of each type that must be filled before there is anything to draw. */
const MAIN_FIELD: Record<QrType, string | null> = {
  link: 'url',
  text: 'text',
  phone: 'phone',
  email: 'email',
  sms: 'phone',
  wifi: 'ssid',
  vcard: null,
};

/** Logos the service takes: the same rule it checks (the file is read again there). */
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const LOGO_MAX_BYTES = 512 * 1024;

type LogoChoice = 'none' | 'file' | 'url';
interface LogoFile {
  name: string;
  /** A data: URL of the file, as the API takes it. */
  data: string;
}

/** A short name of a long text (a draft with a logo file is hundreds of kilobytes): its length and FNV-1a hash. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return `${text.length}:${(hash >>> 0).toString(36)}`;
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
    // readAsDataURL gives a string.
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/**
 * The designer: a new code, or new settings for an existing one (its content is entered again: the
 * API does not give it back). Beside the form, the draft as the service draws it (`POST
 * /qr/preview`), drawn again once the form has been still for half a second.
 */
export function QrDesigner({ qr }: { qr?: Qr }) {
  const [type, setType] = useState<QrType>('link');
  const [name, setName] = useState(qr?.name ?? '');
  const [form, setForm] = useState<Form>({ encryption: 'WPA' });
  const [foreground, setForeground] = useState('#000000');
  const [background, setBackground] = useState('#ffffff');
  const [logoChoice, setLogoChoice] = useState<LogoChoice>('none');
  const [logo, setLogo] = useState('');
  const [logoFile, setLogoFile] = useState<LogoFile | null>(null);
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  const queryClient = useQueryClient();

  const data = dataOf(type, form);
  const main = MAIN_FIELD[type];
  const filled = main === null ? Object.keys(data as object).length > 0 : (form[main] ?? '').trim() !== '';
  const logoFields =
    logoChoice === 'file' && logoFile ? { logoFile: logoFile.data } : logoChoice === 'url' ? { logo: logo.trim() } : { logo: '' };
  const design = { type, data, foreground: toRgb(foreground), background: toRgb(background), ...logoFields };

  const save = useMutation({
    mutationFn: async () => {
      const body = { ...design, name: name || undefined };
      if (qr) {
        await api.PUT('/qr/{id}/update', { params: { path: { id: qr.id } }, body });
        return qr.id;
      }
      return (await api.POST('/qr/add', { body })).data.id;
    },
    onSuccess: (id) => {
      void queryClient.invalidateQueries({ queryKey: ['qrs'] });
      void queryClient.invalidateQueries({ queryKey: ['qr', id] });
      navigate(`/qr/${id}`);
    },
  });

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
    save.mutate();
  };
  const title = qr ? `Redesign ${qr.name}` : 'New QR code';
  const all = ['type', 'data', 'name', 'foreground', 'background', 'logo', 'logoFile'];
  return (
    <form className="card form" onSubmit={submit} aria-label={title}>
      <h2>
        <bdi>{title}</bdi>
      </h2>
      {qr && <p className="help">Enter its content again: saving replaces the whole design.</p>}
      <div className="qr-designer">
        <div>
          <Field id="qr-name" label="Name" help="Yours only, 1 to 100 characters." error={save.error} names={['name']}>
            <input maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field id="qr-type" label="What it holds" error={save.error} names={['type']}>
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
              const id = `qr-${field.key}`;
              const value = form[field.key] ?? '';
              const change = (text: string) => setForm((current) => ({ ...current, [field.key]: text }));
              const names = type === 'link' || type === 'text' || type === 'phone' ? ['data'] : [`data.${field.key}`];
              return (
                <Field key={`${type}-${field.key}`} id={id} label={field.label} error={save.error} names={names}>
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
            <Field id="qr-foreground" label="Colour of the code" error={save.error} names={['foreground']}>
              <input type="color" value={foreground} onChange={(e) => setForeground(e.target.value)} />
            </Field>
            <Field id="qr-background" label="Background" error={save.error} names={['background']}>
              <input type="color" value={background} onChange={(e) => setBackground(e.target.value)} />
            </Field>
          </div>
          <fieldset className="choice">
            <legend>Logo in the middle</legend>
            <label>
              <input type="radio" name="qr-logo-choice" checked={logoChoice === 'none'} onChange={() => setLogoChoice('none')} /> No logo
            </label>
            <label>
              <input type="radio" name="qr-logo-choice" checked={logoChoice === 'file'} onChange={() => setLogoChoice('file')} /> Upload a
              file
            </label>
            <label>
              <input type="radio" name="qr-logo-choice" checked={logoChoice === 'url'} onChange={() => setLogoChoice('url')} /> From an
              address
            </label>
          </fieldset>
          {logoChoice === 'file' && (
            <Field
              id="qr-logo-file"
              label="Logo file"
              help="A PNG, JPEG, WebP or GIF of at most 512 KiB and 2048 pixels a side. The service reads it again and keeps it at most 256 pixels a side."
              error={save.error ?? (preview.isError ? preview.error : undefined)}
              names={['logoFile']}
            >
              <input type="file" accept={LOGO_TYPES.join(',')} onChange={(e) => void chooseFile(e.target.files?.[0])} />
            </Field>
          )}
          {logoChoice === 'file' && logoFile && (
            <p className="small muted">
              Chosen: <bdi>{logoFile.name}</bdi>
            </p>
          )}
          {logoChoice === 'file' && logoProblem && (
            <p className="error small" role="alert">
              {logoProblem}
            </p>
          )}
          {logoChoice === 'url' && (
            <Field
              id="qr-logo"
              label="Logo address (a PNG or JPEG)"
              help="Fetched by the service when you save: at most 512 KiB, from a public address."
              error={save.error}
              names={['logo']}
            >
              <input type="url" value={logo} onChange={(e) => setLogo(e.target.value)} />
            </Field>
          )}
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
      {formError(save.error, all) !== null && (
        <p className="error" role="alert">
          {errorMessage(save.error)}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : qr ? 'Save design' : 'Create QR code'}
        </button>
        <Link to={qr ? `/qr/${qr.id}` : '/qr'} className="button secondary">
          Cancel
        </Link>
      </div>
    </form>
  );
}

export function NewQrPage() {
  return (
    <main id="main">
      <p className="crumbs">
        <Link to="/qr">QR codes</Link> /
      </p>
      <h1 tabIndex={-1}>New QR code</h1>
      <QrDesigner />
    </main>
  );
}

/** One code: its image as the service draws it, downloads, a new design, and its scans over time. */
export function QrPage({ id }: { id: number }) {
  const [range, setRange] = useState<Range>(defaultRange);
  const [redesign, setRedesign] = useState(false);
  const details = useQuery({
    queryKey: ['qr', id],
    queryFn: async () => (await api.GET('/qr/{id}', { params: { path: { id } } })).data.details,
  });
  const stats = useQuery({
    queryKey: ['qr-stats', id, range.from, range.to, range.interval, range.tz],
    queryFn: async () =>
      (
        await api.GET('/qr/{id}/stats', {
          params: { path: { id }, query: { from: range.from, to: range.to, interval: range.interval, tz: range.tz } },
        })
      ).data.data,
    placeholderData: keepPreviousData,
    enabled: details.isSuccess,
  });
  if (details.isPending) return <Loading label="Loading the QR code" />;
  if (details.isError)
    return (
      <main id="main">
        <h1 tabIndex={-1}>{isStatus(details.error, 404) ? 'QR code not found' : 'QR code'}</h1>
        {isStatus(details.error, 404) ? (
          <p>
            There is no QR code {id} in your account. <Link to="/qr">Back to your QR codes</Link>
          </p>
        ) : (
          <ErrorState error={details.error} retry={() => void details.refetch()} />
        )}
      </main>
    );
  const qr = details.data;
  // The image's address changes with each save, so the browser shows the new design.
  const version = encodeURIComponent(String(details.dataUpdatedAt));
  return (
    <main id="main">
      <p className="crumbs">
        <Link to="/qr">QR codes</Link> /
      </p>
      <h1 tabIndex={-1}>
        <bdi>{qr.name}</bdi>
      </h1>
      <div className="columns">
        <section className="card" aria-labelledby="qr-image-title">
          <h2 id="qr-image-title">The code</h2>
          <img className="qr-preview" src={`${qr.link}?v=${version}`} width={240} height={240} alt={`QR code ${qr.name}`} />
          <p className="small">
            <bdi>{qr.link}</bdi> <CopyButton text={qr.link} label="Copy the image address" />
          </p>
          <div className="actions">
            <a className="button secondary" href={`${qr.link}?size=1000`} download={`${qr.name}.png`}>
              Download PNG
            </a>
            <a className="button secondary" href={`${qr.link}?format=svg`} download={`${qr.name}.svg`}>
              Download SVG
            </a>
            <button type="button" className="secondary" onClick={() => setRedesign((open) => !open)} aria-expanded={redesign}>
              Redesign
            </button>
          </div>
        </section>
        <dl className="facts">
          <dt>Scans</dt>
          <dd>{formatNumber(qr.scans)}</dd>
          <dt>Created</dt>
          <dd>{formatApiDate(qr.date)}</dd>
        </dl>
      </div>
      {redesign && <QrDesigner qr={qr} />}
      <h2>Scans over time</h2>
      <p className="muted small">Only web-address codes count scans: the others hold their content and never reach the service.</p>
      <StatsControls range={range} onChange={setRange} />
      {stats.isPending ? (
        <Loading label="Loading the scans" />
      ) : stats.isError ? (
        <ErrorState error={stats.error} retry={() => void stats.refetch()} />
      ) : (
        <ClicksChart series={stats.data} title="Scans" />
      )}
    </main>
  );
}
