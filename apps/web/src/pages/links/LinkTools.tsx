import { api } from '../../api';
import type { Range } from '../../resources/stats';
import { QrCodeCard } from '../../components/QrCodeCard';
import { saveFile } from '../../format';
import type { LinkDetails } from '../../resources/links';
import { ExportControls, type ExportFormat } from '../../components/ExportControls';

/** A link's QR code, drawn by the service, and its downloads. */
export function LinkQrCode({ link }: { link: LinkDetails }) {
  return (
    <QrCodeCard
      of={{ resource: 'links', id: link.id }}
      address={link.shorturl}
      name={link.alias}
      note="Scanning it is a visit of the link, counted as a click."
      draw={async (query) => (await api.GET('/url/{id}/qr', { params: { path: { id: link.id }, query }, parseAs: 'blob' })).data}
    />
  );
}

/** The raw clicks of a link in a range, as a file. */
export function ClicksExport({ id, alias, range }: { id: number; alias: string; range: Range }) {
  const download = async (format: ExportFormat) => {
    const { data } = await api.GET('/url/{id}/clicks', {
      params: { path: { id }, query: { from: range.from, to: range.to, tz: range.tz, format } },
      parseAs: 'blob',
    });
    saveFile(data, `${alias}-clicks-${range.from}.${format}`);
  };
  return (
    <section aria-labelledby="export-title" className="card">
      <h2 id="export-title">Raw clicks</h2>
      <p className="small">
        Every click of the range above still kept, one per line: date, country, referrer, browser, system, device and UTM values.
      </p>
      <ExportControls id="export-format" label="Export clicks" download={download} />
    </section>
  );
}
