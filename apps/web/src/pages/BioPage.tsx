import { useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage, type Schemas } from '../api';
import { Link, navigate } from '../router';
import { formatApiDate, formatNumber, plural, saveFile } from '../format';
import { ClicksChart } from '../components/ClicksChart';
import { CopyButton } from '../components/CopyButton';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { StatsControls, defaultRange, previousRange, type Range } from '../components/StatsControls';
import { TopList, countryName } from '../components/TopList';
import { ErrorState, Loading } from '../components/states';
import { BioPageMissing, blockLabel, useBioPage } from './bio-common';
import './bio.css';

type Page = Schemas['BioPage'];
type Series = Schemas['ClickSeries'];

/** A bio page: its address, visits over time, where they came from, the clicks of its buttons, its QR code. */
export default function BioPageView({ id }: { id: number }) {
  const details = useBioPage(id);
  if (details.isPending) return <Loading label="Loading the bio page" />;
  if (details.isError) return <BioPageMissing id={id} error={details.error} retry={() => void details.refetch()} title="Bio page" />;
  return <BioPageDetails page={details.data} />;
}

function BioPageDetails({ page }: { page: Page }) {
  const [range, setRange] = useState<Range>(defaultRange);
  const [deleting, setDeleting] = useState(false);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => api.DELETE('/bio/{id}/delete', { params: { path: { id: page.id } } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['bio-pages'] });
      queryClient.removeQueries({ queryKey: ['bio-page', page.id] });
      navigate('/bio');
    },
  });
  const buttons = page.blocks.filter((block) => block.type === 'link' || block.type === 'social');

  return (
    <main id="main">
      <p className="crumbs">
        <Link to="/bio">Bio pages</Link> /
      </p>
      <div className="title-row">
        <h1 tabIndex={-1}>
          <bdi>{page.name}</bdi>
        </h1>
        <div className="actions">
          <Link to={`/bio/${page.id}/edit`} className="button">
            Edit the page
          </Link>
          <button type="button" className="danger" onClick={() => setDeleting(true)}>
            Delete
          </button>
        </div>
      </div>
      {remove.isError && (
        <p className="error" role="alert">
          <bdi>{errorMessage(remove.error)}</bdi>
        </p>
      )}
      <dl className="facts">
        <dt>Address</dt>
        <dd>
          <a href={page.link} target="_blank" rel="noreferrer noopener">
            <bdi>{page.link}</bdi>
          </a>{' '}
          <CopyButton text={page.link} label={`Copy ${page.link}`} />
        </dd>
        <dt>Visits</dt>
        <dd>
          <span data-testid="bio-visits">{formatNumber(page.visits)}</span> ({formatNumber(page.uniqueVisits)} unique)
        </dd>
        <dt>Shown</dt>
        <dd>{page.public ? 'Public: served at its address' : 'Private: its address answers “not found”'}</dd>
        <dt>Blocks</dt>
        <dd>{plural(page.blocks.length, 'block')}</dd>
        <dt>Created</dt>
        <dd>{formatApiDate(page.date)}</dd>
        <dt>Changed</dt>
        <dd>{formatApiDate(page.updated)}</dd>
      </dl>

      <h2>Visits over time</h2>
      <StatsControls range={range} onChange={setRange} />
      <PageStats id={page.id} range={range} />

      <h2 id="buttons-title">Clicks of the buttons</h2>
      <ButtonClicks page={page} buttons={buttons} range={range} />

      <div className="columns">
        <BioQrCode page={page} />
      </div>

      <ConfirmDialog
        open={deleting}
        title="Delete this bio page?"
        confirm="Delete the page"
        danger
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          setDeleting(false);
          remove.mutate();
        }}
      >
        <p>
          <bdi>{page.link}</bdi> answers “not found” at once. Its blocks, pictures and statistics (visits and clicks) are deleted with it,
          it leaves its channels, and its alias is free again for a link or another page. This cannot be undone.
        </p>
      </ConfirmDialog>
    </main>
  );
}

