import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage, type Schemas } from '../api';
import { SESSION_KEY, markSignedOut, useSession } from '../session';
import { Link, navigate } from '../router';
import { formatApiDate, plural } from '../format';
import { ClicksChart } from '../components/ClicksChart';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { CopyButton } from '../components/CopyButton';
import { StatsControls, defaultRange, previousRange, type Range } from '../components/StatsControls';
import { ErrorState, Loading } from '../components/states';
import { throttle, useLiveClicks } from '../live';

/** The account: its e-mail and password, its API key, signing out, and its totals over time. */
export default function AccountPage() {
  const account = useQuery({ queryKey: ['account'], queryFn: async () => (await api.GET('/account')).data.data });
  const session = useSession();
  const queryClient = useQueryClient();
  const signOut = useMutation({
    mutationFn: () => api.DELETE('/session'),
    onMutate: markSignedOut,
    onSettled: () => {
      queryClient.setQueryData(SESSION_KEY, null);
      navigate('/', { replace: true });
    },
  });

  return (
    <main id="main">
      <h1 tabIndex={-1}>Account</h1>
      {account.isPending ? (
        <Loading label="Loading the account" />
      ) : account.isError ? (
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
          {session.data?.expires && (
            <>
              <dt>This session ends</dt>
              <dd>{formatApiDate(session.data.expires)} at the latest, or after 12 hours unused</dd>
            </>
          )}
        </dl>
      )}
      <div className="columns">
        <EmailForm current={account.data?.email ?? ''} hasPassword={session.data?.hasPassword ?? true} />
        <PasswordForm hasPassword={session.data?.hasPassword ?? true} />
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

/** The current password, asked by every change of an account that has one (a key alone may not make changes). */
function CurrentPassword({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <>
      <label htmlFor={id}>Current password</label>
      <input id={id} type="password" autoComplete="current-password" required value={value} onChange={(e) => onChange(e.target.value)} />
    </>
  );
}

function EmailForm({ current, hasPassword }: { current: string; hasPassword: boolean }) {
  const [email, setEmail] = useState('');
  const [proof, setProof] = useState('');
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async () => {
      const wanted = email.trim();
      await api.PUT('/account/update', { body: { email: wanted, ...(hasPassword ? { currentpassword: proof } : {}) } });
      // The answer is the same whether or not another account has the address: the account says which.
      const inForce = (await api.GET('/account')).data.data.email;
      return { wanted, inForce };
    },
    onSuccess: () => {
      setEmail('');
      setProof('');
      void queryClient.invalidateQueries({ queryKey: ['account'] });
      void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
  return (
    <section className="card" aria-labelledby="email-title">
      <h2 id="email-title">Change the e-mail address</h2>
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <label htmlFor="new-email">New e-mail address</label>
        <input
          id="new-email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={current}
        />
        {hasPassword && <CurrentPassword id="email-current-password" value={proof} onChange={setProof} />}
        {save.isError && (
          <p className="error" role="alert">
            {errorMessage(save.error)}
          </p>
        )}
        {save.isSuccess &&
          (save.data.inForce.toLowerCase() === save.data.wanted.toLowerCase() ? (
            <p className="notice" role="status">
              The e-mail address was changed.
            </p>
          ) : (
            <p className="error" role="status">
              The e-mail address was not changed: <bdi>{save.data.wanted}</bdi> cannot be used for this account. It is still{' '}
              <bdi>{save.data.inForce}</bdi>.
            </p>
          ))}
        <button type="submit" disabled={save.isPending || email.trim() === '' || (hasPassword && proof === '')}>
          Change e-mail address
        </button>
      </form>
    </section>
  );
}

function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const [proof, setProof] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async () =>
      (await api.PUT('/account/update', { body: { password, ...(hasPassword ? { currentpassword: proof } : {}) } })).data,
    onSuccess: () => {
      setProof('');
      setPassword('');
      setAgain('');
      // The account has a password now: the next change asks for it.
      void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMismatch(password !== again);
    if (password === again) save.mutate();
  };
  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">{hasPassword ? 'Change the password' : 'Set a password'}</h2>
      <p className="small">
        At least 8 characters. Other sessions of the account end; this one stays signed in.
        {!hasPassword && ' Set with the API key alone, it lasts as long as the key: a new key clears it, and you set it again.'}
      </p>
      <form onSubmit={submit}>
        {hasPassword && <CurrentPassword id="current-password" value={proof} onChange={setProof} />}
        <label htmlFor="new-password">New password</label>
        <input
          id="new-password"
          type="password"
          autoComplete="new-password"
          minLength={8}
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <label htmlFor="new-password-again">New password again</label>
        <input
          id="new-password-again"
          type="password"
          autoComplete="new-password"
          required
          value={again}
          onChange={(e) => setAgain(e.target.value)}
          aria-invalid={mismatch}
        />
        {mismatch && (
          <p className="error" role="alert">
            The two passwords differ.
          </p>
        )}
        {save.isError && (
          <p className="error" role="alert">
            {errorMessage(save.error)}
          </p>
        )}
        {save.isSuccess && (
          <p className="notice" role="status">
            The password was set.
          </p>
        )}
        <button type="submit" disabled={save.isPending || password === '' || (hasPassword && proof === '')}>
          {hasPassword ? 'Change password' : 'Set password'}
        </button>
      </form>
    </section>
  );
}

function ApiKey() {
  const [confirming, setConfirming] = useState(false);
  const rotate = useMutation({ mutationFn: async () => (await api.POST('/account/apikey/rotate', { body: {} })).data.apikey });
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
      {rotate.isError && (
        <p className="error" role="alert">
          {errorMessage(rotate.error)}
        </p>
      )}
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
        <p>The current key stops working at once, for every script and tool that uses it. This session stays signed in.</p>
      </ConfirmDialog>
    </section>
  );
}

