import { useState } from 'react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { errorMessage, isStatus } from '../../api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyButton } from '../../components/CopyButton';
import { LiveStatus } from '../../components/LiveStatus';
import { Stats } from '../../components/Stats';
import { StatsControls, defaultRange, type Range } from '../../components/StatsControls';
import { TopList, countryName } from '../../components/TopList';
import { ErrorState, Loading } from '../../components/states';
import { formatApiDate, formatNumber, plural } from '../../format';
import { useLiveRefresh } from '../../live';
import { useLink, useRemoveLinks, type LinkDetails } from '../../resources/links';
import { ClicksExport, LinkQrCode } from './LinkTools';

/** A link: its settings, clicks over time, top values, QR code and raw clicks. */
export default function LinkPage() {
  const { id } = useParams({ from: '/links/$id' });
  const details = useLink(id);
  if (details.isPending) return <Loading label="Loading the link" />;
  if (!details.data) {
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

function LinkView({ link }: { link: LinkDetails }) {
  const [range, setRange] = useState<Range>(defaultRange);
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();
  // A click of this link refreshes its totals and its chart within a second or two, without a reload.
  const live = useLiveRefresh(['links', 'stats'], (batch) => batch.links.some((item) => item.id === link.id));
  const remove = useRemoveLinks();

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
          <Link to="/links/$id/edit" params={{ id: link.id }} className="button">
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
          <LiveStatus state={live} />
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
        <Targets link={link} />
      </dl>

      <h2>Clicks over time</h2>
      <StatsControls range={range} onChange={setRange} />
      <Stats target={{ of: 'link', id: link.id }} range={range} title="Clicks">
        {(series) => (
          <>
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
        )}
      </Stats>

      <div className="columns">
        <LinkQrCode link={link} />
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
          remove.mutate([link.id], { onSuccess: () => void navigate({ to: '/links' }) });
        }}
      >
        <p>
          <bdi>{link.shorturl}</bdi> stops working at once, and its statistics are deleted with it.
        </p>
      </ConfirmDialog>
    </main>
  );
}

/** Where the link sends visitors other than its destination: by country, device and language, to apps, with parameters added. */
function Targets({ link }: { link: LinkDetails }) {
  const rows: [string, { when: string; to: string }[]][] = [
    ['By country', link.geotarget.map((target) => ({ when: countryName(target.location) || target.location, to: target.link }))],
    ['By device', link.devicetarget.map((target) => ({ when: target.device, to: target.link }))],
    ['By language', link.languagetarget.map((target) => ({ when: target.language, to: target.link }))],
    [
      'Apps',
      [
        ...(link.deeplink?.apple ? [{ when: 'iOS', to: link.deeplink.apple }] : []),
        ...(link.deeplink?.google ? [{ when: 'Android', to: link.deeplink.google }] : []),
      ],
    ],
  ];
  return (
    <>
      {rows
        .filter(([, targets]) => targets.length > 0)
        .map(([title, targets]) => (
          <div key={title} className="fact-group">
            <dt>{title}</dt>
            <dd>
              <ul className="plain">
                {targets.map((target) => (
                  <li key={`${target.when}-${target.to}`}>
                    <bdi>{target.when}</bdi> → <bdi className="url">{target.to}</bdi>
                  </li>
                ))}
              </ul>
              {title === 'Apps' && link.deeplink?.auto && <span className="small muted">Opened without asking.</span>}
            </dd>
          </div>
        ))}
      {link.parameters.length > 0 && (
        <div className="fact-group">
          <dt>Parameters added</dt>
          <dd>
            <code>
              <bdi>{link.parameters.map((parameter) => `${parameter.name}=${parameter.value}`).join('&')}</bdi>
            </code>
          </dd>
        </div>
      )}
    </>
  );
}
