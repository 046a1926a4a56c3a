import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { api, type Schemas } from '../../api';
import { Field } from '../../components/Field';
import { ErrorAlert } from '../../components/FormCard';
import { formatNumber, plural, saveFile } from '../../format';
import { most } from '../../limits';
import { useWrite } from '../../resources/hooks';
import { ImportLinks } from './ImportLinks';
import { Can } from '../../components/RoleGate';
import { ExportControls, type ExportFormat } from '../../components/ExportControls';

type BulkResult = Schemas['LinkBulkResponse']['data']['results'][number];

/** Links in bulk: import another shortener's export, export every link, or make many links from a pasted list. */
export default function BulkPage() {
  return (
    <main id="main">
      <h1 tabIndex={-1}>Links in bulk</h1>
      <Can operation="importUrls">
        <ImportLinks />
      </Can>
      <div className="columns">
        <Export />
        <Can operation="addUrlsInBulk">
          <BulkCreate />
        </Can>
      </div>
    </main>
  );
}

function Export() {
  const download = async (format: ExportFormat) => {
    const { data } = await api.GET('/urls/export', { params: { query: { format } }, parseAs: 'blob' });
    saveFile(data, `links.${format}`);
  };
  return (
    <section className="card" aria-labelledby="export-links-title">
      <h2 id="export-links-title">Export</h2>
      <p className="small">Every link with all its settings and totals, oldest first. Linkyard imports the file back as it is.</p>
      <ExportControls id="export-links-format" label="Export links" download={download} />
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
  const create = useWrite('links', async () => (await api.POST('/url/bulk', { body: { urls: items } })).data.data);
  const limit = most('LinkBulkRequest', 'urls') ?? 1000;
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
        <Field
          id="bulk-list"
          label="Links, one a line"
          help={`A destination, then optionally a space and an alias. Up to ${formatNumber(limit)} lines.`}
        >
          <textarea rows={6} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
        </Field>
        <button type="submit" disabled={items.length === 0 || items.length > limit || create.isPending}>
          Make {plural(items.length, 'link')}
        </button>
      </form>
      <ErrorAlert error={create.error} />
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
                  <Link to="/links/$id" params={{ id: result.id }}>
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
