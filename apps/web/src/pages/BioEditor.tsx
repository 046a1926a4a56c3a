import { useEffect, useMemo, useRef, useState, type DragEvent, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LinkyardError } from '@linkyard/client';
import { api, errorMessage, isStatus, type Schemas } from '../api';
import { useChoices } from '../choices';
import { Link, href, navigate } from '../router';
import { Field, fieldError } from '../components/Field';
import { Loading } from '../components/states';
import { BioPageMissing, BLOCK_TYPES, BUTTON_SHAPES, FONTS, ICONS, NETWORKS, entries, useBioPage } from './bio-common';
import './bio.css';

type Page = Schemas['BioPage'];
type Fields = Schemas['BioPageFields'];
type Theme = Schemas['BioTheme'];
type BlockInput = Schemas['BioBlockInput'];
type BlockType = Schemas['BioBlock']['type'];
type Icon = Schemas['BioIcon'];
type Network = Schemas['BioNetwork'];

/** The most blocks a page holds, and images among them (the document's `maxItems`, the service's rule). */
const MAX_BLOCKS = 100;
const MAX_IMAGES = 20;
const MAX_SOCIAL_LINKS = 20;
/** The service takes a body of 1 MiB at most, pictures included. */
const MAX_BODY = 1_048_576;
/** A pause in typing this long sends the draft to be drawn. */
const PREVIEW_DELAY_MS = 700;
/** The longest side a picture is sent with: enough for what the service makes of it (a 400 px avatar, 1200 px images). */
const LONGEST_SIDE = { avatar: 800, image: 1600, preview: 1600 } as const;

/** A picture chosen in this browser, not yet saved: what is sent (base64), and a local address to show it. */
interface Upload {
  data: string;
  url: string;
  name: string;
  bytes: number;
}

/** The page's avatar or preview image: the stored one (if any), removed, or a new one. */
type Picture = { kind: 'stored' } | { kind: 'removed' } | { kind: 'new'; upload: Upload };

interface BlockBase {
  /** This editor's own name for the block (React keys, element ids, focus). */
  key: string;
  /** The stored block it is (kept with its clicks and picture); absent for a new one. */
  id?: number;
}
type DraftBlock =
  | (BlockBase & { type: 'link'; title: string; url: string; icon: Icon | '' })
  | (BlockBase & { type: 'heading'; text: string })
  | (BlockBase & { type: 'text'; text: string })
  | (BlockBase & { type: 'image'; alt: string; upload: Upload | null })
  | (BlockBase & { type: 'social'; links: { key: string; network: Network; url: string }[] })
  | (BlockBase & { type: 'embed'; url: string })
  | (BlockBase & { type: 'contact'; title: string; email: string; subject: string });

interface Draft {
  name: string;
  alias: string;
  domain: string;
  title: string;
  description: string;
  language: string;
  public: boolean;
  theme: Theme;
  seoTitle: string;
  seoDescription: string;
  avatar: Picture;
  seoImage: Picture;
  pixels: number[];
  blocks: DraftBlock[];
}

/** The theme of a new page: the service's defaults (`BioThemeInput`). */
const DEFAULT_THEME: Theme = {
  background: '#ffffff',
  text: '#111827',
  button: '#111827',
  buttonText: '#ffffff',
  buttonShape: 'rounded',
  font: 'system',
};

let keys = 0;
const newKey = () => `k${(keys += 1)}`;

function draftBlock(block: Page['blocks'][number]): DraftBlock {
  const base = { key: newKey(), id: block.id };
  switch (block.type) {
    case 'link':
      return { ...base, type: 'link', title: block.title, url: block.url, icon: block.icon ?? '' };
    case 'heading':
      return { ...base, type: 'heading', text: block.text };
    case 'text':
      return { ...base, type: 'text', text: block.text };
    case 'image':
      return { ...base, type: 'image', alt: block.alt, upload: null };
    case 'social':
      return { ...base, type: 'social', links: block.links.map((link) => ({ ...link, key: newKey() })) };
    case 'embed':
      return { ...base, type: 'embed', url: block.url };
    case 'contact':
      return { ...base, type: 'contact', title: block.title, email: block.email, subject: block.subject };
  }
}

function emptyBlock(type: BlockType): DraftBlock {
  const key = newKey();
  switch (type) {
    case 'link':
      return { key, type, title: '', url: '', icon: '' };
    case 'heading':
    case 'text':
      return { key, type, text: '' };
    case 'image':
      return { key, type, alt: '', upload: null };
    case 'social':
      return { key, type, links: [{ key: newKey(), network: 'instagram', url: '' }] };
    case 'embed':
      return { key, type, url: '' };
    case 'contact':
      return { key, type, title: '', email: '', subject: '' };
  }
}

