import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { detectImportSource, IMPORT_SOURCES, readImport, SOURCE_NAMES, type ImportRecord, type ImportSource } from '@linkyard/formats';
import { api, errorMessage, type Schemas } from '../../api';
import { Field } from '../../components/Field';
import { formatNumber, plural } from '../../format';
import { useWrite } from '../../resources/hooks';
import { DataTable } from '../../components/DataTable';

type ImportResult = Schemas['ImportResult'];

interface Progress {
  done: number;
  total: number;
}

/**
 * The file is read here, in the page, by the same readers the service uses (@linkyard/formats),
 * then sent in chunks in Linkyard's own shape: the bar moves as each chunk is answered.
 */
export function ImportLinks() {
  const [file, setFile] = useState<File | null>(null);
  const [from, setFrom] = useState<ImportSource | ''>('');
  const [progress, setProgress] = useState<Progress | null>(null);
  const run = useWrite(
    'links',
    async () => {
      if (!file) throw new Error('Choose a file first.');
      const text = await file.text();
      const source = from || detectImportSource(text);
      if (!source) throw new Error(`Cannot tell which shortener this file comes from: choose it under “Exported from”.`);
      const records: ImportRecord[] = readImport(source, text);
      const accepted = records.filter((record): record is Extract<ImportRecord, { link: unknown }> => 'link' in record);
      const results: ImportResult[] = records.flatMap((record) =>
        'link' in record ? [] : [{ line: record.line, result: 'failed' as const, field: null, message: record.error }],
      );
      const size = Math.min(1000, Math.max(100, Math.ceil(accepted.length / 10)));
      setProgress({ done: 0, total: accepted.length });
      for (let start = 0; start < accepted.length; start += size) {
        const chunk = accepted.slice(start, start + size);
        const { data } = await api.POST('/urls/import', {
          params: { query: { from: 'linkyard' } },
          body: chunk.map((record) => `${JSON.stringify(record.link)}\n`).join(''),
          bodySerializer: (body: string) => body,
          headers: { 'Content-Type': 'application/x-ndjson' },
        });
        // `line` is the record's line in the chunk sent: its line in the file is the reader's.
        for (const result of data.data.results) results.push({ ...result, line: chunk[result.line - 1]?.line ?? result.line });
        setProgress({ done: Math.min(accepted.length, start + chunk.length), total: accepted.length });
      }
      results.sort((a, b) => a.line - b.line);
      return { source, total: records.length, results };
    },
    { onMutate: () => setProgress(null) },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run.mutate();
  };
  const percent = progress ? (progress.total === 0 ? 100 : Math.round((progress.done / progress.total) * 100)) : 0;
  const count = (outcome: ImportResult['result']) => run.data?.results.filter((result) => result.result === outcome).length ?? 0;
  return (
    <section className="card" aria-labelledby="import-title">
      <h2 id="import-title">Import</h2>
      <p className="small">
        The export of Bitly (CSV, or its API&apos;s JSON), Kutt (its API&apos;s JSON), Shlink (CSV or JSON), YOURLS (CSV or its API&apos;s
        JSON) or Linkyard (CSV or NDJSON), up to 10,000 links. A link keeps its alias when it is free; a taken alias gets a new one.
      </p>
      <form onSubmit={submit} aria-label="Import a file">
        <div className="two">
          <Field id="import-file" label="File">
            <input
              type="file"
              accept=".csv,.json,.ndjson,.txt,text/csv,application/json"
              required
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </Field>
          <Field id="import-from" label="Exported from" help="Recognised from the file when left on “Recognise”.">
            <select value={from} onChange={(e) => setFrom(e.target.value as ImportSource | '')}>
              <option value="">Recognise</option>
              {IMPORT_SOURCES.map((source) => (
                <option key={source} value={source}>
                  {SOURCE_NAMES[source]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <button type="submit" disabled={!file || run.isPending}>
          {run.isPending ? 'Importing…' : 'Import'}
        </button>
      </form>
      {progress && (
        <div className="progress">
          <label htmlFor="import-progress">Imported</label>
          <progress id="import-progress" max={100} value={percent}>
            {percent}%
          </progress>
          <span role="status">
            {percent}% ({formatNumber(progress.done)} of {plural(progress.total, 'link')})
          </span>
        </div>
      )}
      {run.isError && (
        <p className="error" role="alert">
          <bdi>{errorMessage(run.error)}</bdi>
          {progress && progress.done > 0 && ' What was imported before stays; importing the file again finds those links as existing.'}
        </p>
      )}
      {run.data && (
        <>
          <p className="notice" role="status">
            Read as {SOURCE_NAMES[run.data.source]}: {plural(run.data.total, 'record')}. {count('created')} created, {count('renamed')}{' '}
            under a new alias, {count('existing')} already there, {count('failed')} refused.
          </p>
          <DataTable label="What became of each record" headers={['Line', 'Result', 'Short URL or reason']} wrap="table-wrap tall">
            {run.data.results.map((result) => (
              <tr key={`${result.line}-${result.id ?? result.message}`}>
                <td className="num">{result.line}</td>
                <td>
                  {result.result === 'created'
                    ? 'Created'
                    : result.result === 'renamed'
                      ? 'Created under a new alias'
                      : result.result === 'existing'
                        ? 'Already there'
                        : 'Refused'}
                </td>
                <td className="url">
                  {result.result === 'failed' ? (
                    <bdi>
                      {result.field ? `${result.field}: ` : ''}
                      {result.message}
                    </bdi>
                  ) : (
                    <>
                      {result.id ? (
                        <Link to="/links/$id" params={{ id: result.id }}>
                          <bdi>{result.shorturl}</bdi>
                        </Link>
                      ) : (
                        <bdi>{result.shorturl}</bdi>
                      )}
                      {result.previousAlias && (
                        <span className="muted small">
                          {' '}
                          (was <bdi>{result.previousAlias}</bdi>,{' '}
                          {result.reason === 'unusable'
                            ? 'which cannot be an alias here: 3 to 50 letters, digits, _ or -, not a reserved word'
                            : 'taken'}
                          )
                        </span>
                      )}
                    </>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </section>
  );
}
