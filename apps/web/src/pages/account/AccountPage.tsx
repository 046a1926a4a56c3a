import { useState } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyButton } from '../../components/CopyButton';
import { OriginTops, Stats } from '../../components/Stats';
import type { StatsFilters } from '../../components/stats-filters';
import { StatsControls } from '../../components/StatsControls';
import { defaultRange, type Range } from '../../resources/stats';
import { ErrorState, Loading } from '../../components/states';
import { formatApiDate, plural } from '../../format';
import { useLiveRefresh } from '../../live';
import { useAccount, useRotateKey, useSignOut } from '../../resources/account';
import { useSession } from '../../session';
import { EmailForm, PasswordForm } from './CredentialsForms';
import { ErrorAlert } from '../../components/FormCard';

/** The account: its e-mail and password, its API key, signing out, and its totals over time. */
export default function AccountPage() {
  const account = useAccount();
  const session = useSession().data?.session;
  const navigate = useNavigate();
  const signOut = useSignOut(() => void navigate({ to: '/links', replace: true }));

  return (
    <main id="main">
      <h1 tabIndex={-1}>Account</h1>
      {account.isPending ? (
        <Loading label="Loading the account" />
      ) : !account.data ? (
        <ErrorState error={account.error} retry={() => void account.refetch()} />
      ) : (
        <dl className="facts">
          <dt>Username</dt>
          <dd>
            <bdi>{account.data.username}</bdi>
          </dd>
          <dt>E-mail address</dt>
          <dd>
            <bdi>{account.data.email}</bdi>
          </dd>
          <dt>Plan</dt>
          <dd>
            {account.data.status === 'pro' ? 'Pro' : 'Free'}
            {account.data.expires && `, until ${formatApiDate(account.data.expires)}`}
          </dd>
          <dt>Member since</dt>
          <dd>{formatApiDate(account.data.registered)}</dd>
          {session?.expires && (
            <>
              <dt>This session ends</dt>
              <dd>{formatApiDate(session.expires)} at the latest, or after 12 hours unused</dd>
            </>
          )}
        </dl>
      )}
      <div className="columns">
        <EmailForm current={account.data?.email ?? ''} hasPassword={session?.hasPassword ?? true} />
        <PasswordForm hasPassword={session?.hasPassword ?? true} />
      </div>
      <div className="columns">
        <ApiKey />
        <section className="card" aria-labelledby="signout-title">
          <h2 id="signout-title">Sign out</h2>
          <p className="small">Ends this session. Your API key keeps working.</p>
          <button type="button" className="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            Sign out
          </button>
        </section>
      </div>
      <AccountStats />
    </main>
  );
}

function ApiKey() {
  const [confirming, setConfirming] = useState(false);
  const rotate = useRotateKey();
  return (
    <section className="card" aria-labelledby="key-title">
      <h2 id="key-title">API key</h2>
      <p className="small">
        Scripts and tools use the key. A new key replaces the old one at once: whatever uses the old key stops working. The new key is shown
        once.
      </p>
      {rotate.isSuccess ? (
        <div className="notice" role="status">
          <p>
            <strong>Your new API key.</strong> Copy it now: it is not shown again.
          </p>
          <label htmlFor="new-key">New API key</label>
          <input id="new-key" readOnly value={rotate.data} onFocus={(e) => e.target.select()} spellCheck={false} />
          <CopyButton text={rotate.data} label="Copy the new API key" />
        </div>
      ) : (
        <button type="button" className="secondary" onClick={() => setConfirming(true)} disabled={rotate.isPending}>
          Make a new API key
        </button>
      )}
      <ErrorAlert error={rotate.error} />
      <ConfirmDialog
        open={confirming}
        title="Replace the API key?"
        confirm="Replace the key"
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          rotate.mutate();
        }}
      >
        <p>
          The current key stops working at once, for every script and tool that uses it, and so does a password set with it alone. This
          session stays signed in.
        </p>
      </ConfirmDialog>
    </section>
  );
}

function AccountStats() {
  const [range, setRange] = useState<Range>(defaultRange);
  const navigate = useNavigate();
  const filters = useSearch({ from: '/account' });
  const filter = (changes: StatsFilters) =>
    void navigate({ to: '/account', search: (current) => ({ ...current, ...changes }), replace: true });
  // Every click of the account's links, scan of its codes and visit of its bio pages moves the totals as it lands.
  useLiveRefresh(['stats']);
  return (
    <section aria-labelledby="totals-title">
      <h2 id="totals-title">Clicks of all your links</h2>
      <StatsControls range={range} onChange={setRange} />
      <Stats target={{ of: 'account' }} range={range} title="Clicks of the account" filters={filters} onFilter={filter}>
        {(series) => (
          <>
            <h3>Top links in this range</h3>
            {series.topLinks?.length ? (
              <ol className="top-links">
                {series.topLinks.map((link) => (
                  <li key={link.id}>
                    <Link to="/links/$id" params={{ id: link.id }}>
                      <bdi>{link.shorturl.replace(/^https?:\/\//, '')}</bdi>
                    </Link>{' '}
                    <span className="muted">{plural(link.clicks, 'click')}</span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="muted">No clicks in this range.</p>
            )}
            <h3>Where the clicks came from</h3>
            <p className="muted small">Choose a value to see only its clicks in the chart and every list.</p>
            <OriginTops series={series} filters={filters} onFilter={filter} />
          </>
        )}
      </Stats>
    </section>
  );
}
