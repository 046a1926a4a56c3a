import { createRootRoute, createRoute, createRouter, notFound, redirect } from '@tanstack/react-router';
import { App } from './App';
import { NotFoundPage, RouteError } from './RouteError';
import { lazyPage } from './lazy-page';
import { LinksPage, type LinksSearch } from '../pages/links/LinksPage';
import type { AuditSearch } from '../pages/workspaces/AuditPage';
import type { CompareSearch } from '../pages/ComparePage';
import { statsFiltersIn } from '../components/stats-filters';

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

/** A day as the date inputs give it (YYYY-MM-DD). */
const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A record's id in the address (a campaign's, a channel's), or nothing. */
function positiveId(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : undefined;
}

/** The tags of the links list's address: a list (or one, typed by hand) of short texts; no more than the API takes. */
function tagsIn(value: unknown): string[] | undefined {
  // A tag typed by hand that reads as a number (`?tag=2026`) is that text.
  const list = (Array.isArray(value) ? value : [value])
    .map((item: unknown) => (typeof item === 'number' ? String(item) : item))
    .filter((item): item is string => typeof item === 'string' && item.trim() !== '');
  // Characters, as the API counts them (an emoji is one).
  const tags = [...new Set(list.map((item) => item.trim().toLowerCase()).filter((item) => [...item].length <= 50))].slice(0, 20);
  return tags.length ? tags : undefined;
}

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
    tag: tagsIn(search.tag),
    campaign: positiveId(search.campaign),
    channel: positiveId(search.channel),
    domain: typeof search.domain === 'string' && search.domain !== '' && search.domain.length <= 300 ? search.domain : undefined,
    status: search.status === 'public' || search.status === 'private' ? search.status : undefined,
    state:
      search.state === 'active' || search.state === 'expired' || search.state === 'limited' || search.state === 'scheduled'
        ? search.state
        : undefined,
    from: isDay(search.from) ? search.from : undefined,
    until: isDay(search.until) ? search.until : undefined,
    archived: search.archived === 'include' || search.archived === 'only' ? search.archived : undefined,
    page: typeof search.page === 'number' && Number.isInteger(search.page) && search.page > 1 ? search.page : undefined,
  }),
});

/** Each page's code, loaded when the page is first shown (or a link to it is pointed at). */
const PAGES = {
  linkForm: lazyPage(() => import('../pages/links/LinkFormPage')),
  link: lazyPage(() => import('../pages/links/LinkPage')),
  tags: lazyPage(() => import('../pages/tags/TagsPage')),
  bioPages: lazyPage(() => import('../pages/bio/BioPagesPage')),
  bioEditor: lazyPage(() => import('../pages/bio/BioEditorPage')),
  bio: lazyPage(() => import('../pages/bio/BioPage')),
  bulk: lazyPage(() => import('../pages/bulk/BulkPage')),
  campaigns: lazyPage(() => import('../pages/campaigns/CampaignsPage')),
  campaign: lazyPage(() => import('../pages/campaigns/CampaignPage')),
  channels: lazyPage(() => import('../pages/channels/ChannelsPage')),
  channel: lazyPage(() => import('../pages/channels/ChannelPage')),
  qrs: lazyPage(() => import('../pages/qr/QrCodesPage')),
  newQr: lazyPage(() => import('../pages/qr/NewQrPage')),
  qr: lazyPage(() => import('../pages/qr/QrPage')),
  pixels: lazyPage(() => import('../pages/pixels/PixelsPage')),
  visitPages: lazyPage(() => import('../pages/visit/VisitPagesPage')),
  domains: lazyPage(() => import('../pages/domains/DomainsPage')),
  domain: lazyPage(() => import('../pages/domains/DomainPage')),
  webhooks: lazyPage(() => import('../pages/webhooks/WebhooksPage')),
  webhook: lazyPage(() => import('../pages/webhooks/WebhookPage')),
  account: lazyPage(() => import('../pages/account/AccountPage')),
  admin: lazyPage(() => import('../pages/admin/AdminPage')),
  invitation: lazyPage(() => import('../pages/workspaces/InvitationPage')),
  workspaces: lazyPage(() => import('../pages/workspaces/WorkspacesPage')),
  workspace: lazyPage(() => import('../pages/workspaces/WorkspacePage')),
  audit: lazyPage(() => import('../pages/workspaces/AuditPage')),
  shared: lazyPage(() => import('../pages/SharedReportPage')),
  compare: lazyPage(() => import('../pages/ComparePage')),
};
const parent = { getParentRoute: () => root };

