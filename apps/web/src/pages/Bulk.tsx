import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { detectImportSource, IMPORT_SOURCES, readImport, type ImportRecord, type ImportSource } from '@linkyard/formats';
import { api, errorMessage, type Schemas } from '../api';
import { Field } from '../components/Field';
import { Link } from '../router';
import { formatNumber, plural, saveFile } from '../format';

type ImportResult = Schemas['ImportResult'];
type BulkResult = Schemas['LinkBulkResponse']['data']['results'][number];

const SOURCE_NAMES: Record<ImportSource, string> = {
  bitly: 'Bitly',
  kutt: 'Kutt',
  shlink: 'Shlink',
  yourls: 'YOURLS',
  linkyard: 'Linkyard',
};

/** Links in bulk: import another shortener's export, export every link, or make many links from a pasted list. */
export default function BulkPage() {
  return (
    <main id="main">
      <h1 tabIndex={-1}>Links in bulk</h1>
      <Import />
      <div className="columns">
        <Export />
        <BulkCreate />
      </div>
    </main>
  );
}

interface Progress {
  done: number;
  total: number;
}

/**
 * The file is read here, in the page, by the same readers the service uses (@linkyard/formats),
 * then sent in chunks in Linkyard's own shape: the bar moves as each chunk is answered.
 */
function Import() {
  const [file, setFile] = useState<File | null>(null);
  const [from, setFrom] = useState<ImportSource | ''>('');
  const [progress, setProgress] = useState<Progress | null>(null);
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: async () => {
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
    onMutate: () => setProgress(null),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['links'] }),
  });
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
          <div className="table-wrap tall" role="region" aria-label="What became of each record" tabIndex={0}>
            <table>
              <caption className="visually-hidden">What became of each record</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Result</th>
                  <th scope="col">Short URL or reason</th>
                </tr>
              </thead>
              <tbody>
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
                            <Link to={`/links/${result.id}`}>
                              <bdi>{result.shorturl}</bdi>
                            </Link>
                          ) : (
                            <bdi>{result.shorturl}</bdi>
                          )}
                          {result.previousAlias && (
                            <span className="muted small">
                              {' '}
                              (was <bdi>{result.previousAlias}</bdi>, taken)
                            </span>
                          )}
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function Export() {
  const [format, setFormat] = useState<'csv' | 'ndjson'>('csv');
  const exporting = useMutation({
    mutationFn: async () => {
      const { data } = await api.GET('/urls/export', { params: { query: { format } }, parseAs: 'blob' });
      saveFile(data, `links.${format}`);
    },
  });
  return (
    <section className="card" aria-labelledby="export-links-title">
      <h2 id="export-links-title">Export</h2>
      <p className="small">Every link with all its settings and totals, oldest first. Linkyard imports the file back as it is.</p>
      <Field id="export-links-format" label="Format">
        <select value={format} onChange={(e) => setFormat(e.target.value as 'csv' | 'ndjson')}>
          <option value="csv">CSV (spreadsheets)</option>
          <option value="ndjson">NDJSON (one JSON object a line)</option>
        </select>
      </Field>
      <button type="button" className="secondary" onClick={() => exporting.mutate()} disabled={exporting.isPending}>
        {exporting.isPending ? 'Exporting…' : 'Export links'}
      </button>
      {exporting.isError && (
        <p className="error" role="alert">
          {errorMessage(exporting.error)}
        </p>
      )}
    </section>
  );
}

/** One link a line: its destination, optionally followed by a space and its alias. */
function parseList(text: string): { url: string; custom?: string }[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [url, custom] = line.split(/\s+/, 2);
      return custom ? { url: url!, custom } : { url: url! };
    });
}

function BulkCreate() {
  const [text, setText] = useState('');
  const items = parseList(text);
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: async () => (await api.POST('/url/bulk', { body: { urls: items } })).data.data,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['links'] }),
  });
  return (
    <section className="card" aria-labelledby="bulk-title">
      <h2 id="bulk-title">Make many links</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate();
        }}
        aria-label="Make many links"
      >
        <Field id="bulk-list" label="Links, one a line" help="A destination, then optionally a space and an alias. Up to 1,000 lines.">
          <textarea rows={6} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
        </Field>
        <button type="submit" disabled={items.length === 0 || items.length > 1000 || create.isPending}>
          Make {plural(items.length, 'link')}
        </button>
      </form>
      {create.isError && (
        <p className="error" role="alert">
          {errorMessage(create.error)}
        </p>
      )}
      {create.data && (
        <>
          <p className="notice" role="status">
            {create.data.created} created, {create.data.failed} refused.
          </p>
          <ol className="bulk-results">
            {create.data.results.map((result: BulkResult) => (
              <li key={result.index}>
                <bdi>{items[result.index]?.url}</bdi>:{' '}
                {result.error === 0 ? (
                  <Link to={`/links/${result.id}`}>
                    <bdi>{result.shorturl}</bdi>
                  </Link>
                ) : (
                  <span className="error">
                    <bdi>{result.message}</bdi>
                  </span>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