function initial(page?: Page): Draft {
  return {
    name: page?.name ?? '',
    alias: page?.alias ?? '',
    domain: page?.domain ?? '',
    title: page?.title ?? '',
    description: page?.description ?? '',
    language: page?.language ?? 'en',
    public: page?.public ?? true,
    theme: page?.theme ?? DEFAULT_THEME,
    seoTitle: page?.seo.title ?? '',
    seoDescription: page?.seo.description ?? '',
    avatar: { kind: 'stored' },
    seoImage: { kind: 'stored' },
    pixels: page?.pixels ?? [],
    blocks: page?.blocks.map(draftBlock) ?? [],
  };
}

function blockInput(block: DraftBlock): BlockInput {
  const id = block.id === undefined ? {} : { id: block.id };
  switch (block.type) {
    case 'link':
      return { ...id, type: 'link', title: block.title, url: block.url.trim(), icon: block.icon };
    case 'heading':
      return { ...id, type: 'heading', text: block.text };
    case 'text':
      return { ...id, type: 'text', text: block.text };
    case 'image':
      return { ...id, type: 'image', alt: block.alt, ...(block.upload ? { image: block.upload.data } : {}) };
    case 'social':
      return { ...id, type: 'social', links: block.links.map(({ network, url }) => ({ network, url: url.trim() })) };
    case 'embed':
      return { ...id, type: 'embed', url: block.url.trim() };
    case 'contact':
      return { ...id, type: 'contact', email: block.email.trim(), subject: block.subject, ...(block.title ? { title: block.title } : {}) };
  }
}

/**
 * What the draft asks of the service: every field, so that a cleared one is cleared; the avatar
 * and preview image only when they change (a new picture, or `""` to remove the stored one); the
 * alias and domain of a new page only when given (the service picks an alias).
 */
function bodyOf(draft: Draft, editing: Page | undefined): Fields & { name: string } {
  const picture = (value: Picture, stored: string | null | undefined) =>
    value.kind === 'new' ? value.upload.data : value.kind === 'removed' && stored ? '' : undefined;
  const body: Fields & { name: string } = {
    name: draft.name,
    title: draft.title,
    description: draft.description,
    language: draft.language.trim(),
    public: draft.public,
    theme: draft.theme,
    seo: { title: draft.seoTitle, description: draft.seoDescription },
    pixels: draft.pixels,
    blocks: draft.blocks.map(blockInput),
  };
  const alias = draft.alias.trim();
  if (alias && alias !== editing?.alias) body.alias = alias;
  if (editing ? draft.domain !== (editing.domain ?? '') : draft.domain) body.domain = draft.domain;
  const avatar = picture(draft.avatar, editing?.avatar);
  if (avatar !== undefined) body.avatar = avatar;
  const seoImage = picture(draft.seoImage, editing?.seo.image);
  if (seoImage !== undefined) body.seo = { ...body.seo, image: seoImage };
  return body;
}

/** A picture chosen in the browser, made no larger than the service needs (WebP), as base64 to send. */
async function readPicture(file: File, longest: number): Promise<Upload> {
  let blob: Blob = file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, longest / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    blob = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((made) => (made ? resolve(made) : reject(new Error('The picture could not be made smaller.'))), 'image/webp', 0.9),
    );
  } catch {
    // Not a picture this browser reads: it is sent as it is, and the service says what is wrong with it.
  }
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(blob);
  });
  return { data: dataUrl.slice(dataUrl.indexOf(',') + 1), url: URL.createObjectURL(blob), name: file.name, bytes: blob.size };
}

