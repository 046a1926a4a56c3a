import { useState } from 'react';
import { Can } from '../../components/RoleGate';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { api, type Schemas } from '../../api';
import { ConfirmButton } from '../../components/ConfirmDialog';
import { QrCodeCard } from '../../components/QrCodeCard';
import { LiveStatus } from '../../components/LiveStatus';
import { Stats, StatsWithOrigins } from '../../components/Stats';
import { StatsControls } from '../../components/StatsControls';
import { defaultRange, type Range } from '../../resources/stats';
import { TopList, countryName } from '../../components/TopList';
import { formatApiDate, formatNumber, plural } from '../../format';
import { useLiveRefresh } from '../../live';
import { useBioPage, useRemoveBioPage } from '../../resources/bio';
import { useSeries } from '../../resources/stats';
import { blockLabel } from './bio-names';
import './bio.css';
import { RecordGate } from '../../components/RecordGate';
import { DataTable } from '../../components/DataTable';
import { RecordTitle } from '../../components/RecordTitle';
import { Address } from '../../components/Address';

type Page = Schemas['BioPage'];
type Block = Page['blocks'][number];

/** A bio page: its address, visits over time, where they came from, the clicks of its buttons, its QR code. */
export default function BioPageView() {
  const { id } = useParams({ from: '/bio/$id' });
  const details = useBioPage(id);
  return (
    <RecordGate query={details} id={id} noun="bio page" list="/bio">
      {(page) => <BioPageDetails page={page} />}
    </RecordGate>
  );
}

function BioPageDetails({ page }: { page: Page }) {
  const [range, setRange] = useState<Range>(defaultRange);
  const navigate = useNavigate();
  const remove = useRemoveBioPage();
  // A visit of the page or a click of its buttons refreshes its totals, charts and table, as a link's page does.
  const live = useLiveRefresh(['bio', 'stats'], (batch) => batch.bio.some((item) => item.id === page.id));
  const buttons = page.blocks.filter((block) => block.type === 'link' || block.type === 'social');

  return (
    <main id="main">
      <RecordTitle list="/bio" name={page.name} error={remove.error}>
        <div className="actions">
          <Can operation="updateBioPage">
            <Link to="/bio/$id/edit" params={{ id: page.id }} className="button">
              Edit the page
            </Link>
          </Can>
          <Can operation="deleteBioPage">
            <ConfirmButton
              label="Delete"
              title="Delete this bio page?"
              confirm="Delete the page"
              onConfirm={() => remove.mutate(page.id, { onSuccess: () => void navigate({ to: '/bio' }) })}
            >
              <p>
                <bdi>{page.link}</bdi> answers “not found” at once. Its blocks, pictures and statistics (visits and clicks) are deleted with
                it, it leaves its channels, and its alias is free again for a link or another page. This cannot be undone.
              </p>
            </ConfirmButton>
          </Can>
        </div>
      </RecordTitle>
      <dl className="facts">
        <dt>Address</dt>
        <dd>
          <Address href={page.link} copy={`Copy ${page.link}`} />
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
      <StatsWithOrigins target={{ of: 'bio', id: page.id }} range={range} noun="visit" />

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
      <DataTable
        labelledBy="buttons-title"
        caption="Clicks of the page's buttons in the range of the charts"
        headers={[
          'Button',
          { label: 'Clicks by people in the range', className: 'num' },
          { label: 'Since it was made', className: 'num' },
          <>
            <span className="visually-hidden">Over time</span>
          </>,
        ]}
      >
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
      </DataTable>
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
