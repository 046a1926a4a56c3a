import { useEffect, useRef, useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Field, formError } from '../components/Field';
import { Pager } from '../components/Pager';
import { PreviewFrame, apiPage } from '../components/PreviewFrame';
import { Empty, ErrorState, Loading } from '../components/states';
import { formatApiDate } from '../format';

/**
 * What a visitor may see on the way to a link's destination: CTA overlays (a bar over the
 * destination) and splash pages (a page shown a few seconds first). A link uses one through its
 * "How the link opens" setting.
 */
export default function VisitPagesPage() {
  return (
    <main id="main">
      <h1 tabIndex={-1}>Overlays and splash pages</h1>
      <p className="muted">
        A link can show one of these on the way to its destination: choose it under “How the link opens” on the link&apos;s form.
      </p>
      <Overlays />
      <SplashPages />
    </main>
  );
}

type Editing = number | 'new' | null;

type Named = { id: number; name: string };

/** What a visitor is shown, as the service makes it, in a sandboxed frame; the heading takes the focus when it opens. */
function PreviewPanel({ title, src, note, onClose }: { title: string; src: string; note?: string; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [src]);
  return (
    <section className="card" aria-labelledby="visit-preview-title">
      <div className="title-row">
        <h3 id="visit-preview-title" ref={heading} tabIndex={-1}>
          <bdi>{title}</bdi>
        </h3>
        <button type="button" className="small secondary" onClick={onClose}>
          Close the preview
        </button>
      </div>
      <PreviewFrame src={src} title={title} note={note} />
    </section>
  );
}

