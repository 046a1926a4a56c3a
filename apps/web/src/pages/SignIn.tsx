import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
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
