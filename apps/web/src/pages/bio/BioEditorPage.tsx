import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { RoleGate } from '../../components/RoleGate';
import { useNavigate, useParams } from '@tanstack/react-router';
import { Field } from '../../components/Field';
import { inputRules, lengthHelp } from '../../limits';
import { useBioPage, useSaveBioPage } from '../../resources/bio';
import {
  bodyOf,
  draftOf,
  pictureRemoved,
  tooLarge,
  type BioBody,
  type BioDraft,
  type BioPageDetails,
  type BioTheme,
  type Upload,
} from './bio-draft';
import { BlocksSection, type BlocksChanger } from './BlocksSection';
import { PictureField } from './PictureField';
import { PixelsSection } from './PixelsSection';
import { FIELDS, PreviewPanel, usePreview } from './PreviewPanel';
import { LONGEST_SIDE, readPicture } from './pictures';
import { Section } from '../../components/Section';
import { ThemeSection } from './ThemeSection';
import './bio.css';
import { RecordGate } from '../../components/RecordGate';
import { CancelLink, FormActions } from '../../components/FormCard';
import { RecordTitle } from '../../components/RecordTitle';
import { DomainSelect } from '../../components/DomainSelect';

/** Create or edit a bio page, with a preview drawn by the service as the page is edited. */
export default function BioEditorPage() {
  const { id } = useParams({ strict: false });
  const details = useBioPage(id);
  return (
    <RoleGate
      operation={id === undefined ? 'addBioPage' : 'updateBioPage'}
      doing={id === undefined ? 'making bio pages' : 'changing bio pages'}
      title={id === undefined ? 'New bio page' : 'Edit bio page'}
    >
      <RecordGate query={details} id={id} noun="bio page" list="/bio" fresh={<BioEditor />}>
        {(page) => <BioEditor key={id} editing={page} />}
      </RecordGate>
    </RoleGate>
  );
}

