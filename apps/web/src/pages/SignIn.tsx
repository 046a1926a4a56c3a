import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { startSession } from '../session';
import { ErrorAlert, Notice } from '../components/FormCard';
import { TextInput } from '../components/TextInput';

/**
 * Signing in: with the account's username or e-mail address and password, or with its API key
 * (the admin account made at the first start has only the key printed then). The session is a
 * cookie the page cannot read; nothing secret is kept by the page.
 */
export function SignIn({ ended }: { ended: boolean }) {
  const methods = useQuery({
    queryKey: ['session', 'methods'],
    queryFn: async () => (await api.GET('/session/methods')).data.data,
    staleTime: Infinity,
  });
  const sso = methods.data?.sso ?? null;
  const refusal = ssoRefusal;
  const [mode, setMode] = useState<'password' | 'apikey'>('password');
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [apikey, setApikey] = useState('');
  const signIn = useMutation({
    mutationFn: async () => {
      const body = mode === 'password' ? { login, password } : { apikey };
      const { data } = await api.POST('/session', { body });
      return data.data;
    },
    onSuccess: (session) => {
      ssoRefusal = null;
      setPassword('');
      setApikey('');
      startSession(session);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };

  return (
    <main id="main" className="narrow signin">
      <h1 tabIndex={-1}>Sign in to Linkyard</h1>
      {ended && !signIn.isError && <Notice>Your session has ended. Sign in again to go on.</Notice>}
      {refusal && (
        <p className="error" role="alert">
          {refusalText(refusal, sso?.name ?? 'your organisation’s provider')}
        </p>
      )}
      {sso && (
        <div className="sso">
          <a className="button" href={sso.start}>
            Sign in with <bdi>{sso.name}</bdi>
          </a>
          <p className="muted small">or with your Linkyard password or API key:</p>
        </div>
      )}
      <form onSubmit={submit} noValidate>
        <fieldset className="choice">
          <legend>Sign in with</legend>
          <label>
            <input type="radio" name="mode" checked={mode === 'password'} onChange={() => setMode('password')} /> Password
          </label>
          <label>
            <input type="radio" name="mode" checked={mode === 'apikey'} onChange={() => setMode('apikey')} /> API key
          </label>
        </fieldset>
        {mode === 'password' ? (
          <>
            <label htmlFor="login">Username or e-mail address</label>
            <TextInput id="login" name="username" autoComplete="username" required value={login} onChange={setLogin} />
            <label htmlFor="password">Password</label>
            <TextInput
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={setPassword}
            />
          </>
        ) : (
          <>
            <label htmlFor="apikey">API key</label>
            <TextInput
              id="apikey"
              name="apikey"
              type="password"
              autoComplete="off"
              spellCheck={false}
              required
              aria-describedby="apikey-help"
              value={apikey}
              onChange={setApikey}
            />
            <p id="apikey-help" className="help">
              The key starts with <code>lyk_</code>. The first start of the service prints the admin account&apos;s key; set a password on
              the Account page afterwards.
            </p>
          </>
        )}
        <ErrorAlert error={signIn.error} />
        <button type="submit" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}

/**
 * Why a sign-in through the provider did not happen (the service says it in `?sso=`): read as the
 * dashboard loads, before its router moves to the first page, and taken off the address, so that
 * a reload does not say it again.
 */
let ssoRefusal: string | null = takeSsoRefusal();

function takeSsoRefusal(): string | null {
  const url = new URL(window.location.href);
  const reason = url.searchParams.get('sso');
  if (reason === null) return null;
  url.searchParams.delete('sso');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  return reason;
}

function refusalText(reason: string, provider: string): string {
  switch (reason) {
    case 'expired':
      return `The sign-in through ${provider} took too long, or began in another browser. Try again.`;
    case 'denied':
      return `${provider} did not let you sign in.`;
    case 'unavailable':
      return `${provider} did not answer. Try again in a moment.`;
    case 'no-account':
      return 'There is no Linkyard account for you here, and this service makes none at a first sign-in. Ask its admin.';
    case 'no-email':
      return `${provider} gave no e-mail address for you, which a new account needs.`;
    case 'disabled':
      return 'Your account is disabled. Ask the service’s admin.';
    default:
      return `The answer from ${provider} failed a check, so you are not signed in. Try again; if it happens again, tell the service’s admin.`;
  }
}
