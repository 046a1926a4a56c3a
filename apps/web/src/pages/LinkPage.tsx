import { useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage, isStatus, type Schemas } from '../api';
import { Link, navigate } from '../router';
import { formatApiDate, formatNumber, plural, saveFile } from '../format';
import { ClicksChart } from '../components/ClicksChart';
import { CopyButton } from '../components/CopyButton';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { StatsControls, defaultRange, previousRange, type Range } from '../components/StatsControls';
import { TopList, countryName } from '../components/TopList';
import { ErrorState, Loading } from '../components/states';
import { throttle, useLiveClicks } from '../live';

type Series = Schemas['ClickSeries'];

/** A link: its settings, clicks over time, top values, QR code and raw clicks. */
export default function LinkPage({ id }: { id: number }) {
  const details = useQuery({
    queryKey: ['link', id],
    queryFn: async () => (await api.GET('/url/{id}', { params: { path: { id } } })).data,
  });
  if (details.isPending) return <Loading label="Loading the link" />;
  if (details.isError) {
    return (
      <main id="main">
        <h1 tabIndex={-1}>{isStatus(details.error, 404) ? 'Link not found' : 'Link'}</h1>
        {isStatus(details.error, 404) ? (
          <p>
            There is no link {id} in your account. <Link to="/links">Back to your links</Link>
          </p>
        ) : (
          <ErrorState error={details.error} retry={() => void details.refetch()} />
        )}
      </main>
    );
  }
  return <LinkView link={details.data.details} />;
}

function LinkView({ link }: { link: Schemas['LinkDetails'] }) {
  const [range, setRange] = useState<Range>(defaultRange);
  const [deleting, setDeleting] = useState(false);
  const queryClient = useQueryClient();
  // A click of this link refreshes its totals and its chart within a second or two, without a reload.
  const [refresh] = useState(() =>
    throttle(() => {
      void queryClient.invalidateQueries({ queryKey: ['link', link.id] });
      void queryClient.invalidateQueries({ queryKey: ['link-stats', link.id] });
    }, 1000),
  );
  const live = useLiveClicks((batch) => {
    if (batch.links.some((item) => item.id === link.id)) refresh();
  });
  const remove = useMutation({
    mutationFn: () => api.DELETE('/url/{id}/delete', { params: { path: { id: link.id } } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['links'] });
      queryClient.removeQueries({ queryKey: ['link', link.id] });
      navigate('/links');
    },
  });

  return (
    <main id="main">
      <p className="crumbs">
        <Link to="/links">Links</Link> /
      </p>
      <div className="title-row">
        <h1 tabIndex={-1}>
          <bdi>{link.title || link.alias}</bdi>
        </h1>
        <div className="actions">
          <Link to={`/links/${link.id}/edit`} className="button">
            Edit
          </Link>
          <button type="button" className="danger" onClick={() => setDeleting(true)}>
            Delete
          </button>
        </div>
      </div>
      {remove.isError && (
        <p className="error" role="alert">
          {errorMessage(remove.error)}
        </p>
      )}
      <dl className="facts">
        <dt>Short URL</dt>
        <dd>
          <a href={link.shorturl} target="_blank" rel="noreferrer noopener">
            <bdi>{link.shorturl}</bdi>
          </a>{' '}
          <CopyButton text={link.shorturl} label={`Copy ${link.shorturl}`} />
        </dd>
        <dt>Destination</dt>
        <dd className="url">
          <bdi>{link.longurl}</bdi>
        </dd>
        <dt>Clicks</dt>
        <dd>
          <span data-testid="link-clicks">{formatNumber(link.clicks)}</span> ({formatNumber(link.uniqueClicks)} unique)
          {live && <span className="live"> · live</span>}
        </dd>
        <dt>Created</dt>
        <dd>{formatApiDate(link.date)}</dd>
        {link.expiry && (
          <>
            <dt>Expires</dt>
            <dd>{formatApiDate(link.expiry)}</dd>
          </>
        )}
        {link.password && (
          <>
            <dt>Password</dt>
            <dd>Visitors must give a password</dd>
          </>
        )}
        {link.description && (
          <>
            <dt>Note</dt>
            <dd>
              <bdi>{link.description}</bdi>
            </dd>
          </>
        )}
      </dl>

      <h2>Clicks over time</h2>
      <StatsControls range={range} onChange={setRange} />
      <LinkStats id={link.id} range={range} />

      <div className="columns">
        <QrCode link={link} />
        <ClicksExport id={link.id} alias={link.alias} range={range} />
      </div>

      <ConfirmDialog
        open={deleting}
        title="Delete this link?"
        confirm="Delete"
        danger
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          setDeleting(false);
          remove.mutate();
        }}
      >
        <p>
          <bdi>{link.shorturl}</bdi> stops working at once, and its statistics are deleted with it.
        </p>
      </ConfirmDialog>
    </main>
  );
}

