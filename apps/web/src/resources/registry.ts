import type { QueryClient } from '@tanstack/react-query';

/**
 * Every resource of the API the dashboard reads. The first part of every query key is one of them
 * (`['campaigns', 'list', …]`, `['campaigns', 'choices']`), so a write invalidates a resource's
 * lists, records and the choices other forms offer in one go.
 */
export const RESOURCES = [
  'session',
  'account',
  'links',
  'tags',
  'campaigns',
  'channels',
  'pixels',
  'qrs',
  'domains',
  'overlays',
  'splash',
  'webhooks',
  'bio',
  'users',
  'plans',
  'stats',
  'workspaces',
  'reports',
] as const;

export type Resource = (typeof RESOURCES)[number];

/**
 * What a write to each resource changes on other pages: every resource whose queries it
 * invalidates, itself first. Exhaustive: a new resource does not compile until its line is
 * written (as the service's redirect cache drops by kind).
 */
export const INVALIDATES = {
  // Signing in or out, a new e-mail address or password: who is signed in, and the account.
  session: ['session', 'account'],
  account: ['account', 'session'],
  // A link's title and address show in channels' items, its tags in the tags' counts, the top lists of statistics and bio pages' choices.
  links: ['links', 'tags', 'channels', 'stats', 'bio', 'reports'],
  // A tag renamed or deleted changes the links that carry it.
  tags: ['tags', 'links'],
  // A campaign names the links it holds (their details, the link form's choice of campaign).
  campaigns: ['campaigns', 'links', 'stats', 'reports'],
  // A link's details list its channels; a channel's items are under channels.
  channels: ['channels', 'links', 'qrs', 'bio'],
  // Links and bio pages load pixels: their forms offer them, their details name them.
  pixels: ['pixels', 'links', 'bio'],
  // A QR code shows in channels' items and has scans.
  qrs: ['qrs', 'channels', 'stats'],
  // A link's or a bio page's short URL is on its domain.
  domains: ['domains', 'links', 'bio', 'qrs'],
  // How a link opens: its form offers overlays and splash pages.
  overlays: ['overlays', 'links'],
  splash: ['splash', 'links'],
  webhooks: ['webhooks'],
  bio: ['bio', 'channels', 'stats'],
  users: ['users'],
  plans: ['plans', 'users'],
  stats: ['stats'],
  // Joining a workspace: the workspaces a person is a member of.
  workspaces: ['workspaces'],
  // A link's or a campaign's shared reports (deleting either deletes them: see links and campaigns).
  reports: ['reports'],
} as const satisfies Record<Resource, readonly [Resource, ...Resource[]]>;

/** Marks stale every query a write to `resource` changes (see INVALIDATES); shown pages fetch again at once. */
export function invalidate(queryClient: QueryClient, resource: Resource): Promise<void> {
  return Promise.all(INVALIDATES[resource].map((target) => queryClient.invalidateQueries({ queryKey: [target] }))).then(() => undefined);
}
