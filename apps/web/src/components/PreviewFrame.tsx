import { useState } from 'react';
import type { paths, PathsWith } from '@linkyard/client';

type PathParameters<P extends PathsWith<'get'>> = paths[P]['get'] extends { parameters: { path: infer T } } ? T : never;

/**
 * The address of a page the API answers as HTML (a preview), for a frame's `src`: the path is one
 * of the document's (a typo does not compile) and its parameters are the operation's. A frame
 * loads it with the session's cookie, as the page's other API calls send it.
 */
export function apiPage<P extends PathsWith<'get'>>(path: P, parameters: PathParameters<P>): string {
  const values = parameters as Record<string, string | number>;
  return `/l/api${path.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(String(values[name])))}`;
}

/**
 * A page of the public side as a visitor sees it, in a frame that runs it in an opaque origin
 * (`sandbox` without `allow-same-origin`): its scripts run, but cannot reach the dashboard, its
 * session or its API, nor move this page. The service serves it under the same rules
 * (`sandbox allow-scripts`, framed by its own pages only).
 */
export function PreviewFrame({ src, title, note }: { src: string; title: string; note?: string }) {
  const [round, setRound] = useState(0);
  return (
    <div className="preview">
      <iframe key={round} src={src} title={title} sandbox="allow-scripts" referrerPolicy="no-referrer" />
      <div className="actions">
        {note && <p className="small muted">{note}</p>}
        <button
          type="button"
          className="small secondary"
          onClick={() => setRound((value) => value + 1)}
          aria-label={`Show again: ${title}`}
        >
          Show again
        </button>
      </div>
    </div>
  );
}