function useAccountSeries(range: Range, enabled = true) {
  return useQuery({
    queryKey: ['account-stats', range.from, range.to, range.interval, range.tz],
    queryFn: async (): Promise<Schemas['ClickSeries']> =>
      (await api.GET('/stats', { params: { query: { from: range.from, to: range.to, interval: range.interval, tz: range.tz } } })).data
        .data,
    enabled,
    placeholderData: keepPreviousData,
  });
}

function AccountStats() {
  const [range, setRange] = useState<Range>(defaultRange);
  const queryClient = useQueryClient();
  // Every click of the account's links and scan of its codes moves the totals as it lands.
  const [refresh] = useState(() => throttle(() => void queryClient.invalidateQueries({ queryKey: ['account-stats'] }), 1000));
  useLiveClicks(refresh);
  const current = useAccountSeries(range);
  const previous = useAccountSeries(previousRange(range), range.compare);
  return (
    <section aria-labelledby="totals-title">
      <h2 id="totals-title">Clicks of all your links</h2>
      <StatsControls range={range} onChange={setRange} />
      {current.isPending ? (
        <Loading label="Loading the account's clicks" />
      ) : current.isError ? (
        <ErrorState error={current.error} retry={() => void current.refetch()} />
      ) : (
        <>
          <ClicksChart series={current.data} previous={range.compare ? previous.data : undefined} title="Clicks of the account" />
          <h3>Top links in this range</h3>
          {current.data.topLinks?.length ? (
            <ol className="top-links">
              {current.data.topLinks.map((link) => (
                <li key={link.id}>
                  <Link to={`/links/${link.id}`}>
                    <bdi>{link.shorturl.replace(/^https?:\/\//, '')}</bdi>
                  </Link>{' '}
                  <span className="muted">{plural(link.clicks, 'click')}</span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="muted">No clicks in this range.</p>
          )}
        </>
      )}
    </section>
  );
}
