import { useState } from 'react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { api, errorMessage, type Schemas } from '../../api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyButton } from '../../components/CopyButton';
import { QrCodeCard } from '../../components/QrCodeCard';
import { LiveStatus } from '../../components/LiveStatus';
import { Stats } from '../../components/Stats';
import { StatsControls, defaultRange, type Range } from '../../components/StatsControls';
import { TopList, countryName } from '../../components/TopList';
import { Loading } from '../../components/states';
import { formatApiDate, formatNumber, plural } from '../../format';
import { useLiveRefresh } from '../../live';
import { useBioPage, useRemoveBioPage } from '../../resources/bio';
import { useSeries } from '../../resources/stats';
import { blockLabel } from './bio-names';
import { BioPageMissing } from './BioPageMissing';
import './bio.css';

type Page = Schemas['BioPage'];
type Block = Page['blocks'][number];

/** A bio page: its address, visits over time, where they came from, the clicks of its buttons, its QR code. */
export default function BioPageView() {
  const { id } = useParams({ from: '/bio/$id' });
  const details = useBioPage(id);
  if (details.isPending) return <Loading label="Loading the bio page" />;
  if (!details.data) return <BioPageMissing id={id} error={details.error} retry={() => void details.refetch()} title="Bio page" />;
  return <BioPageDetails page={details.data} />;
}

function BioPageDetails({ page }: { page: Page }) {
  const [range, setRange] = useState<Range>(defaultRange);
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();
  const remove = useRemoveBioPage();
  // A visit of the page or a click of its buttons refreshes its totals, charts and table, as a link's page does.
  const live = useLiveRefresh(['bio', 'stats'], (batch) => batch.bio.some((item) => item.id === page.id));
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
          <Link to="/bio/$id/edit" params={{ id: page.id }} className="button">
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
        <dt>Visits since it was made</dt>
        <dd>
          <span data-testid="bio-visits">{formatNumber(page.visits)}</span> ({formatNumber(page.uniqueVisits)} unique)
          <LiveStatus state={live} />
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
      <Stats target={{ of: 'bio', id: page.id }} range={range} title="Visits" noun="visit">
        {(series) => (
          <>
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
        )}
      </Stats>

      <h2 id="buttons-title">Clicks of the buttons</h2>
      <ButtonClicks page={page} buttons={buttons} range={range} />

      <div className="columns">
        <QrCodeCard
          of={{ resource: 'bio', id: page.id }}
          address={page.link}
          name={page.alias}
          note="Scanning it opens the page: a visit, counted as one."
          draw={async (query) => (await api.GET('/bio/{id}/qr', { params: { path: { id: page.id }, query }, parseAs: 'blob' })).data}
        />
      </div>

      <ConfirmDialog
        open={deleting}
        title="Delete this bio page?"
        confirm="Delete the page"
        danger
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          setDeleting(false);
          remove.mutate(page.id, { onSuccess: () => void navigate({ to: '/bio' }) });
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

/**
 * Each button's clicks by people in the range of the charts above, and one button's clicks over
 * that range when asked for: the row and the chart are one answer, so they never disagree.
 */
function ButtonClicks({ page, buttons, range }: { page: Page; buttons: Block[]; range: Range }) {
  const [shown, setShown] = useState<number | null>(null);
  if (buttons.length === 0) return <p className="muted">The page has no buttons: link buttons and social icons count their clicks.</p>;
  const block = buttons.find((item) => item.id === shown);
  return (
    <>
      <div className="table-wrap" role="region" aria-labelledby="buttons-title" tabIndex={0}>
        <table>
          <caption className="visually-hidden">Clicks of the page&apos;s buttons in the range of the charts</caption>
          <thead>
            <tr>
              <th scope="col">Button</th>
              <th scope="col" className="num">
                Clicks by people in the range
              </th>
              <th scope="col" className="num">
                Since it was made
              </th>
              <th scope="col">
                <span className="visually-hidden">Over time</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {buttons.map((item) => (
              <tr key={item.id}>
                <th scope="row">
                  <bdi>{blockLabel(item)}</bdi>
                </th>
                <td className="num" data-testid={`block-range-clicks-${item.id}`}>
                  <RangeClicks pageId={page.id} block={item.id} range={range} />
                </td>
                <td className="num" data-testid={`block-clicks-${item.id}`}>
                  {'clicks' in item ? formatNumber(item.clicks) : ''}
                </td>
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
            ))}
          </tbody>
        </table>
      </div>
      {block && (
        <div className="block-stats">
          <Stats target={{ of: 'block', id: page.id, block: block.id }} range={range} title={`Clicks of ${blockLabel(block)}`}>
            {(series) => (
              <div className="tops">
                <TopList title="Countries of the clicks" values={series.top.countries} describe={countryName} />
                <TopList title="Devices of the clicks" values={series.top.devices} />
              </div>
            )}
          </Stats>
        </div>
      )}
    </>
  );
}

/** A button's clicks by people in the range: the very answer its chart draws. */
function RangeClicks({ pageId, block, range }: { pageId: number; block: number; range: Range }) {
  const series = useSeries({ of: 'block', id: pageId, block }, range);
  return <>{series.data ? formatNumber(series.data.totals.clicks) : '…'}</>;
}