function useSeries(key: string, range: Range, read: (query: Record<string, string>) => Promise<Series>, enabled = true) {
  return useQuery({
    queryKey: ['bio-stats', key, range.from, range.to, range.interval, range.tz],
    queryFn: () => read({ from: range.from, to: range.to, interval: range.interval, tz: range.tz }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

const pageSeries = (id: number) => async (query: Record<string, string>) =>
  (await api.GET('/bio/{id}/stats', { params: { path: { id }, query } })).data.data;

const blockSeries = (id: number, blockid: number) => async (query: Record<string, string>) =>
  (await api.GET('/bio/{id}/block/{blockid}/stats', { params: { path: { id, blockid }, query } })).data.data;

function PageStats({ id, range }: { id: number; range: Range }) {
  const current = useSeries(`page-${id}`, range, pageSeries(id));
  const previous = useSeries(`page-${id}`, previousRange(range), pageSeries(id), range.compare);
  if (current.isPending) return <Loading label="Loading the visits" />;
  if (current.isError) return <ErrorState error={current.error} retry={() => void current.refetch()} />;
  const series = current.data;
  return (
    <>
      {previous.isError && range.compare && <ErrorState error={previous.error} />}
      <ClicksChart series={series} previous={range.compare ? previous.data : undefined} title="Visits" noun="visit" />
      <p className="muted small">
        {plural(series.totals.clicks, 'visit')} by people
        {series.totals.visitors !== null && `, ${plural(series.totals.visitors, 'visitor')}`}
        {series.totals.bots !== null && `; ${plural(series.totals.bots, 'visit')} of bots, counted apart`}.
      </p>
      <h2>Where the visits came from</h2>
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

/** Each button's clicks (all time), and one button's clicks over the range when asked for. */
function ButtonClicks({ page, buttons, range }: { page: Page; buttons: Page['blocks']; range: Range }) {
  const [shown, setShown] = useState<number | null>(null);
  if (buttons.length === 0) return <p className="muted">The page has no buttons: link buttons and social icons count their clicks.</p>;
  const block = buttons.find((item) => item.id === shown);
  return (
    <>
      <div className="table-wrap" role="region" aria-labelledby="buttons-title" tabIndex={0}>
        <table>
          <caption className="visually-hidden">Clicks of the page&apos;s buttons since they were made</caption>
          <thead>
            <tr>
              <th scope="col">Button</th>
              <th scope="col" className="num">
                Clicks
              </th>
              <th scope="col" className="num">
                Unique
              </th>
              <th scope="col">
                <span className="visually-hidden">Over time</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {buttons.map((item) =>
              item.type === 'link' || item.type === 'social' ? (
                <tr key={item.id}>
                  <th scope="row">
                    <bdi>{blockLabel(item)}</bdi>
                  </th>
                  <td className="num" data-testid={`block-clicks-${item.id}`}>
                    {formatNumber(item.clicks)}
                  </td>
                  <td className="num">{formatNumber(item.uniqueClicks)}</td>
                  <td>
                    <button
                      type="button"
                      className="small secondary"
                      aria-pressed={shown === item.id}
                      onClick={() => setShown(shown === item.id ? null : item.id)}
                    >
                      Over time<span className="visually-hidden"> ({blockLabel(item)})</span>
                    </button>
                  </td>
                </tr>
              ) : null,
            )}
          </tbody>
        </table>
      </div>
      {block && <BlockStats pageId={page.id} block={block} range={range} />}
    </>
  );
}

function BlockStats({ pageId, block, range }: { pageId: number; block: Page['blocks'][number]; range: Range }) {
  const series = useSeries(`block-${block.id}`, range, blockSeries(pageId, block.id));
  if (series.isPending) return <Loading label="Loading the clicks of the button" />;
  if (series.isError) return <ErrorState error={series.error} retry={() => void series.refetch()} />;
  return (
    <div className="block-stats">
      <ClicksChart series={series.data} title={`Clicks of ${blockLabel(block)}`} />
      <div className="tops">
        <TopList title="Countries of the clicks" values={series.data.top.countries} describe={countryName} />
        <TopList title="Devices of the clicks" values={series.data.top.devices} />
      </div>
    </div>
  );
}

function BioQrCode({ page }: { page: Page }) {
  const image = useQuery({
    queryKey: ['bio-qr', page.id, page.link],
    queryFn: async () => {
      const { data } = await api.GET('/bio/{id}/qr', {
        params: { path: { id: page.id }, query: { format: 'png', size: 300 } },
        parseAs: 'blob',
      });
      return URL.createObjectURL(data);
    },
    staleTime: Infinity,
  });
  useEffect(() => () => void (image.data && URL.revokeObjectURL(image.data)), [image.data]);
  const download = useMutation({
    mutationFn: async (format: 'png' | 'svg') => {
      const { data } = await api.GET('/bio/{id}/qr', {
        params: { path: { id: page.id }, query: format === 'png' ? { format, size: 1000 } : { format } },
        parseAs: 'blob',
      });
      saveFile(data, `${page.alias}-qr.${format}`);
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
        <img src={image.data} width={200} height={200} alt={`QR code of ${page.link}`} />
      )}
      <p className="muted small">Scanning it opens the page: a visit, counted as one.</p>
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
