import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ErrorAlert } from './FormCard';
import { Field } from './Field';

export type ExportFormat = 'csv' | 'ndjson';

/** A file's format to choose (CSV or NDJSON), and the button that downloads it (`download` fetches and saves it). */
export function ExportControls({ id, label, download }: { id: string; label: string; download: (format: ExportFormat) => Promise<void> }) {
  const [format, setFormat] = useState<ExportFormat>('csv');
  const exporting = useMutation({ mutationFn: () => download(format) });
  return (
    <>
      <Field id={id} label="Format">
        <select value={format} onChange={(e) => setFormat(e.target.value as ExportFormat)}>
          <option value="csv">CSV (spreadsheets)</option>
          <option value="ndjson">NDJSON (one JSON object a line)</option>
        </select>
      </Field>
      <button type="button" className="secondary" onClick={() => exporting.mutate()} disabled={exporting.isPending}>
        {exporting.isPending ? 'Exporting…' : label}
      </button>
      <ErrorAlert error={exporting.error} />
    </>
  );
}