const kB = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} kB`;

/** The API's error when it names this field exactly (not one inside it). */
const exactly = (error: unknown, field: string): string | null =>
  error instanceof LinkyardError && error.field === field ? error.message : null;

/** Create or edit a bio page, with a preview drawn by the service as the page is edited. */
export default function BioEditorPage({ id }: { id?: number }) {
  const details = useBioPage(id);
  if (id === undefined) return <BioEditor />;
  if (details.isPending) return <Loading label="Loading the bio page" />;
  if (details.isError) return <BioPageMissing id={id} error={details.error} retry={() => void details.refetch()} title="Edit a bio page" />;
  return <BioEditor key={id} editing={details.data} />;
}

function BioEditor({ editing }: { editing?: Page }) {
  const [draft, setDraft] = useState<Draft>(() => initial(editing));
  const [announcement, setAnnouncement] = useState('');
  const focusTarget = useRef<string | null>(null);
  const setFocusTarget = (target: string) => {
    focusTarget.current = target;
  };
  const queryClient = useQueryClient();
  const domains = useChoices('/domains');
  const pixels = useChoices('/pixels');
  const uploads = useRef(new Set<string>());
  useEffect(() => {
    const made = uploads.current;
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const setTheme = <K extends keyof Theme>(key: K, value: Theme[K]) =>
    setDraft((current) => ({ ...current, theme: { ...current.theme, [key]: value } }));
  const setBlock = (key: string, change: (block: DraftBlock) => DraftBlock) =>
    setDraft((current) => ({ ...current, blocks: current.blocks.map((block) => (block.key === key ? change(block) : block)) }));

  const body = useMemo(() => bodyOf(draft, editing), [draft, editing]);
  const preview = usePreview(body, editing?.id);

  // Focus follows a block that moved (its button), was added (its first field) or removed (the next block).
  useEffect(() => {
    const target = focusTarget.current;
    if (!target) return;
    focusTarget.current = null;
    const element = document.getElementById(target);
    if (element instanceof HTMLButtonElement && element.disabled) {
      document.getElementById(target.replace(/-(up|down)$/, (_match, way: string) => (way === 'up' ? '-down' : '-up')))?.focus();
    } else element?.focus();
  });

  const save = useMutation({
    mutationFn: async () => {
      const size = new Blob([JSON.stringify(body)]).size;
      if (size > MAX_BODY) {
        throw new Error(
          `The new pictures make this change ${kB(size)}, over the 1,024 kB the service takes at once. Save with fewer new pictures, then add the others.`,
        );
      }
      if (editing) {
        await api.PUT('/bio/{id}/update', { params: { path: { id: editing.id } }, body });
        return editing.id;
      }
      return (await api.POST('/bio/add', { body })).data.id;
    },
    onSuccess: (id) => {
      void queryClient.invalidateQueries({ queryKey: ['bio-pages'] });
      void queryClient.invalidateQueries({ queryKey: ['bio-page', id] });
      navigate(`/bio/${id}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  // A refusal is of the draft that was sent: once the draft changes, the preview says what holds now.
  const resetSave = save.reset;
  useEffect(() => resetSave(), [draft, resetSave]);

  // The API's last word on the draft: the save's refusal, else the preview's (shown beside the field it names).
  const problem = save.error ?? preview.error;
  const images = draft.blocks.filter((block) => block.type === 'image').length;
  const full = draft.blocks.length >= MAX_BLOCKS;

  const labelOf = (block: DraftBlock) => {
    const text = 'title' in block && block.title ? block.title : 'text' in block && block.text ? block.text : '';
    return text ? `“${text.length > 40 ? `${text.slice(0, 40)}…` : text}”` : BLOCK_TYPES[block.type].toLowerCase();
  };
  const move = (from: number, to: number, way?: 'up' | 'down') => {
    if (to < 0 || to >= draft.blocks.length || from === to) return;
    const block = draft.blocks[from]!;
    const blocks = [...draft.blocks];
    blocks.splice(from, 1);
    blocks.splice(to, 0, block);
    set('blocks', blocks);
    setAnnouncement(`Moved ${labelOf(block)} to position ${to + 1} of ${blocks.length}.`);
    if (way) setFocusTarget(`block-${block.key}-${way}`);
  };
  const add = (type: BlockType) => {
    if (full) return;
    const block = emptyBlock(type);
    set('blocks', [...draft.blocks, block]);
    setAnnouncement(`Added block ${draft.blocks.length + 1} of ${draft.blocks.length + 1}: ${BLOCK_TYPES[type]}.`);
    setFocusTarget(`block-${block.key}-first`);
  };
  const remove = (index: number) => {
    const block = draft.blocks[index]!;
    const blocks = draft.blocks.filter((_, i) => i !== index);
    set('blocks', blocks);
    setAnnouncement(`Removed ${labelOf(block)}. ${blocks.length === 1 ? 'One block left.' : `${blocks.length} blocks left.`}`);
    const next = blocks[index] ?? blocks[index - 1];
    setFocusTarget(next ? `block-${next.key}-remove` : 'add-block-title');
  };
  const choose = async (file: File | undefined, kind: keyof typeof LONGEST_SIDE): Promise<Upload | null> => {
    if (!file) return null;
    const upload = await readPicture(file, LONGEST_SIDE[kind]);
    uploads.current.add(upload.url);
    return upload;
  };

  const heading = editing ? `Edit ${editing.name}` : 'New bio page';
  return (
    <main id="main" className="wide">
      <p className="crumbs">
        <Link to="/bio">Bio pages</Link> /
      </p>
      <h1 tabIndex={-1}>
        <bdi>{heading}</bdi>
      </h1>
      <p className="to-preview">
        <a href="#bio-preview">Go to the preview</a>
      </p>
      <div className="bio-editor">
        <form onSubmit={submit} className="link-form bio-form" noValidate aria-label={heading}>
          <Section title="The page">
            <Field
              id="bio-name"
              label="Name"
              help="For your lists; not shown on the page. 1 to 100 characters."
              error={problem}
              names={['name']}
            >
              <input value={draft.name} maxLength={100} required onChange={(e) => set('name', e.target.value)} />
            </Field>
            <div className="two">
              <Field id="bio-domain" label="Domain" error={problem} names={['domain']}>
                <select value={draft.domain} onChange={(e) => set('domain', e.target.value)}>
                  <option value="">The service&apos;s own address</option>
                  {domains.data?.map((domain) => (
                    <option key={domain.id} value={domain.domain}>
                      {domain.domain}
                    </option>
                  ))}
                </select>
              </Field>
              <Field
                id="bio-alias"
                label="Alias"
                help="The page's address on its domain: 3 to 50 letters, digits, _ or -. Empty: one is chosen for you."
                error={problem}
                names={['alias']}
              >
                <input value={draft.alias} maxLength={50} autoComplete="off" onChange={(e) => set('alias', e.target.value)} />
              </Field>
            </div>
            <Field id="bio-title" label="Title" help="The heading of the page; the name when empty." error={problem} names={['title']}>
              <input value={draft.title} maxLength={100} onChange={(e) => set('title', e.target.value)} />
            </Field>
            <Field
              id="bio-description"
              label="Description"
              help="Up to 500 characters; line breaks are kept."
              error={problem}
              names={['description']}
            >
              <textarea value={draft.description} maxLength={500} onChange={(e) => set('description', e.target.value)} />
            </Field>
            <PictureField
              id="bio-avatar"
              label="Avatar"
              help="The picture at the top, made 400 × 400 pixels. PNG, JPEG, WebP or GIF."
              value={draft.avatar}
              stored={editing?.avatar ?? null}
              error={problem}
              names={['avatar']}
              onChoose={async (file) => {
                const upload = await choose(file, 'avatar');
                if (upload) set('avatar', { kind: 'new', upload });
              }}
              onRemove={() => set('avatar', editing?.avatar ? { kind: 'removed' } : { kind: 'stored' })}
              onKeep={() => set('avatar', { kind: 'stored' })}
            />
            <label className="inline">
              <input type="checkbox" checked={draft.public} onChange={(e) => set('public', e.target.checked)} /> Public: the page is served
              at its address (a private page answers “not found”)
            </label>
          </Section>

          <Section title="Theme">
            <div className="colors">
              <Color
                id="theme-background"
                label="Background"
                value={draft.theme.background}
                onChange={(value) => setTheme('background', value)}
                error={problem}
              />
              <Color id="theme-text" label="Text" value={draft.theme.text} onChange={(value) => setTheme('text', value)} error={problem} />
              <Color
                id="theme-button"
                label="Buttons"
                value={draft.theme.button}
                onChange={(value) => setTheme('button', value)}
                error={problem}
              />
              <Color
                id="theme-buttonText"
                label="Text of the buttons"
                value={draft.theme.buttonText}
                onChange={(value) => setTheme('buttonText', value)}
                error={problem}
              />
            </div>
            {fieldError(problem, ['theme']) && (
              <p id="theme-error" className="error field-error" role="alert">
                <bdi>{fieldError(problem, ['theme'])}</bdi>
              </p>
            )}
            <p className="help">Text must stand out from what is behind it (a contrast of 4.5:1 at least), so everyone can read it.</p>
            <div className="two">
              <Field id="theme-buttonShape" label="Buttons' shape">
                <select value={draft.theme.buttonShape} onChange={(e) => setTheme('buttonShape', e.target.value as Theme['buttonShape'])}>
                  {entries(BUTTON_SHAPES).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id="theme-font" label="Font" help="A font of the visitor's device: nothing is downloaded.">
                <select value={draft.theme.font} onChange={(e) => setTheme('font', e.target.value as Theme['font'])}>
                  {entries(FONTS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
          </Section>

          <Section title={`Blocks (${draft.blocks.length} of ${MAX_BLOCKS})`}>
            {exactly(problem, 'blocks') && (
              <p className="error field-error" role="alert">
                <bdi>{exactly(problem, 'blocks')}</bdi>
              </p>
            )}
            <p className="help">
              Move a block with its Move up and Move down buttons, or drag it by its handle. Buttons and social icons count their clicks.
            </p>
            <p className="visually-hidden" role="status" aria-live="polite">
              {announcement}
            </p>
            {draft.blocks.length === 0 ? (
              <p className="muted">No blocks yet: add the first one below.</p>
            ) : (
              <BlockList
                blocks={draft.blocks}
                problem={problem}
                onMove={move}
                onRemove={remove}
                onChange={setBlock}
                onChoose={(file) => choose(file, 'image')}
                labelOf={labelOf}
              />
            )}
            <fieldset className="add-block">
              <legend id="add-block-title" tabIndex={-1}>
                Add a block
              </legend>
              {full ? (
                <p className="notice" role="status">
                  A page holds at most {MAX_BLOCKS} blocks: remove one to add another.
                </p>
              ) : (
                <div className="actions">
                  {entries(BLOCK_TYPES).map(([type, label]) => (
                    <button
                      key={type}
                      type="button"
                      className="secondary small"
                      onClick={() => add(type)}
                      disabled={type === 'image' && images >= MAX_IMAGES}
                      aria-label={`Add a block: ${label}`}
                    >
                      {label}
                    </button>
                  ))}
                </div>
              )}
              {images >= MAX_IMAGES && <p className="help">A page shows at most {MAX_IMAGES} images.</p>}
            </fieldset>
          </Section>

          <Section title="Search engines and link previews">
            <Field
              id="seo-title"
              label="Title in search results and previews"
              help="The page's title when empty."
              error={problem}
              names={['seo.title']}
            >
              <input value={draft.seoTitle} maxLength={100} onChange={(e) => set('seoTitle', e.target.value)} />
            </Field>
            <Field
              id="seo-description"
              label="Description in search results and previews"
              help="The page's description when empty. Up to 300 characters."
              error={problem}
              names={['seo.description']}
            >
              <textarea value={draft.seoDescription} maxLength={300} onChange={(e) => set('seoDescription', e.target.value)} />
            </Field>
            <PictureField
              id="seo-image"
              label="Image in link previews"
              help="Made 1200 × 630 pixels; the avatar when there is none."
              value={draft.seoImage}
              stored={editing?.seo.image ?? null}
              error={problem}
              names={['seo.image']}
              onChoose={async (file) => {
                const upload = await choose(file, 'preview');
                if (upload) set('seoImage', { kind: 'new', upload });
              }}
              onRemove={() => set('seoImage', editing?.seo.image ? { kind: 'removed' } : { kind: 'stored' })}
              onKeep={() => set('seoImage', { kind: 'stored' })}
            />
            <Field
              id="bio-language"
              label="Language of the page"
              help="A language tag: en, fr, pt-BR…"
              error={problem}
              names={['language']}
            >
              <input value={draft.language} maxLength={35} onChange={(e) => set('language', e.target.value)} />
            </Field>
          </Section>

          <Section title="Pixels">
            <fieldset className="checks" aria-describedby={fieldError(problem, ['pixels']) ? 'pixels-error' : undefined}>
              <legend className="visually-hidden">Pixels loaded on the page</legend>
              {pixels.isPending ? (
                <Loading label="Loading your pixels" />
              ) : pixels.data?.length ? (
                pixels.data.map((pixel) => (
                  <label key={pixel.id} className="inline">
                    <input
                      type="checkbox"
                      checked={draft.pixels.includes(pixel.id)}
                      onChange={(e) =>
                        set('pixels', e.target.checked ? [...draft.pixels, pixel.id] : draft.pixels.filter((other) => other !== pixel.id))
                      }
                    />{' '}
                    <bdi>{pixel.name}</bdi> ({pixel.type})
                  </label>
                ))
              ) : (
                <p className="muted">
                  The account has no pixels. <Link to="/pixels">Add one</Link>
                </p>
              )}
            </fieldset>
            {fieldError(problem, ['pixels']) && (
              <p id="pixels-error" className="error field-error" role="alert">
                <bdi>{fieldError(problem, ['pixels'])}</bdi>
              </p>
            )}
            <p className="help">Pixels load on the public page only, not in the preview.</p>
          </Section>

          {save.isError && !fieldError(save.error, FIELDS) && (
            <p className="error" role="alert">
              <bdi>{errorMessage(save.error)}</bdi>
            </p>
          )}
          <div className="actions">
            <button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : editing ? 'Save changes' : 'Create the page'}
            </button>
            <Link to={editing ? `/bio/${editing.id}` : '/bio'} className="button secondary">
              Cancel
            </Link>
          </div>
        </form>
        <PreviewPanel html={preview.html} pending={preview.pending} error={preview.error} />
      </div>
    </main>
  );
}

/** Every field of the form the API may name (a message naming another is shown above the buttons). */
const FIELDS = ['name', 'alias', 'domain', 'title', 'description', 'avatar', 'theme', 'seo', 'language', 'public', 'pixels', 'blocks'];

/**
 * The draft, drawn by the service (`POST /bio/preview`, or `/bio/{id}/preview` for a stored page)
 * once typing pauses; a newer draft cancels the request of an older one. The last page drawn stays
 * while a draft the service refuses is shown (its error is shown beside the field it names).
 */
function usePreview(body: Fields & { name: string }, id: number | undefined) {
  const [state, setState] = useState<{ html: string | null; error: unknown; pending: boolean }>({ html: null, error: null, pending: true });
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState((current) => ({ ...current, pending: true }));
      // A page without a name yet is drawn under a name of the preview's own (the name is not shown on the page).
      const draft = { ...body, name: body.name || 'New bio page' };
      const drawn =
        id === undefined
          ? api.POST('/bio/preview', { body: draft, parseAs: 'text', signal: controller.signal })
          : api.POST('/bio/{id}/preview', { params: { path: { id } }, body: draft, parseAs: 'text', signal: controller.signal });
      drawn.then(
        ({ data }) => setState({ html: data, error: null, pending: false }),
        (error: unknown) => {
          if (!controller.signal.aborted) setState((current) => ({ ...current, error, pending: false }));
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [body, id]);
  return state;
}

/** Sends the page to the preview frame (any origin: a sandboxed frame's is opaque; the page is the user's own draft). */
function showIn(frame: HTMLIFrameElement | null, html: string | null): void {
  if (html !== null) frame?.contentWindow?.postMessage({ bioPreview: html }, '*');
}

/** The preview frame: sandboxed without allow-same-origin (an opaque origin), shown the page the service drew. */
function PreviewPanel({ html, pending, error }: { html: string | null; pending: boolean; error: unknown }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => showIn(frame.current, html), [html]);
  return (
    <aside className="bio-preview" id="bio-preview" aria-labelledby="preview-title" tabIndex={-1}>
      <h2 id="preview-title">Preview</h2>
      <p className="muted small" data-testid="preview-state">
        {html === null && pending
          ? 'Drawing the page…'
          : error
            ? 'The service cannot draw this draft; the preview shows the last one it drew.'
            : pending
              ? 'Updating…'
              : 'As visitors will see it, drawn by the service. Its buttons do not open here.'}
      </p>
      {error !== null && !fieldError(error, FIELDS) && (
        <p className="error small" role="alert">
          <bdi>{isStatus(error, 429) ? `The preview waits: ${errorMessage(error)}` : errorMessage(error)}</bdi>
        </p>
      )}
      <div className="phone">
        <iframe
          ref={frame}
          src={href('/bio-preview.html')}
          sandbox="allow-scripts"
          title="Preview of the page"
          onLoad={() => showIn(frame.current, html)}
        />
      </div>
    </aside>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="section">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

/** A colour, picked or typed as `#RRGGBB`. */
function Color({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: unknown;
}) {
  const [typed, setTyped] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setTyped(value);
  }
  const invalid = fieldError(error, ['theme']) !== null;
  return (
    <div className="color">
      <label htmlFor={id}>{label}</label>
      <div className="color-inputs">
        <input
          id={id}
          type="color"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? 'theme-error' : undefined}
        />
        <input
          id={`${id}-hex`}
          aria-label={`${label} (hexadecimal, #RRGGBB)`}
          value={typed}
          maxLength={7}
          spellCheck={false}
          onChange={(e) => {
            setTyped(e.target.value);
            if (/^#[0-9a-fA-F]{6}$/.test(e.target.value)) onChange(e.target.value.toLowerCase());
          }}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? 'theme-error' : undefined}
        />
      </div>
    </div>
  );
}

/**
 * A file input for a picture, labelled, with what is chosen now, its help and (when the API
 * refused the picture) the API's message beside it.
 */
function PictureInput({
  id,
  label,
  help,
  state,
  thumb,
  error,
  names,
  onFile,
  children,
}: {
  id: string;
  label: string;
  help: string;
  state: string;
  thumb: string | null;
  error: unknown;
  names: string[];
  onFile: (file: File | undefined) => Promise<void>;
  children?: ReactNode;
}) {
  const [reading, setReading] = useState(false);
  const message = fieldError(error, names);
  return (
    <div className="field picture">
      <label htmlFor={id}>{label}</label>
      {thumb && <img src={thumb} alt="" width={64} height={64} className="thumb" />}
      <p className="small" id={`${id}-state`} role="status">
        {reading ? 'Reading the picture…' : state}
      </p>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        disabled={reading}
        aria-describedby={`${id}-state ${id}-help${message ? ` ${id}-error` : ''}`}
        aria-invalid={message ? true : undefined}
        onChange={(e) => {
          const input = e.target;
          setReading(true);
          void onFile(input.files?.[0]).finally(() => {
            setReading(false);
            input.value = '';
          });
        }}
      />
      <p id={`${id}-help`} className="help">
        {help}
      </p>
      {message && (
        <p id={`${id}-error`} className="error field-error" role="alert">
          <bdi>{message}</bdi>
        </p>
      )}
      {children}
    </div>
  );
}

/** A picture of the page (avatar, preview image): keep the stored one, choose a new one, or remove it. */
function PictureField({
  id,
  label,
  help,
  value,
  stored,
  error,
  names,
  onChoose,
  onRemove,
  onKeep,
}: {
  id: string;
  label: string;
  help: string;
  value: Picture;
  stored: string | null;
  error: unknown;
  names: string[];
  onChoose: (file: File | undefined) => Promise<void>;
  onRemove: () => void;
  onKeep: () => void;
}) {
  const state =
    value.kind === 'new'
      ? `New picture: ${value.upload.name} (${kB(value.upload.bytes)}), saved with the page.`
      : value.kind === 'removed'
        ? 'The picture is removed when the page is saved.'
        : stored
          ? 'The page has a picture (see the preview).'
          : 'No picture.';
  return (
    <PictureInput
      id={id}
      label={label}
      help={help}
      state={state}
      thumb={value.kind === 'new' ? value.upload.url : null}
      error={error}
      names={names}
      onFile={onChoose}
    >
      {(value.kind === 'new' || (value.kind === 'stored' && stored)) && (
        <button type="button" className="secondary small" onClick={onRemove}>
          Remove the {label.toLowerCase()}
        </button>
      )}
      {value.kind === 'removed' && (
        <button type="button" className="secondary small" onClick={onKeep}>
          Keep the stored {label.toLowerCase()}
        </button>
      )}
    </PictureInput>
  );
}

/** The blocks in order: each with its fields, moved with buttons (keyboard) or dragged by its handle (mouse). */
function BlockList({
  blocks,
  problem,
  onMove,
  onRemove,
  onChange,
  onChoose,
  labelOf,
}: {
  blocks: DraftBlock[];
  problem: unknown;
  onMove: (from: number, to: number, way?: 'up' | 'down') => void;
  onRemove: (index: number) => void;
  onChange: (key: string, change: (block: DraftBlock) => DraftBlock) => void;
  onChoose: (file: File | undefined) => Promise<Upload | null>;
  labelOf: (block: DraftBlock) => string;
}) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const drop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragging !== null) onMove(dragging, index);
    setDragging(null);
    setOver(null);
  };
  return (
    <ol className="blocks" aria-label="Blocks of the page, in order">
      {blocks.map((block, index) => (
        <li
          key={block.key}
          className={`block-card${over === index && dragging !== null && dragging !== index ? ' drop-target' : ''}${dragging === index ? ' dragging' : ''}`}
          onDragOver={(event) => {
            if (dragging === null) return;
            event.preventDefault();
            setOver(index);
          }}
          onDrop={(event) => drop(event, index)}
          aria-labelledby={`block-${block.key}-heading`}
        >
          <div className="block-head">
            <span
              className="drag-handle"
              draggable
              aria-hidden="true"
              title="Drag to move"
              onDragStart={(event) => {
                setDragging(index);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', block.key);
                const card = event.currentTarget.closest('li');
                if (card) event.dataTransfer.setDragImage(card, 16, 16);
              }}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
            >
              ⠿
            </span>
            <h3 id={`block-${block.key}-heading`}>
              {index + 1}. {BLOCK_TYPES[block.type]}
              {block.id === undefined && (
                <>
                  {' '}
                  <span className="badge">new</span>
                </>
              )}
            </h3>
            <div className="block-tools">
              <button
                id={`block-${block.key}-up`}
                type="button"
                className="secondary small"
                disabled={index === 0}
                onClick={() => onMove(index, index - 1, 'up')}
              >
                Move up
                <span className="visually-hidden">
                  {' '}
                  block {index + 1}, {labelOf(block)}
                </span>
              </button>
              <button
                id={`block-${block.key}-down`}
                type="button"
                className="secondary small"
                disabled={index === blocks.length - 1}
                onClick={() => onMove(index, index + 1, 'down')}
              >
                Move down
                <span className="visually-hidden">
                  {' '}
                  block {index + 1}, {labelOf(block)}
                </span>
              </button>
              <button id={`block-${block.key}-remove`} type="button" className="danger small" onClick={() => onRemove(index)}>
                Remove
                <span className="visually-hidden">
                  {' '}
                  block {index + 1}, {labelOf(block)}
                </span>
              </button>
            </div>
          </div>
          {exactly(problem, `blocks.${index}`) && (
            <p className="error field-error" role="alert">
              <bdi>{exactly(problem, `blocks.${index}`)}</bdi>
            </p>
          )}
          <BlockFields
            block={block}
            index={index}
            problem={problem}
            onChange={(change) => onChange(block.key, change)}
            onChoose={onChoose}
          />
        </li>
      ))}
    </ol>
  );
}