function useSeries(id: number, range: Range, enabled = true) {
  return useQuery({
    queryKey: ['link-stats', id, range.from, range.to, range.interval, range.tz],
    queryFn: async (): Promise<Series> =>
      (
        await api.GET('/url/{id}/stats', {
          params: { path: { id }, query: { from: range.from, to: range.to, interval: range.interval, tz: range.tz } },
        })
      ).data.data,
    enabled,
    placeholderData: keepPreviousData,
  });
}

function LinkStats({ id, range }: { id: number; range: Range }) {
  const current = useSeries(id, range);
  const previous = useSeries(id, previousRange(range), range.compare);
  if (current.isPending) return <Loading label="Loading the clicks" />;
  if (current.isError) return <ErrorState error={current.error} retry={() => void current.refetch()} />;
  const series = current.data;
  return (
    <>
      {previous.isError && range.compare && <ErrorState error={previous.error} />}
      <ClicksChart series={series} previous={range.compare ? previous.data : undefined} title="Clicks" />
      <p className="muted small">
        {plural(series.totals.clicks, 'click')} by people
        {series.totals.visitors !== null && `, ${plural(series.totals.visitors, 'visitor')}`}
        {series.totals.bots !== null && `; ${plural(series.totals.bots, 'click')} of bots, counted apart`}.
      </p>
      <h2>Where the clicks came from</h2>
      <div className="tops">
        <TopList title="Countries" values={series.top.countries} describe={countryName} />
        <TopList title="Referrers" values={series.top.referrers} describe={(value) => value || 'Direct or unknown'} />
        <TopList title="Browsers" values={series.top.browsers} />
        <TopList title="Operating systems" values={series.top.os} />
        <TopList title="Devices" values={series.top.devices} />
        <TopList title="UTM sources" values={series.top.utmSources} />
        <TopList title="UTM media" values={series.top.utmMediums} />
        <TopList title="UTM campaigns" values={series.top.utmCampaigns} />
      </div>
    </>
  );
}

function QrCode({ link }: { link: Schemas['LinkDetails'] }) {
  const image = useQuery({
    queryKey: ['link-qr', link.id, link.shorturl],
    queryFn: async () => {
      const { data } = await api.GET('/url/{id}/qr', {
        params: { path: { id: link.id }, query: { format: 'png', size: 300 } },
        parseAs: 'blob',
      });
      return URL.createObjectURL(data);
    },
    staleTime: Infinity,
  });
  useEffect(() => () => void (image.data && URL.revokeObjectURL(image.data)), [image.data]);
  const download = useMutation({
    mutationFn: async (format: 'png' | 'svg') => {
      const { data } = await api.GET('/url/{id}/qr', {
        params: { path: { id: link.id }, query: format === 'png' ? { format, size: 1000 } : { format } },
        parseAs: 'blob',
      });
      saveFile(data, `${link.alias}-qr.${format}`);
    },
  });
  return (
    <section aria-labelledby="qr-title" className="card">
      <h2 id="qr-title">QR code</h2>
      {image.isPending ? (
        <Loading label="Drawing the QR code" />
      ) : image.isError ? (
        <ErrorState error={image.error} retry={() => void image.refetch()} />
      ) : (
        <img src={image.data} width={200} height={200} alt={`QR code of ${link.shorturl}`} />
      )}
      <p className="muted small">Scanning it is a visit of the link, counted as a click.</p>
      <div className="actions">
        <button type="button" className="secondary" onClick={() => download.mutate('png')} disabled={download.isPending}>
          Download PNG
        </button>
        <button type="button" className="secondary" onClick={() => download.mutate('svg')} disabled={download.isPending}>
          Download SVG
        </button>
      </div>
      {download.isError && (
        <p className="error" role="alert">
          {errorMessage(download.error)}
        </p>
      )}
    </section>
  );
}

function ClicksExport({ id, alias, range }: { id: number; alias: string; range: Range }) {
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