// Built apart from addChildren: within its call, the paths would be typed as any string.
const pages = [
  index,
  links,
  page('/links/new', PAGES.linkForm),
  // A statistics page keeps the values chosen in its top lists in its address (click to filter).
  createRoute({ ...parent, path: '/links/$id', params: idParams, component: PAGES.link, validateSearch: statsFiltersIn }),
  createRoute({ ...parent, path: '/links/$id/edit', params: idParams, component: PAGES.linkForm }),
  page('/tags', PAGES.tags),
  // What is compared is in the address: a comparison can be bookmarked.
  createRoute({
    ...parent,
    path: '/compare',
    component: PAGES.compare,
    validateSearch: (search: Record<string, unknown>): CompareSearch => {
      // Five in all at most, links first.
      const ids = (value: unknown, room: number) => {
        const list = (Array.isArray(value) ? value : []).map(positiveId).filter((id): id is number => id !== undefined);
        return list.length && room > 0 ? [...new Set(list)].slice(0, room) : undefined;
      };
      const links = ids(search.links, 5);
      const campaigns = ids(search.campaigns, 5 - (links?.length ?? 0));
      // A tag as the API takes it: 1 to 50 characters, no control character.
      const names = (Array.isArray(search.tags) ? search.tags : []).filter(
        (name): name is string => typeof name === 'string' && /^[^\p{Cc}]{1,50}$/u.test(name),
      );
      const room = 5 - (links?.length ?? 0) - (campaigns?.length ?? 0);
      const tags = names.length && room > 0 ? [...new Set(names)].slice(0, room) : undefined;
      return { links, campaigns, tags };
    },
  }),
  page('/bio', PAGES.bioPages),
  page('/bio/new', PAGES.bioEditor),
  createRoute({ ...parent, path: '/bio/$id', params: idParams, component: PAGES.bio }),
  createRoute({ ...parent, path: '/bio/$id/edit', params: idParams, component: PAGES.bioEditor }),
  page('/bulk', PAGES.bulk),
  page('/campaigns', PAGES.campaigns),
  createRoute({ ...parent, path: '/campaigns/$id', params: idParams, component: PAGES.campaign, validateSearch: statsFiltersIn }),
  page('/channels', PAGES.channels),
  createRoute({ ...parent, path: '/channels/$id', params: idParams, component: PAGES.channel }),
  page('/qr', PAGES.qrs),
  page('/qr/new', PAGES.newQr),
  createRoute({ ...parent, path: '/qr/$id', params: idParams, component: PAGES.qr }),
  page('/pixels', PAGES.pixels),
  page('/pages', PAGES.visitPages),
  page('/domains', PAGES.domains),
  createRoute({ ...parent, path: '/domains/$id', params: idParams, component: PAGES.domain, validateSearch: statsFiltersIn }),
  page('/webhooks', PAGES.webhooks),
  createRoute({ ...parent, path: '/webhooks/$id', params: idParams, component: PAGES.webhook }),
  createRoute({ ...parent, path: '/account', component: PAGES.account, validateSearch: statsFiltersIn }),
  page('/admin', PAGES.admin),
  page('/workspaces', PAGES.workspaces),
  createRoute({ ...parent, path: '/workspaces/$id', params: idParams, component: PAGES.workspace }),
  createRoute({
    ...parent,
    path: '/workspaces/$id/audit',
    params: idParams,
    component: PAGES.audit,
    // The filters and page are in the address: a filtered view can be bookmarked and shared.
    validateSearch: (search: Record<string, unknown>): AuditSearch => ({
      user: typeof search.user === 'number' && Number.isInteger(search.user) && search.user > 0 ? search.user : undefined,
      operation: typeof search.operation === 'string' && /^[A-Za-z]{1,64}$/.test(search.operation) ? search.operation : undefined,
      from: isDay(search.from) ? search.from : undefined,
      to: isDay(search.to) ? search.to : undefined,
      page: typeof search.page === 'number' && Number.isInteger(search.page) && search.page > 1 ? search.page : undefined,
    }),
  }),
  // An invitation link (the service makes it): join a workspace.
  page('/invitation/$token', PAGES.invitation),
  // A shared report's address: read without signing in (App shows it outside the shell).
  createRoute({ ...parent, path: '/shared/$token', component: PAGES.shared, validateSearch: statsFiltersIn }),
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
