import { useState } from 'react';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import type { StatsFilters } from '../../components/stats-filters';
import { ConfirmButton } from '../../components/ConfirmDialog';
import { LiveStatus } from '../../components/LiveStatus';
import { StatsWithOrigins } from '../../components/Stats';
import { VariantsChart } from '../../components/VariantsChart';
import { SharePanel } from '../../components/SharePanel';
import { StatsControls } from '../../components/StatsControls';
import { defaultRange, type Range } from '../../resources/stats';
import { countryName } from '../../components/TopList';
import { formatApiDate, formatNumber } from '../../format';
import { useLiveRefresh } from '../../live';
import { useLink, useRemoveLinks, type LinkDetails } from '../../resources/links';
import { ClicksExport, LinkQrCode } from './LinkTools';
import { RecordGate } from '../../components/RecordGate';
import { Can } from '../../components/RoleGate';
import { RecordTitle } from '../../components/RecordTitle';
import { Address } from '../../components/Address';
import { TagChips, colorsOf } from '../../components/Tags';
import { useTagChoices } from '../../resources/tags';

/** A link: its settings, clicks over time, top values, QR code and raw clicks. */
export default function LinkPage() {
  const { id } = useParams({ from: '/links/$id' });
  const details = useLink(id);
  return (
    <RecordGate query={details} id={id} noun="link" list="/links">
      {(data) => <LinkView link={data.details} />}
    </RecordGate>
  );
}

function LinkView({ link }: { link: LinkDetails }) {
  const [range, setRange] = useState<Range>(defaultRange);
  const navigate = useNavigate();
  // The values chosen in the top lists, kept in the address (a filtered view can be shared).
  const filters = useSearch({ from: '/links/$id' });
  const filter = (changes: StatsFilters) =>
    void navigate({ to: '/links/$id', params: { id: link.id }, search: (current) => ({ ...current, ...changes }), replace: true });
  // A click of this link refreshes its totals and its chart within a second or two, without a reload.
  const live = useLiveRefresh(['links', 'stats'], (batch) => batch.links.some((item) => item.id === link.id));
  const remove = useRemoveLinks();

  return (
    <main id="main">
      <RecordTitle list="/links" name={link.title || link.alias} error={remove.error}>
        <div className="actions">
          <Can operation="updateUrl">
            <Link to="/links/$id/edit" params={{ id: link.id }} className="button">
              Edit
            </Link>
          </Can>
          <Can operation="deleteUrl">
            <ConfirmButton
              label="Delete"
              title="Delete this link?"
              onConfirm={() => remove.mutate([link.id], { onSuccess: () => void navigate({ to: '/links' }) })}
            >
              <p>
                <bdi>{link.shorturl}</bdi> stops working at once, and its statistics are deleted with it.
              </p>
            </ConfirmButton>
          </Can>
        </div>
      </RecordTitle>
      <dl className="facts">
        <dt>Short URL</dt>
        <dd>
          <Address href={link.shorturl} copy={`Copy ${link.shorturl}`} />
        </dd>
        <dt>Destination</dt>
        <dd className="url">
          <bdi>{link.longurl}</bdi>
        </dd>
        {link.variants.length > 0 && (
          <>
            <dt>A/B split</dt>
            <dd>
              <ol className="variants">
                {link.variants.map((variant, index) => (
                  <li key={index}>
                    {String.fromCharCode(65 + index)}: {variant.weight}% to <bdi className="url">{variant.url}</bdi>
                  </li>
                ))}
              </ol>
            </dd>
          </>
        )}
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
        {link.startdate && (
          <>
            <dt>Starts</dt>
            <dd>{formatApiDate(link.startdate)}</dd>
          </>
        )}
        {link.clicklimit !== null && (
          <>
            <dt>Click limit</dt>
            <dd>
              {formatNumber(link.clicklimit)} people’s clicks
              {link.clicks >= link.clicklimit
                ? ': reached, the link answers like an expired one'
                : `: ${formatNumber(link.clicklimit - link.clicks)} left`}
            </dd>
          </>
        )}
        {link.password && (
          <>
            <dt>Password</dt>
            <dd>Visitors must give a password</dd>
          </>
        )}
        {link.archived && (
          <>
            <dt>Archived</dt>
            <dd>Left out of the links list; it still redirects and counts its clicks</dd>
          </>
        )}
        {link.tags.length > 0 && (
          <>
            <dt>Tags</dt>
            <dd>
              <LinkTags tags={link.tags} />
            </dd>
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
      <p className="small">
        <Link to="/compare" search={{ links: [link.id] }}>
          Compare with other links or campaigns
        </Link>
      </p>
      <StatsControls range={range} onChange={setRange} />
      <StatsWithOrigins
        target={{ of: 'link', id: link.id }}
        range={range}
        noun="click"
        filters={filters}
        onFilter={filter}
        variants={link.variants}
      />
      {link.variants.length > 0 && (
        <>
          <h2>A/B split over time</h2>
          <VariantsChart id={link.id} variants={link.variants} range={range} filters={filters} />
        </>
      )}

      <div className="columns">
        <LinkQrCode link={link} />
        <ClicksExport id={link.id} alias={link.alias} range={range} />
      </div>
      <SharePanel of="link" id={link.id} />
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

/** A link's tags, each a way to the links carrying it, in the tags' colours. */
function LinkTags({ tags }: { tags: string[] }) {
  const choices = useTagChoices();
  return <TagChips tags={tags} colors={colorsOf(choices.data)} filter />;
}
