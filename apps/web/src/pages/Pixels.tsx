import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage, type Schemas } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Field, formError } from '../components/Field';
import { Pager } from '../components/Pager';
import { Empty, ErrorState, Loading } from '../components/states';
import { formatApiDate } from '../format';

type Pixel = Schemas['Pixel'];
type PixelType = Schemas['PixelType'];

export const VENDORS: Record<PixelType, string> = {
  gtmpixel: 'Google Tag Manager',
  gapixel: 'Google Analytics',
  fbpixel: 'Meta (Facebook)',
  adwordspixel: 'Google Ads',
  linkedinpixel: 'LinkedIn',
  twitterpixel: 'X (Twitter)',
  adrollpixel: 'AdRoll',
  quorapixel: 'Quora',
  pinterest: 'Pinterest',
  bing: 'Microsoft Advertising (Bing)',
  snapchat: 'Snapchat',
  reddit: 'Reddit',
  tiktok: 'TikTok',
};

interface TagRule {
  pattern: string;
  example: string;
  description: string;
}

/**
 * The tag rule of each vendor, read from the service's own API document (`x-tag-rules` of
 * `PixelType`), which is what the service checks tags against: the help beside the field is the rule.
 */
function useTagRules() {
  return useQuery({
    queryKey: ['tag-rules'],
    queryFn: async () => {
      const { data } = await api.GET('/openapi.json');
      const schemas = (data as { components?: { schemas?: Record<string, { 'x-tag-rules'?: Record<string, TagRule> }> } }).components
        ?.schemas;
      return schemas?.PixelType?.['x-tag-rules'] ?? {};
    },
    staleTime: Infinity,
  });
}

/** Pixels: the vendors' tags a link's visit page loads (Google, Meta, LinkedIn, …). */
export default function PixelsPage() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Pixel | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Pixel | null>(null);
  const queryClient = useQueryClient();
  const pixels = useQuery({
    queryKey: ['pixels', page],
    queryFn: async () => (await api.GET('/pixels', { params: { query: { page, limit: 25 } } })).data.data,
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.DELETE('/pixel/{id}/delete', { params: { path: { id } } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['pixels'] }),
  });
  return (
    <main id="main">
      <div className="title-row">
        <h1 tabIndex={-1}>Pixels</h1>
        <button type="button" onClick={() => setEditing('new')}>
          New pixel
        </button>
      </div>
      <p className="muted">
        A pixel is a vendor&apos;s tag loaded when a visitor opens one of the links it is added to (on the link&apos;s form).
      </p>
      {editing && <PixelForm pixel={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      {remove.isError && (
        <p className="error" role="alert">
          {errorMessage(remove.error)}
        </p>
      )}
      {pixels.isPending ? (
        <Loading label="Loading pixels" />
      ) : pixels.isError ? (
        <ErrorState error={pixels.error} retry={() => void pixels.refetch()} />
      ) : pixels.data.pixels.length === 0 ? (
        <Empty>
          <p>No pixels yet.</p>
        </Empty>
      ) : (
        <>
          <div className="table-wrap" role="region" aria-label="Pixels table" tabIndex={0}>
            <table>
              <caption className="visually-hidden">Pixels</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Vendor</th>
                  <th scope="col">Tag</th>
                  <th scope="col">Added</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {pixels.data.pixels.map((pixel) => (
                  <tr key={pixel.id}>
                    <td className="strong">
                      <bdi>{pixel.name}</bdi>
                    </td>
                    <td>{VENDORS[pixel.type] ?? pixel.type}</td>
                    <td>
                      <code>
                        <bdi>{pixel.tag}</bdi>
                      </code>
                    </td>
                    <td>{formatApiDate(pixel.date)}</td>
                    <td>
                      <div className="actions">
                        <button
                          type="button"
                          className="small secondary"
                          onClick={() => setEditing(pixel)}
                          aria-label={`Edit ${pixel.name}`}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="small danger"
                          onClick={() => setDeleting(pixel)}
                          aria-label={`Delete ${pixel.name}`}
                        >
                          Delete
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} info={pixels.data} noun="pixel" onPage={setPage} />
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this pixel?"
        confirm="Delete"
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      >
        <p>
          <bdi>{deleting?.name}</bdi> is removed from every link that loads it.
        </p>
      </ConfirmDialog>
    </main>
  );
}

function PixelForm({ pixel, onDone }: { pixel: Pixel | null; onDone: () => void }) {
  const [type, setType] = useState<PixelType>(pixel?.type ?? 'gtmpixel');
  const [name, setName] = useState(pixel?.name ?? '');
  const [tag, setTag] = useState(pixel?.tag ?? '');
  const rules = useTagRules();
  const rule = rules.data?.[type];
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async () => {
      if (pixel) await api.PUT('/pixel/{id}/update', { params: { path: { id: pixel.id } }, body: { name, tag } });
      else await api.POST('/pixel/add', { body: { type, name, tag } });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['pixels'] });
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const title = pixel ? `Edit ${pixel.name}` : 'New pixel';
  return (
    <form className="card form" onSubmit={submit} aria-label={title}>
      <h2>
        <bdi>{title}</bdi>
      </h2>
      <Field
        id="pixel-type"
        label="Vendor"
        help={pixel ? 'The vendor of a pixel cannot change.' : undefined}
        error={save.error}
        names={['type']}
      >
        <select value={type} onChange={(e) => setType(e.target.value as PixelType)} disabled={pixel !== null}>
          {(Object.keys(VENDORS) as PixelType[]).map((key) => (
            <option key={key} value={key}>
              {VENDORS[key]}
            </option>
          ))}
        </select>
      </Field>
      <Field id="pixel-name" label="Name" help="Your own name for it, 1 to 100 characters." error={save.error} names={['name']}>
        <input required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field
        id="pixel-tag"
        label="Tag (the vendor's ID)"
        help={rule ? `${rule.description}, for example ${rule.example}.` : "The vendor's ID for the pixel."}
        error={save.error}
        names={['tag']}
      >
        <input required maxLength={100} value={tag} onChange={(e) => setTag(e.target.value)} spellCheck={false} autoComplete="off" />
      </Field>
      {formError(save.error, ['type', 'name', 'tag']) !== null && (
        <p className="error" role="alert">
          {errorMessage(save.error)}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {pixel ? 'Save pixel' : 'Create pixel'}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
