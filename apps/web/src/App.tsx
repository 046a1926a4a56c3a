import { lazy, Suspense, useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage, rememberSession, type Session } from './api';
import { SESSION_KEY, markSignedOut, sessionExpired, useSession } from './session';
import { Link, navigate, useLocation } from './router';
import { SignIn } from './pages/SignIn';
import { LinksPage } from './pages/Links';
import { ErrorState, Loading } from './components/states';
import { RateLimitNotice } from './components/RateLimitNotice';

// The pages with charts and long forms load when first visited: the first page stays small.
const LinkPage = lazy(() => import('./pages/LinkPage'));
const LinkFormPage = lazy(() => import('./pages/LinkForm'));
const AccountPage = lazy(() => import('./pages/Account'));
const CampaignsPage = lazy(() => import('./pages/Campaigns'));
const CampaignPage = lazy(() => import('./pages/Campaigns').then((module) => ({ default: module.CampaignPage })));
const ChannelsPage = lazy(() => import('./pages/Channels'));
const ChannelPage = lazy(() => import('./pages/Channels').then((module) => ({ default: module.ChannelPage })));
const PixelsPage = lazy(() => import('./pages/Pixels'));
const QrCodesPage = lazy(() => import('./pages/QrCodes'));
const NewQrPage = lazy(() => import('./pages/QrCodes').then((module) => ({ default: module.NewQrPage })));
const QrPage = lazy(() => import('./pages/QrCodes').then((module) => ({ default: module.QrPage })));
const VisitPagesPage = lazy(() => import('./pages/VisitPages'));
const DomainsPage = lazy(() => import('./pages/Domains'));
const BulkPage = lazy(() => import('./pages/Bulk'));
const WebhooksPage = lazy(() => import('./pages/Webhooks'));
const WebhookPage = lazy(() => import('./pages/Webhooks').then((module) => ({ default: module.WebhookPage })));
const AdminPage = lazy(() => import('./pages/Admin'));
const BioPagesPage = lazy(() => import('./pages/BioPages'));
const BioPage = lazy(() => import('./pages/BioPage'));
const BioEditorPage = lazy(() => import('./pages/BioEditor'));

/** The sections of the main menu: a path's first part names its section. */
const SECTIONS: { path: string; label: string; admin?: boolean }[] = [
  { path: '/links', label: 'Links' },
  { path: '/bio', label: 'Bio pages' },
  { path: '/bulk', label: 'Bulk' },
  { path: '/campaigns', label: 'Campaigns' },
  { path: '/channels', label: 'Channels' },
  { path: '/qr', label: 'QR codes' },
  { path: '/pixels', label: 'Pixels' },
  { path: '/pages', label: 'Overlays & splash' },
  { path: '/domains', label: 'Domains' },
  { path: '/webhooks', label: 'Webhooks' },
  { path: '/admin', label: 'Admin', admin: true },
  { path: '/account', label: 'Account' },
];

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

  return (
    <>
      {session.isPending ? (
        <Loading label="Loading the dashboard" />
      ) : session.isError ? (
        <main id="main" className="narrow">
          <h1 tabIndex={-1}>Linkyard</h1>
          <ErrorState error={session.error} retry={() => void session.refetch()} />
        </main>
      ) : session.data === null ? (
        <SignIn ended={sessionExpired()} />
      ) : (
        <Shell session={session.data} />
      )}
      <RateLimitNotice />
    </>
  );
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
  const first = `/${path.split('/')[1] ?? ''}`;
  const section = first === '/' ? '/links' : first;

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
            {SECTIONS.filter((item) => !item.admin || session.admin).map((item) => (
              <li key={item.path}>
                <Link to={item.path} aria-current={section === item.path ? 'page' : undefined}>
                  {item.label}
                </Link>
              </li>
            ))}
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
        <Route path={path} session={session} />
      </Suspense>
    </>
  );
}

function Route({ path, session }: { path: string; session: Session }) {
  if (path === '/' || path === '/links') return <LinksPage />;
  if (path === '/links/new') return <LinkFormPage />;
  const edit = /^\/links\/(\d{1,10})\/edit$/.exec(path);
  if (edit) return <LinkFormPage id={Number(edit[1])} />;
  const link = /^\/links\/(\d{1,10})$/.exec(path);
  if (link) return <LinkPage id={Number(link[1])} />;
  if (path === '/bio') return <BioPagesPage />;
  if (path === '/bio/new') return <BioEditorPage />;
  const bioEdit = /^\/bio\/(\d{1,10})\/edit$/.exec(path);
  if (bioEdit) return <BioEditorPage id={Number(bioEdit[1])} />;
  const bio = /^\/bio\/(\d{1,10})$/.exec(path);
  if (bio) return <BioPage id={Number(bio[1])} />;
  if (path === '/account') return <AccountPage />;
  if (path === '/campaigns') return <CampaignsPage />;
  const campaign = /^\/campaigns\/(\d{1,10})$/.exec(path);
  if (campaign) return <CampaignPage id={Number(campaign[1])} />;
  if (path === '/channels') return <ChannelsPage />;
  const channel = /^\/channels\/(\d{1,10})$/.exec(path);
  if (channel) return <ChannelPage id={Number(channel[1])} />;
  if (path === '/pixels') return <PixelsPage />;
  if (path === '/qr') return <QrCodesPage />;
  if (path === '/qr/new') return <NewQrPage />;
  const qr = /^\/qr\/(\d{1,10})$/.exec(path);
  if (qr) return <QrPage id={Number(qr[1])} />;
  if (path === '/pages') return <VisitPagesPage />;
  if (path === '/domains') return <DomainsPage />;
  if (path === '/bulk') return <BulkPage />;
  if (path === '/webhooks') return <WebhooksPage />;
  const webhook = /^\/webhooks\/(\d{1,10})$/.exec(path);
  if (webhook) return <WebhookPage id={Number(webhook[1])} />;
  // Only admins have this page; to anyone else it does not exist.
  if (path === '/admin' && session.admin) return <AdminPage self={session.account.id} />;
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
