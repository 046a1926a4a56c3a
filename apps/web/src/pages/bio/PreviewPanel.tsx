import { useEffect, useRef, useState } from 'react';
import { api, errorMessage, isStatus } from '../../api';
import { fieldError } from '../../components/Field';
import type { BioBody } from './bio-draft';

/** A pause in typing this long sends the draft to be drawn. */
const PREVIEW_DELAY_MS = 700;

/** Every field of the form the API may name (a message naming another is shown apart from the fields). */
export const FIELDS = [
  'name',
  'alias',
  'domain',
  'title',
  'description',
  'avatar',
  'theme',
  'seo',
  'language',
  'public',
  'pixels',
  'blocks',
];

/**
 * The draft, drawn by the service (`POST /bio/preview`, or `/bio/{id}/preview` for a stored page)
 * once typing pauses; a newer draft cancels the request of an older one. The last page drawn stays
 * while a draft the service refuses is shown (its error is shown beside the field it names).
 */
export function usePreview(body: BioBody, id: number | undefined) {
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
export function PreviewPanel({ html, pending, error }: { html: string | null; pending: boolean; error: unknown }) {
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
          src={`${import.meta.env.BASE_URL}bio-preview.html`}
          sandbox="allow-scripts"
          title="Preview of the page"
          onLoad={() => showIn(frame.current, html)}
        />
      </div>
    </aside>
  );
}