function BlockFields({
  block,
  index,
  problem,
  onChange,
  onChoose,
}: {
  block: DraftBlock;
  index: number;
  problem: unknown;
  onChange: (change: (block: DraftBlock) => DraftBlock) => void;
  onChoose: (file: File | undefined) => Promise<Upload | null>;
}) {
  const id = (field: string) => `block-${block.key}-${field}`;
  const first = `block-${block.key}-first`;
  const names = (field: string) => [`blocks.${index}.${field}`];
  const update = (change: Partial<DraftBlock>) => onChange((current) => ({ ...current, ...change }) as DraftBlock);
  switch (block.type) {
    case 'link':
      return (
        <div className="two">
          <Field id={first} label={`Button text (block ${index + 1})`} error={problem} names={names('title')}>
            <input value={block.title} maxLength={100} onChange={(e) => update({ title: e.target.value })} />
          </Field>
          <Field
            id={id('url')}
            label={`Address it opens (block ${index + 1})`}
            help="An http or https address."
            error={problem}
            names={names('url')}
          >
            <input type="url" value={block.url} onChange={(e) => update({ url: e.target.value })} placeholder="https://" />
          </Field>
          <Field id={id('icon')} label={`Icon (block ${index + 1})`} error={problem} names={names('icon')}>
            <select value={block.icon} onChange={(e) => update({ icon: e.target.value as Icon | '' })}>
              <option value="">None</option>
              {entries(ICONS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
        </div>
      );
    case 'heading':
      return (
        <Field id={first} label={`Heading (block ${index + 1})`} help="Up to 100 characters." error={problem} names={names('text')}>
          <input value={block.text} maxLength={100} onChange={(e) => update({ text: e.target.value })} />
        </Field>
      );
    case 'text':
      return (
        <Field
          id={first}
          label={`Text (block ${index + 1})`}
          help="Up to 1,000 characters; line breaks are kept."
          error={problem}
          names={names('text')}
        >
          <textarea value={block.text} maxLength={1000} onChange={(e) => update({ text: e.target.value })} />
        </Field>
      );
    case 'image':
      return (
        <div className="two">
          <ImageField
            block={block}
            index={index}
            problem={problem}
            first={first}
            onChoose={onChoose}
            onChange={(upload) => update({ upload })}
          />
          <Field
            id={id('alt')}
            label={`What the image shows (block ${index + 1})`}
            help="For those who cannot see it; empty for a decorative image."
            error={problem}
            names={names('alt')}
          >
            <input value={block.alt} maxLength={200} onChange={(e) => update({ alt: e.target.value })} />
          </Field>
        </div>
      );
    case 'social':
      return (
        <fieldset className="social-links">
          <legend className="visually-hidden">Profiles of block {index + 1}</legend>
          {exactly(problem, `blocks.${index}.links`) && (
            <p className="error field-error" role="alert">
              <bdi>{exactly(problem, `blocks.${index}.links`)}</bdi>
            </p>
          )}
          {block.links.map((link, position) => (
            <div className="row" key={link.key}>
              <Field
                id={position === 0 ? first : id(`network-${link.key}`)}
                label={`Network ${position + 1} (block ${index + 1})`}
                error={problem}
                names={names(`links.${position}.network`)}
              >
                <select
                  value={link.network}
                  onChange={(e) =>
                    update({
                      links: block.links.map((item) => (item.key === link.key ? { ...item, network: e.target.value as Network } : item)),
                    })
                  }
                >
                  {entries(NETWORKS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </Field>
              <Field
                id={id(`url-${link.key}`)}
                label={`Profile address ${position + 1} (block ${index + 1})`}
                error={problem}
                names={names(`links.${position}.url`)}
              >
                <input
                  type="url"
                  value={link.url}
                  placeholder="https://"
                  onChange={(e) =>
                    update({ links: block.links.map((item) => (item.key === link.key ? { ...item, url: e.target.value } : item)) })
                  }
                />
              </Field>
              <button
                type="button"
                className="secondary small"
                disabled={block.links.length === 1}
                onClick={() => update({ links: block.links.filter((item) => item.key !== link.key) })}
                aria-label={`Remove profile ${position + 1} of block ${index + 1}`}
              >
                Remove
              </button>
            </div>
          ))}
          <button
            type="button"
            className="secondary small"
            disabled={block.links.length >= MAX_SOCIAL_LINKS}
            onClick={() => update({ links: [...block.links, { key: newKey(), network: 'website', url: '' }] })}
          >
            Add a profile<span className="visually-hidden"> to block {index + 1}</span>
          </button>
        </fieldset>
      );
    case 'embed':
      return (
        <Field
          id={first}
          label={`Address of the video, track or list (block ${index + 1})`}
          help="A YouTube video or playlist, a Vimeo video, a Spotify track, album, playlist, episode, show or artist, a SoundCloud track or set."
          error={problem}
          names={names('url')}
        >
          <input
            type="url"
            value={block.url}
            onChange={(e) => update({ url: e.target.value })}
            placeholder="https://www.youtube.com/watch?v=…"
          />
        </Field>
      );
    case 'contact':
      return (
        <div className="two">
          <Field id={first} label={`E-mail address (block ${index + 1})`} error={problem} names={names('email')}>
            <input type="email" value={block.email} onChange={(e) => update({ email: e.target.value })} />
          </Field>
          <Field
            id={id('title')}
            label={`Button text (block ${index + 1})`}
            help="“Contact” when empty."
            error={problem}
            names={names('title')}
          >
            <input value={block.title} maxLength={100} onChange={(e) => update({ title: e.target.value })} />
          </Field>
          <Field id={id('subject')} label={`Subject of the e-mail (block ${index + 1})`} error={problem} names={names('subject')}>
            <input value={block.subject} maxLength={200} onChange={(e) => update({ subject: e.target.value })} />
          </Field>
        </div>
      );
  }
}

function ImageField({
  block,
  index,
  problem,
  first,
  onChoose,
  onChange,
}: {
  block: Extract<DraftBlock, { type: 'image' }>;
  index: number;
  problem: unknown;
  first: string;
  onChoose: (file: File | undefined) => Promise<Upload | null>;
  onChange: (upload: Upload) => void;
}) {
  const state = block.upload
    ? `New picture: ${block.upload.name} (${kB(block.upload.bytes)}), saved with the page.`
    : block.id !== undefined
      ? 'The stored picture (see the preview); choose a file to replace it.'
      : 'No picture yet: a new image block needs one.';
  return (
    <PictureInput
      id={first}
      label={`Picture (block ${index + 1})`}
      help="PNG, JPEG, WebP or GIF; made at most 1200 pixels wide."
      state={state}
      thumb={block.upload?.url ?? null}
      error={problem}
      names={[`blocks.${index}.image`]}
      onFile={async (file) => {
        const upload = await onChoose(file);
        if (upload) onChange(upload);
      }}
    />
  );
}
