import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api, errorMessage } from '../../api';
import type { Range } from '../../components/StatsControls';
import { QrCodeCard } from '../../components/QrCodeCard';
import { saveFile } from '../../format';
import type { LinkDetails } from '../../resources/links';

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
  const [format, setFormat] = useState<'csv' | 'ndjson'>('csv');
  const exporting = useMutation({
    mutationFn: async () => {
      const { data } = await api.GET('/url/{id}/clicks', {
        params: { path: { id }, query: { from: range.from, to: range.to, tz: range.tz, format } },
        parseAs: 'blob',
      });
      saveFile(data, `${alias}-clicks-${range.from}.${format === 'csv' ? 'csv' : 'ndjson'}`);
    },
  });
  return (
    <section aria-labelledby="export-title" className="card">
      <h2 id="export-title">Raw clicks</h2>
      <p className="small">
        Every click of the range above still kept, one per line: date, country, referrer, browser, system, device and UTM values.
      </p>
      <div className="field">
        <label htmlFor="export-format">Format</label>
        <select id="export-format" value={format} onChange={(e) => setFormat(e.target.value as 'csv' | 'ndjson')}>
          <option value="csv">CSV (spreadsheets)</option>
          <option value="ndjson">NDJSON (one JSON object a line)</option>
        </select>
      </div>
      <button type="button" className="secondary" onClick={() => exporting.mutate()} disabled={exporting.isPending}>
        {exporting.isPending ? 'Exporting…' : 'Export clicks'}
      </button>
      {exporting.isError && (
        <p className="error" role="alert">
          {errorMessage(exporting.error)}
        </p>
      )}
    </section>
  );
}
