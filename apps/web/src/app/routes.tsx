import { createRootRoute, createRoute, createRouter, notFound, redirect } from '@tanstack/react-router';
import { App } from './App';
import { NotFoundPage, RouteError } from './RouteError';
import { lazyPage } from './lazy-page';
import { LinksPage, type LinksSearch } from '../pages/links/LinksPage';

/** Where the service serves the dashboard (vite.config.ts `base`). */
export const BASE = '/dashboard';

/** A record's id in a path: a positive integer, or the page is "not found" (the API's ids are 1 to 2^31 - 1). */
function recordId(text: string): number {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's own "not found", thrown as it asks
  if (!/^[1-9][0-9]{0,9}$/.test(text) || Number(text) > 2_147_483_647) throw notFound();
  return Number(text);
}
const idParams = {
  parse: ({ id }: { id: string }) => ({ id: recordId(id) }),
  stringify: ({ id }: { id: number }) => ({ id: String(id) }),
};

const root = createRootRoute({ component: App, notFoundComponent: NotFoundPage, errorComponent: RouteError });
/** A route of the app: a path under the root, and its page (loaded when first shown, but for the links). */
const page = <P extends string>(path: P, component: ReturnType<typeof lazyPage>) =>
  createRoute({ getParentRoute: () => root, path, component });

const index = createRoute({
  getParentRoute: () => root,
  path: '/',
  beforeLoad: () => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's redirect, thrown as it asks
    throw redirect({ to: '/links', replace: true });
  },
});
const links = createRoute({
  getParentRoute: () => root,
  path: '/links',
  component: LinksPage,
  // The search, sort and page of the list are in the address: a view can be bookmarked and shared.
  validateSearch: (search: Record<string, unknown>): LinksSearch => ({
    q: typeof search.q === 'string' && search.q !== '' ? search.q : undefined,
    order: search.order === 'clicks' ? 'clicks' : undefined,
    page: typeof search.page === 'number' && Number.isInteger(search.page) && search.page > 1 ? search.page : undefined,
  }),
});

// Built apart from addChildren: within its call, the paths would be typed as any string.
const pages = [
  index,
  links,
  page(
    '/links/new',
    lazyPage(() => import('../pages/links/LinkFormPage')),
  ),
  createRoute({
    getParentRoute: () => root,
    path: '/links/$id',
    params: idParams,
    component: lazyPage(() => import('../pages/links/LinkPage')),
  }),
  createRoute({
    getParentRoute: () => root,
    path: '/links/$id/edit',
    params: idParams,
    component: lazyPage(() => import('../pages/links/LinkFormPage')),
  }),
  page(
    '/bio',
    lazyPage(() => import('../pages/bio/BioPagesPage')),
  ),
  page(
    '/bio/new',
    lazyPage(() => import('../pages/bio/BioEditorPage')),
  ),
  createRoute({
    getParentRoute: () => root,
    path: '/bio/$id',
    params: idParams,
    component: lazyPage(() => import('../pages/bio/BioPage')),
  }),
  createRoute({
    getParentRoute: () => root,
    path: '/bio/$id/edit',
    params: idParams,
    component: lazyPage(() => import('../pages/bio/BioEditorPage')),
  }),
  page(
    '/bulk',
    lazyPage(() => import('../pages/bulk/BulkPage')),
  ),
  page(
    '/campaigns',
    lazyPage(() => import('../pages/campaigns/CampaignsPage')),
  ),
  createRoute({
    getParentRoute: () => root,
    path: '/campaigns/$id',
    params: idParams,
    component: lazyPage(() => import('../pages/campaigns/CampaignPage')),
  }),
  page(
    '/channels',
    lazyPage(() => import('../pages/channels/ChannelsPage')),
  ),
  createRoute({
    getParentRoute: () => root,
    path: '/channels/$id',
    params: idParams,
    component: lazyPage(() => import('../pages/channels/ChannelPage')),
  }),
  page(
    '/qr',
    lazyPage(() => import('../pages/qr/QrCodesPage')),
  ),
  page(
    '/qr/new',
    lazyPage(() => import('../pages/qr/NewQrPage')),
  ),
  createRoute({ getParentRoute: () => root, path: '/qr/$id', params: idParams, component: lazyPage(() => import('../pages/qr/QrPage')) }),
  page(
    '/pixels',
    lazyPage(() => import('../pages/pixels/PixelsPage')),
  ),
  page(
    '/pages',
    lazyPage(() => import('../pages/visit/VisitPagesPage')),
  ),
  page(
    '/domains',
    lazyPage(() => import('../pages/domains/DomainsPage')),
  ),
  page(
    '/webhooks',
    lazyPage(() => import('../pages/webhooks/WebhooksPage')),
  ),
  createRoute({
    getParentRoute: () => root,
    path: '/webhooks/$id',
    params: idParams,
    component: lazyPage(() => import('../pages/webhooks/WebhookPage')),
  }),
  page(
    '/account',
    lazyPage(() => import('../pages/account/AccountPage')),
  ),
  page(
    '/admin',
    lazyPage(() => import('../pages/admin/AdminPage')),
  ),
] as const;
const routeTree = root.addChildren(pages);

/**
 * The dashboard's router (TanStack Router): typed paths, parameters and search, so a link to a
 * page that does not exist, or without its id, does not compile; the pages but the first load
 * when first shown, or when a link to them is pointed at.
 */
export const router = createRouter({
  routeTree,
  basepath: BASE,
  defaultPreload: 'intent',
  defaultErrorComponent: RouteError,
  defaultNotFoundComponent: NotFoundPage,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
