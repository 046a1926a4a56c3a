import { lazy, Suspense, useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage, isStatus, rememberSession, type Session } from './api';
import { Link, navigate, useLocation } from './router';
import { SignIn } from './pages/SignIn';
import { LinksPage } from './pages/Links';
import { ErrorState, Loading } from './components/states';

// The pages with charts and long forms load when first visited: the first page stays small.
const LinkPage = lazy(() => import('./pages/LinkPage'));
const LinkFormPage = lazy(() => import('./pages/LinkForm'));
const AccountPage = lazy(() => import('./pages/Account'));

export const SESSION_KEY = ['session'] as const;

/**
 * How the last session ended: `expired` when the service stopped taking it (idle, too old, ended
 * elsewhere), so the sign-in form says why; `user` when the user signed out.
 */
let lastEnd: 'expired' | 'user' | null = null;
export function markSignedOut(): void {
  lastEnd = 'user';
}
export function markSignedIn(): void {
  lastEnd = null;
}
export function markSessionExpired(): void {
  if (lastEnd !== 'user') lastEnd = 'expired';
}

/** Who is signed in: null when nobody is (the session cookie is missing or ended). */
export function useSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: async (): Promise<Session | null> => {
      try {
        const { data } = await api.GET('/session');
        return data.data;
      } catch (error) {
        if (isStatus(error, 401)) return null;
        throw error;
      }
    },
    staleTime: Infinity,
  });
}

export function App() {
  const session = useSession();
  const queryClient = useQueryClient();
  rememberSession(session.data ?? null);

  useEffect(() => {
    if (session.data === null) {
      // Nothing of the last account stays in memory once signed out.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
    }
  }, [session.data, queryClient]);

  if (session.isPending) return <Loading label="Loading the dashboard" />;
  if (session.isError)
    return (
      <main id="main" className="narrow">
        <h1 tabIndex={-1}>Linkyard</h1>
        <ErrorState error={session.error} retry={() => void session.refetch()} />
      </main>
    );
  if (session.data === null) return <SignIn ended={lastEnd === 'expired'} />;
  return <Shell session={session.data} />;
}

function Shell({ session }: { session: Session }) {
  const { path } = useLocation();
  const queryClient = useQueryClient();
  const signOut = useMutation({
    mutationFn: () => api.DELETE('/session'),
    onMutate: markSignedOut,
    onSettled: () => {
      queryClient.setQueryData(SESSION_KEY, null);
      navigate('/', { replace: true });
    },
  });
  const section = path.startsWith('/account') ? 'account' : 'links';

  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <Link to="/links" className="brand">
          Linkyard
        </Link>
        <nav aria-label="Main">
          <ul>
            <li>
              <Link to="/links" aria-current={section === 'links' ? 'page' : undefined}>
                Links
              </Link>
            </li>
            <li>
              <Link to="/account" aria-current={section === 'account' ? 'page' : undefined}>
                Account
              </Link>
            </li>
          </ul>
        </nav>
        <div className="who">
          <span className="muted">
            Signed in as <bdi>{session.account.username}</bdi>
          </span>
          <button type="button" className="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            Sign out
          </button>
        </div>
      </header>
      {signOut.isError && <p role="alert">{errorMessage(signOut.error)}</p>}
      <Suspense fallback={<Loading label="Loading the page" />}>
        <Route path={path} />
      </Suspense>
    </>
  );
}

function Route({ path }: { path: string }) {
  if (path === '/' || path === '/links') return <LinksPage />;
  if (path === '/links/new') return <LinkFormPage />;
  const edit = /^\/links\/(\d{1,10})\/edit$/.exec(path);
  if (edit) return <LinkFormPage id={Number(edit[1])} />;
  const link = /^\/links\/(\d{1,10})$/.exec(path);
  if (link) return <LinkPage id={Number(link[1])} />;
  if (path === '/account') return <AccountPage />;
  return (
    <main id="main">
      <h1 tabIndex={-1}>Page not found</h1>
      <p>There is no page at this address.</p>
      <p>
        <Link to="/links">Go to your links</Link>
      </p>
    </main>
  );
}
