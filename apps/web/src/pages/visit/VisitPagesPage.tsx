import { useEffect, useRef, useState } from 'react';
import { ListPage } from '../../components/ListPage';
import { PreviewFrame, apiPage } from '../../components/PreviewFrame';
import { formatApiDate } from '../../format';
import { useOverlays, useRemoveOverlay, useRemoveSplash, useSplashPages } from '../../resources/visit-pages';
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
      <Overlays />
      <SplashPages />
    </main>
  );
}

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

const previewButton = (item: Named, preview: (item: Named) => void) => (
  <button type="button" className="small secondary" onClick={() => preview(item)} aria-label={`Preview ${item.name}`}>
    Preview
  </button>
);

function Overlays() {
  const [previewing, setPreviewing] = useState<Named | null>(null);
  return (
    <section aria-label="CTA overlays">
      <ListPage
        title="CTA overlays"
        label="Overlays"
        level="h2"
        noun="overlay"
        usePage={useOverlays}
        records={(data) => data.cta}
        name={(item) => item.name}
        loading="Loading overlays"
        empty={<p>No overlays yet. An overlay shows a message and a button over the destination page.</p>}
        newLabel="New overlay"
        form={({ item, onDone }) => <OverlayForm id={item?.id ?? null} onDone={onDone} />}
        columns={[
          { header: 'Name', className: 'strong', cell: (item) => <bdi>{item.name}</bdi> },
          { header: 'Kind', cell: (item) => (item.type === 'contact' ? 'Contact' : 'Message') },
          { header: 'Created', cell: (item) => formatApiDate(item.date) },
        ]}
        actions={(item) => previewButton(item, setPreviewing)}
        remove={useRemoveOverlay()}
        deleteText={(item) => (
          <>
            <bdi>{item.name}</bdi>: the links that show it go straight to their destination.
          </>
        )}
      >
        {previewing && (
          <PreviewPanel
            title={`Preview of the overlay ${previewing.name}`}
            src={apiPage('/overlay/{id}/preview', { id: previewing.id })}
            note="Shown over the link's destination; here over an empty page."
            onClose={() => setPreviewing(null)}
          />
        )}
      </ListPage>
    </section>
  );
}

function SplashPages() {
  const [previewing, setPreviewing] = useState<Named | null>(null);
  return (
    <section aria-label="Splash pages">
      <ListPage
        title="Splash pages"
        level="h2"
        noun="splash page"
        usePage={useSplashPages}
        records={(data) => data.splash}
        name={(item) => item.name}
        loading="Loading splash pages"
        empty={<p>No splash pages yet. A splash page is shown for a few seconds before the destination.</p>}
        newLabel="New splash page"
        form={({ item, onDone }) => <SplashForm id={item?.id ?? null} onDone={onDone} />}
        columns={[
          { header: 'Name', className: 'strong', cell: (item) => <bdi>{item.name}</bdi> },
          { header: 'Kind', cell: () => 'Splash page' },
          { header: 'Created', cell: (item) => formatApiDate(item.date) },
        ]}
        actions={(item) => previewButton(item, setPreviewing)}
        remove={useRemoveSplash()}
        deleteText={(item) => (
          <>
            <bdi>{item.name}</bdi>: the links that show it go straight to their destination.
          </>
        )}
      >
        {previewing && (
          <PreviewPanel
            title={`Preview of the splash page ${previewing.name}`}
            src={apiPage('/splash/{id}/preview', { id: previewing.id })}
            note="A visitor goes on to the link's destination after the page's delay; the preview stays."
            onClose={() => setPreviewing(null)}
          />
        )}
      </ListPage>
    </section>
  );
}