function BioEditor({ editing }: { editing?: BioPageDetails }) {
  const [draft, setDraft] = useState<BioDraft>(() => draftOf(editing));
  const navigate = useNavigate();
  // The addresses of the pictures chosen here, let go when the editor closes.
  const [uploads] = useState(() => new Set<string>());
  useEffect(() => () => uploads.forEach((url) => URL.revokeObjectURL(url)), [uploads]);

  const set = <K extends keyof BioDraft>(key: K, value: BioDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const setTheme = <K extends keyof BioTheme>(key: K, value: BioTheme[K]) =>
    setDraft((current) => ({ ...current, theme: { ...current.theme, [key]: value } }));
  const changeBlocks: BlocksChanger = (change) => setDraft((current) => ({ ...current, blocks: change(current.blocks) }));

  const body = useMemo(() => bodyOf(draft, editing), [draft, editing]);
  const preview = usePreview(body, editing?.id);

  const save = useSaveBioPage();
  const [tooBig, setTooBig] = useState<{ body: BioBody; message: string } | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = tooLarge(body);
    setTooBig(message ? { body, message } : null);
    if (message) return;
    save.mutate({ id: editing?.id ?? null, body }, { onSuccess: (id) => void navigate({ to: '/bio/$id', params: { id } }) });
  };
  // A refusal is of the draft that was sent: once the draft changes, the preview says what holds now.
  const saveError = save.variables?.body === body ? save.error : null;
  const tooBigNow = tooBig?.body === body ? tooBig.message : null;

  // The API's last word on the draft: the save's refusal, else the preview's (shown beside the field it names).
  const problem = saveError ?? preview.error;
  const choose = async (file: File | undefined, kind: keyof typeof LONGEST_SIDE): Promise<Upload | null> => {
    if (!file) return null;
    const upload = await readPicture(file, LONGEST_SIDE[kind]);
    uploads.add(upload.url);
    return upload;
  };
  const pictureProps = (key: 'avatar' | 'seoImage', stored: string | null, kind: keyof typeof LONGEST_SIDE) => ({
    value: draft[key],
    stored,
    error: problem,
    onChoose: async (file: File | undefined) => {
      const upload = await choose(file, kind);
      if (upload) set(key, { kind: 'new', upload });
    },
    onRemove: () => set(key, pictureRemoved(stored)),
    onKeep: () => set(key, { kind: 'stored' }),
  });

  const heading = editing ? `Edit ${editing.name}` : 'New bio page';
  return (
    <main id="main" className="wide">
      <RecordTitle list="/bio" name={heading} />
      <p className="to-preview">
        <a href="#bio-preview">Go to the preview</a>
      </p>
      <div className="bio-editor">
        <form onSubmit={submit} className="link-form bio-form" noValidate aria-label={heading}>
          <Section title="The page">
            <Field
              id="bio-name"
              label="Name"
              help={`For your lists; not shown on the page. ${lengthHelp('BioPageFields', 'name')}.`}
              error={problem}
            >
              <input value={draft.name} {...inputRules('BioPageFields', 'name')} required onChange={(e) => set('name', e.target.value)} />
            </Field>
            <div className="two">
              <Field id="bio-domain" label="Domain" error={problem}>
                <DomainSelect value={draft.domain} onChange={(domain) => set('domain', domain)} />
              </Field>
              <Field
                id="bio-alias"
                label="Alias"
                help="The page's address on its domain: 3 to 50 letters, digits, _ or -. Empty: one is chosen for you."
                error={problem}
              >
                <input
                  value={draft.alias}
                  {...inputRules('BioPageFields', 'alias')}
                  autoComplete="off"
                  onChange={(e) => set('alias', e.target.value)}
                />
              </Field>
            </div>
            <Field id="bio-title" label="Title" help="The heading of the page; the name when empty." error={problem}>
              <input value={draft.title} {...inputRules('BioPageFields', 'title')} onChange={(e) => set('title', e.target.value)} />
            </Field>
            <Field
              id="bio-description"
              label="Description"
              help={`${lengthHelp('BioPageFields', 'description')}; line breaks are kept.`}
              error={problem}
            >
              <textarea
                value={draft.description}
                {...inputRules('BioPageFields', 'description')}
                onChange={(e) => set('description', e.target.value)}
              />
            </Field>
            <PictureField
              id="bio-avatar"
              label="Avatar"
              help="The picture at the top, made 400 × 400 pixels. PNG, JPEG, WebP or GIF."
              names={['avatar']}
              {...pictureProps('avatar', editing?.avatar ?? null, 'avatar')}
            />
            <label className="inline">
              <input type="checkbox" checked={draft.public} onChange={(e) => set('public', e.target.checked)} /> Public: the page is served
              at its address (a private page answers “not found”)
            </label>
          </Section>

          <ThemeSection theme={draft.theme} problem={problem} setTheme={setTheme} />
          <BlocksSection blocks={draft.blocks} problem={problem} change={changeBlocks} onChoose={(file) => choose(file, 'image')} />

          <Section title="Search engines and link previews">
            <Field
              id="seo-title"
              label="Title in search results and previews"
              help="The page's title when empty."
              error={problem}
              names={['seo.title']}
            >
              <input value={draft.seoTitle} {...inputRules('BioSeoInput', 'title')} onChange={(e) => set('seoTitle', e.target.value)} />
            </Field>
            <Field
              id="seo-description"
              label="Description in search results and previews"
              help={`The page's description when empty. ${lengthHelp('BioSeoInput', 'description')}.`}
              error={problem}
              names={['seo.description']}
            >
              <textarea
                value={draft.seoDescription}
                {...inputRules('BioSeoInput', 'description')}
                onChange={(e) => set('seoDescription', e.target.value)}
              />
            </Field>
            <PictureField
              id="seo-image"
              label="Image in link previews"
              help="Made 1200 × 630 pixels; the avatar when there is none."
              names={['seo.image']}
              {...pictureProps('seoImage', editing?.seo.image ?? null, 'preview')}
            />
            <Field id="bio-language" label="Language of the page" help="A language tag: en, fr, pt-BR…" error={problem}>
              <input
                value={draft.language}
                {...inputRules('BioPageFields', 'language')}
                onChange={(e) => set('language', e.target.value)}
              />
            </Field>
          </Section>

          <PixelsSection chosen={draft.pixels} problem={problem} onChange={(pixels) => set('pixels', pixels)} />

          <FormActions
            save={{ error: tooBigNow ? new Error(tooBigNow) : saveError, isPending: save.isPending }}
            fields={FIELDS}
            submit={editing ? 'Save changes' : 'Create the page'}
            cancel={<CancelLink list="/bio" id={editing?.id} />}
          />
        </form>
        <PreviewPanel html={preview.html} pending={preview.pending} error={preview.error} />
      </div>
    </main>
  );
}
