import { useState } from 'react';
import { Can } from '../../components/RoleGate';
import { useParams } from '@tanstack/react-router';
import { CopyButton } from '../../components/CopyButton';
import { Stats } from '../../components/Stats';
import { StatsControls } from '../../components/StatsControls';
import { defaultRange, type Range } from '../../resources/stats';
import { formatApiDate, formatNumber } from '../../format';
import { useQr, type QrDetails } from '../../resources/qrs';
import { QrDesigner } from './QrDesigner';
import { TYPES, describeContent } from './qr-design';
import { RecordGate } from '../../components/RecordGate';
import { RecordTitle } from '../../components/RecordTitle';

/** One code: its image as the service draws it, what it holds (where a web-address code sends), downloads, a new design, and its scans over time. */
export default function QrPage() {
  const { id } = useParams({ from: '/qr/$id' });
  const details = useQr(id);
  return (
    <RecordGate query={details} id={id} noun="QR code" list="/qr">
      {(qr) => <QrView qr={qr} updated={details.dataUpdatedAt} />}
    </RecordGate>
  );
}

function QrView({ qr, updated }: { qr: QrDetails; updated: number }) {
  const [range, setRange] = useState<Range>(defaultRange);
  const [redesign, setRedesign] = useState(false);
  // The image's address changes with each save, so the browser shows the new design.
  const version = encodeURIComponent(String(updated));
  const content = describeContent(qr.type, qr.data);
  return (
    <main id="main">
      <RecordTitle list="/qr" name={qr.name} />
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
            <Can operation="updateQr">
              <button type="button" className="secondary" onClick={() => setRedesign((open) => !open)} aria-expanded={redesign}>
                Redesign
              </button>
            </Can>
          </div>
        </section>
        <dl className="facts">
          <dt>Holds</dt>
          <dd>{TYPES[qr.type]}</dd>
          <dt>{qr.type === 'link' ? 'Sends scans to' : 'Content'}</dt>
          <dd className="url">
            {qr.type === 'link' ? (
              <a href={content} target="_blank" rel="noreferrer noopener">
                <bdi>{content}</bdi>
              </a>
            ) : (
              <bdi>{content}</bdi>
            )}
          </dd>
          <dt>Scans</dt>
          <dd>{formatNumber(qr.scans)}</dd>
          <dt>Created</dt>
          <dd>{formatApiDate(qr.date)}</dd>
        </dl>
      </div>
      {redesign && <QrDesigner key={updated} qr={qr} />}
      <h2>Scans over time</h2>
      <p className="muted small">Only web-address codes count scans: the others hold their content and never reach the service.</p>
      <StatsControls range={range} onChange={setRange} />
      <Stats target={{ of: 'qr', id: qr.id }} range={range} title="Scans" noun="scan" />
    </main>
  );
}
