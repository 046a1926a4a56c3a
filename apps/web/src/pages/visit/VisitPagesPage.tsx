import { useEffect, useRef, useState } from 'react';
import { ListPage, type Column } from '../../components/ListPage';
import { PreviewFrame, apiPage } from '../../components/PreviewFrame';
import { formatApiDate } from '../../format';
import type { ListSource, PageInfo } from '../../resources/hooks';
import { overlayList, splashList } from '../../resources/visit-pages';
import { OverlayForm } from './OverlayForm';
import { SplashForm } from './SplashForm';

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
      <VisitList of="overlay" />
      <VisitList of="splash" />
    </main>
  );
}

type Named = { id: number; name: string };
/** A row of either list (an overlay has a type, message or contact). */
type Row = Named & { date: string; type?: string };

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

/** The two kinds of page, each listed with its preview. */
const KINDS = {
  overlay: {
    source: overlayList,
    title: 'CTA overlays',
    label: 'Overlays',
    empty: 'No overlays yet. An overlay shows a message and a button over the destination page.',
    form: OverlayForm,
    kind: (item: Row) => (item.type === 'contact' ? 'Contact' : 'Message'),
    preview: (id: number) => apiPage('/overlay/{id}/preview', { id }),
    note: "Shown over the link's destination; here over an empty page.",
  },
  splash: {
    source: splashList,
    title: 'Splash pages',
    label: 'Splash pages',
    empty: 'No splash pages yet. A splash page is shown for a few seconds before the destination.',
    form: SplashForm,
    kind: () => 'Splash page',
    preview: (id: number) => apiPage('/splash/{id}/preview', { id }),
    note: "A visitor goes on to the link's destination after the page's delay; the preview stays.",
  },
};

const deleteText = (item: Named) => (
  <>
    <bdi>{item.name}</bdi>: the links that show it go straight to their destination.
  </>
);

/** The overlays, or the splash pages: their list, and the preview of one. */
function VisitList({ of }: { of: keyof typeof KINDS }) {
  const kind = KINDS[of];
  const [previewing, setPreviewing] = useState<Named | null>(null);
  const columns: Column<Row>[] = [
    { header: 'Name', className: 'strong', cell: (item) => <bdi>{item.name}</bdi> },
    { header: 'Kind', cell: kind.kind },
    { header: 'Created', cell: (item) => formatApiDate(item.date) },
  ];
  const actions = (item: Named) => (
    <button type="button" className="small secondary" onClick={() => setPreviewing(item)} aria-label={`Preview ${item.name}`}>
      Preview
    </button>
  );
  // Both lists' records are rows of this shape: one list page serves them.
  const source = kind.source as unknown as ListSource<Row, PageInfo>;
  return (
    <section aria-label={kind.title}>
      <ListPage
        source={source}
        title={kind.title}
        label={kind.label}
        level="h2"
        empty={<p>{kind.empty}</p>}
        form={kind.form}
        columns={columns}
        extra={actions}
        removal={{ text: deleteText }}
      >
        {previewing && (
          <PreviewPanel
            title={`Preview of the ${kind.source.noun} ${previewing.name}`}
            src={kind.preview(previewing.id)}
            note={kind.note}
            onClose={() => setPreviewing(null)}
          />
        )}
      </ListPage>
    </section>
  );
}