function Overlays() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Named | null>(null);
  const [previewing, setPreviewing] = useState<Named | null>(null);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['overlays', page],
    queryFn: async () => (await api.GET('/overlay', { params: { query: { page, limit: 25 } } })).data.data,
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.DELETE('/overlay/{id}/delete', { params: { path: { id } } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['overlays'] }),
  });
  return (
    <section aria-labelledby="overlays-title">
      <div className="title-row">
        <h2 id="overlays-title">CTA overlays</h2>
        <button type="button" onClick={() => setEditing('new')}>
          New overlay
        </button>
      </div>
      {editing !== null && <OverlayForm id={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      {previewing && (
        <PreviewPanel
          title={`Preview of the overlay ${previewing.name}`}
          src={apiPage('/overlay/{id}/preview', { id: previewing.id })}
          note="Shown over the link's destination; here over an empty page."
          onClose={() => setPreviewing(null)}
        />
      )}
      {remove.isError && (
        <p className="error" role="alert">
          {errorMessage(remove.error)}
        </p>
      )}
      {list.isPending ? (
        <Loading label="Loading overlays" />
      ) : list.isError ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : list.data.cta.length === 0 ? (
        <Empty>
          <p>No overlays yet. An overlay shows a message and a button over the destination page.</p>
        </Empty>
      ) : (
        <>
          <Rows
            label="Overlays"
            rows={list.data.cta.map((item) => ({
              id: item.id,
              name: item.name,
              kind: item.type === 'contact' ? 'Contact' : 'Message',
              date: item.date,
            }))}
            onEdit={setEditing}
            onDelete={setDeleting}
            onPreview={setPreviewing}
          />
          <Pager page={page} info={list.data} noun="overlay" onPage={setPage} />
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this overlay?"
        confirm="Delete"
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          if (deleting?.id === previewing?.id) setPreviewing(null);
          setDeleting(null);
        }}
      >
        <p>
          <bdi>{deleting?.name}</bdi>: the links that show it go straight to their destination.
        </p>
      </ConfirmDialog>
    </section>
  );
}

function Rows({
  label,
  rows,
  onEdit,
  onDelete,
  onPreview,
}: {
  label: string;
  rows: { id: number; name: string; kind: string; date: string }[];
  onEdit: (id: number) => void;
  onDelete: (row: Named) => void;
  onPreview: (row: Named) => void;
}) {
  return (
    <div className="table-wrap" role="region" aria-label={`${label} table`} tabIndex={0}>
      <table>
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Kind</th>
            <th scope="col">Created</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="strong">
                <bdi>{row.name}</bdi>
              </td>
              <td>{row.kind}</td>
              <td>{formatApiDate(row.date)}</td>
              <td>
                <div className="actions">
                  <button
                    type="button"
                    className="small secondary"
                    onClick={() => onPreview({ id: row.id, name: row.name })}
                    aria-label={`Preview ${row.name}`}
                  >
                    Preview
                  </button>
                  <button type="button" className="small secondary" onClick={() => onEdit(row.id)} aria-label={`Edit ${row.name}`}>
                    Edit
                  </button>
                  <button type="button" className="small danger" onClick={() => onDelete(row)} aria-label={`Delete ${row.name}`}>
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const OVERLAY_FIELDS = ['type', 'name', 'message', 'label', 'link', 'position', 'color', 'bg', 'email', 'phone'];

function OverlayForm({ id, onDone }: { id: number | null; onDone: () => void }) {
  const current = useQuery({
    queryKey: ['overlay', id],
    queryFn: async () => (await api.GET('/overlay/{id}', { params: { path: { id: id! } } })).data.data,
    enabled: id !== null,
  });
  if (id !== null && current.isPending) return <Loading label="Loading the overlay" />;
  if (id !== null && current.isError) return <ErrorState error={current.error} retry={() => void current.refetch()} />;
  return <OverlayFields key={id ?? 'new'} id={id} initial={current.data} onDone={onDone} />;
}

function OverlayFields({
  id,
  initial,
  onDone,
}: {
  id: number | null;
  initial?: {
    type: 'message' | 'contact';
    name: string;
    message: string;
    label: string;
    link: string;
    position: 'top' | 'bottom';
    color: string;
    bg: string;
    email: string;
    phone: string;
  };
  onDone: () => void;
}) {
  const [form, setForm] = useState(
    initial ?? {
      type: 'message' as 'message' | 'contact',
      name: '',
      message: '',
      label: '',
      link: '',
      position: 'bottom' as 'top' | 'bottom',
      color: '#ffffff',
      bg: '#1f2937',
      email: '',
      phone: '',
    },
  );
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((current) => ({ ...current, [key]: value }));
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async () => {
      const contact = form.type === 'contact';
      const body = {
        type: form.type,
        name: form.name,
        message: form.message,
        label: form.label,
        link: form.link,
        position: form.position,
        color: form.color,
        bg: form.bg,
        ...(contact ? { email: form.email, phone: form.phone } : {}),
      };
      if (id !== null) await api.PUT('/overlay/{id}/update', { params: { path: { id } }, body });
      else await api.POST('/overlay/add', { body });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['overlays'] });
      void queryClient.invalidateQueries({ queryKey: ['overlay', id] });
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const title = id !== null ? `Edit ${initial?.name ?? 'overlay'}` : 'New overlay';
  return (
    <form className="card form" onSubmit={submit} aria-label={title}>
      <h3>
        <bdi>{title}</bdi>
      </h3>
      <fieldset className="choice">
        <legend>Kind</legend>
        <label>
          <input type="radio" name="overlay-type" checked={form.type === 'message'} onChange={() => set('type', 'message')} /> A message
          with a button
        </label>
        <label>
          <input type="radio" name="overlay-type" checked={form.type === 'contact'} onChange={() => set('type', 'contact')} /> A way to
          contact you
        </label>
      </fieldset>
      <Field id="overlay-name" label="Name" help="Yours only, 1 to 100 characters." error={save.error} names={['name']}>
        <input required maxLength={100} value={form.name} onChange={(e) => set('name', e.target.value)} />
      </Field>
      <Field
        id="overlay-message"
        label="Message"
        help="What the visitor reads, 1 to 500 characters."
        error={save.error}
        names={['message']}
      >
        <textarea required maxLength={500} value={form.message} onChange={(e) => set('message', e.target.value)} />
      </Field>
      <div className="two">
        <Field id="overlay-label" label="Button text" help="Up to 50 characters; empty for no button." error={save.error} names={['label']}>
          <input maxLength={50} value={form.label} onChange={(e) => set('label', e.target.value)} />
        </Field>
        <Field id="overlay-link" label="Button leads to" error={save.error} names={['link']}>
          <input type="url" value={form.link} onChange={(e) => set('link', e.target.value)} />
        </Field>
      </div>
      {form.type === 'contact' && (
        <div className="two">
          <Field id="overlay-email" label="Contact e-mail" error={save.error} names={['email']}>
            <input type="email" required value={form.email} onChange={(e) => set('email', e.target.value)} />
          </Field>
          <Field id="overlay-phone" label="Contact phone (optional)" error={save.error} names={['phone']}>
            <input type="tel" value={form.phone} onChange={(e) => set('phone', e.target.value)} />
          </Field>
        </div>
      )}
      <div className="two">
        <Field id="overlay-position" label="Where" error={save.error} names={['position']}>
          <select value={form.position} onChange={(e) => set('position', e.target.value as 'top' | 'bottom')}>
            <option value="bottom">At the bottom</option>
            <option value="top">At the top</option>
          </select>
        </Field>
        <Field id="overlay-color" label="Text colour" error={save.error} names={['color']}>
          <input type="color" value={form.color} onChange={(e) => set('color', e.target.value)} />
        </Field>
        <Field id="overlay-bg" label="Background colour" error={save.error} names={['bg']}>
          <input type="color" value={form.bg} onChange={(e) => set('bg', e.target.value)} />
        </Field>
      </div>
      {formError(save.error, OVERLAY_FIELDS) !== null && (
        <p className="error" role="alert">
          {errorMessage(save.error)}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {id !== null ? 'Save overlay' : 'Create overlay'}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function SplashPages() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Named | null>(null);
  const [previewing, setPreviewing] = useState<Named | null>(null);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['splashes', page],
    queryFn: async () => (await api.GET('/splash', { params: { query: { page, limit: 25 } } })).data.data,
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.DELETE('/splash/{id}/delete', { params: { path: { id } } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['splashes'] }),
  });
  return (
    <section aria-labelledby="splash-title">
      <div className="title-row">
        <h2 id="splash-title">Splash pages</h2>
        <button type="button" onClick={() => setEditing('new')}>
          New splash page
        </button>
      </div>
      {editing !== null && <SplashForm id={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      {previewing && (
        <PreviewPanel
          title={`Preview of the splash page ${previewing.name}`}
          src={apiPage('/splash/{id}/preview', { id: previewing.id })}
          note="A visitor goes on to the link's destination after the page's delay; the preview stays."
          onClose={() => setPreviewing(null)}
        />
      )}
      {remove.isError && (
        <p className="error" role="alert">
          {errorMessage(remove.error)}
        </p>
      )}
      {list.isPending ? (
        <Loading label="Loading splash pages" />
      ) : list.isError ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : list.data.splash.length === 0 ? (
        <Empty>
          <p>No splash pages yet. A splash page is shown for a few seconds before the destination.</p>
        </Empty>
      ) : (
        <>
          <Rows
            label="Splash pages"
            rows={list.data.splash.map((item) => ({ id: item.id, name: item.name, kind: 'Splash page', date: item.date }))}
            onEdit={setEditing}
            onDelete={setDeleting}
            onPreview={setPreviewing}
          />
          <Pager page={page} info={list.data} noun="splash page" onPage={setPage} />
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this splash page?"
        confirm="Delete"
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          if (deleting?.id === previewing?.id) setPreviewing(null);
          setDeleting(null);
        }}
      >
        <p>
          <bdi>{deleting?.name}</bdi>: the links that show it go straight to their destination.
        </p>
      </ConfirmDialog>
    </section>
  );
}

function SplashForm({ id, onDone }: { id: number | null; onDone: () => void }) {
  const current = useQuery({
    queryKey: ['splash', id],
    queryFn: async () => (await api.GET('/splash/{id}', { params: { path: { id: id! } } })).data.data,
    enabled: id !== null,
  });
  if (id !== null && current.isPending) return <Loading label="Loading the splash page" />;
  if (id !== null && current.isError) return <ErrorState error={current.error} retry={() => void current.refetch()} />;
  return <SplashFields key={id ?? 'new'} id={id} initial={current.data} onDone={onDone} />;
}

function SplashFields({
  id,
  initial,
  onDone,
}: {
  id: number | null;
  initial?: { name: string; title: string; text: string; image: string; delay: number };
  onDone: () => void;
}) {
  const [form, setForm] = useState(initial ?? { name: '', title: '', text: '', image: '', delay: 5 });
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((current) => ({ ...current, [key]: value }));
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async () => {
      const body = { name: form.name, title: form.title, text: form.text, image: form.image, delay: form.delay };
      if (id !== null) await api.PUT('/splash/{id}/update', { params: { path: { id } }, body });
      else await api.POST('/splash/add', { body });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['splashes'] });
      void queryClient.invalidateQueries({ queryKey: ['splash', id] });
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const title = id !== null ? `Edit ${initial?.name ?? 'splash page'}` : 'New splash page';
  return (
    <form className="card form" onSubmit={submit} aria-label={title}>
      <h3>
        <bdi>{title}</bdi>
      </h3>
      <Field id="splash-name" label="Name" help="Yours only, 1 to 100 characters." error={save.error} names={['name']}>
        <input required maxLength={100} value={form.name} onChange={(e) => set('name', e.target.value)} />
      </Field>
      <Field id="splash-title-field" label="Heading" help="1 to 200 characters." error={save.error} names={['title']}>
        <input required maxLength={200} value={form.title} onChange={(e) => set('title', e.target.value)} />
      </Field>
      <Field id="splash-text" label="Text" help="Up to 2,000 characters." error={save.error} names={['text']}>
        <textarea maxLength={2000} value={form.text} onChange={(e) => set('text', e.target.value)} />
      </Field>
      <Field id="splash-image" label="Image address (optional)" error={save.error} names={['image']}>
        <input type="url" value={form.image} onChange={(e) => set('image', e.target.value)} />
      </Field>
      <Field id="splash-delay" label="Seconds before going on" help="0 to 60." error={save.error} names={['delay']}>
        <input type="number" min={0} max={60} value={form.delay} onChange={(e) => set('delay', Number(e.target.value))} />
      </Field>
      {formError(save.error, ['name', 'title', 'text', 'image', 'delay']) !== null && (
        <p className="error" role="alert">
          {errorMessage(save.error)}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {id !== null ? 'Save splash page' : 'Create splash page'}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
