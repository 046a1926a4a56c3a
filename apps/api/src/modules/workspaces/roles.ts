import type { operations } from '@linkyard/spec';
import type { Role } from '../../common/account';

export type { Role };
export type OperationId = keyof operations;

/** The roles from least to most: each may do what the ones before it may. */
export const ROLES: readonly Role[] = ['viewer', 'editor', 'admin', 'owner'];

/** Whether `role` may do what `needed` may. */
export const covers = (role: Role, needed: Role): boolean => ROLES.indexOf(role) >= ROLES.indexOf(needed);

/**
 * What an operation needs:
 * - a role in the workspace the request acts in (X-Linkyard-Workspace, the workspace key's, or
 *   the person's own);
 * - `{ role, in: 'path' }`: a role in the workspace its path names (`/workspace/{id}/...`);
 * - 'person': a signed-in person, in no workspace (their own account, sessions, invitations, and
 *   the service admin's operations, which AdminGuard checks). A workspace key cannot call these.
 * - 'public': no credentials at all.
 */
export type Need = Role | { role: Role; in: 'path' } | 'person' | 'public';

const path = (role: Role): Need => ({ role, in: 'path' });

/**
 * Every operation of the OpenAPI document and what it needs: the one table the workspace guard
 * reads. TypeScript fails when an operation of the document is missing here, and the service
 * refuses to start when a route has no entry (workspace.guard.ts).
 */
export const NEEDS: Record<OperationId, Need> = {
  // A person's own account and sessions.
  getAccount: 'person',
  updateAccount: 'person',
  rotateAccountApiKey: 'person',
  getSession: 'person',
  startSession: 'public',
  endSession: 'person',
  // The service's admin (AdminGuard: admin accounts only).
  listUsers: 'person',
  getUser: 'person',
  addUser: 'person',
  deleteUser: 'person',
  rotateUserApiKey: 'person',
  updateUser: 'person',
  listPlans: 'person',
  subscribeUser: 'person',
  // Statistics and streams of the workspace.
  getAccountStats: 'viewer',
  streamClicks: 'viewer',
  // Domains and webhooks: admins.
  listDomains: 'viewer',
  getDomainVerification: 'admin',
  addDomain: 'admin',
  updateDomain: 'admin',
  deleteDomain: 'admin',
  listWebhooks: 'admin',
  addWebhook: 'admin',
  getWebhook: 'admin',
  updateWebhook: 'admin',
  deleteWebhook: 'admin',
  listWebhookDeliveries: 'admin',
  replayWebhookDelivery: 'admin',
  // Links.
  listUrls: 'viewer',
  exportUrls: 'viewer',
  getUrl: 'viewer',
  getUrlStats: 'viewer',
  exportUrlClicks: 'viewer',
  getUrlQr: 'viewer',
  importUrls: 'editor',
  addUrl: 'editor',
  addUrlsInBulk: 'editor',
  updateUrl: 'editor',
  deleteUrl: 'editor',
  // Campaigns and channels.
  listCampaigns: 'viewer',
  getCampaign: 'viewer',
  getCampaignStats: 'viewer',
  previewCampaign: 'viewer',
  addCampaign: 'editor',
  assignCampaignLink: 'editor',
  updateCampaign: 'editor',
  deleteCampaign: 'editor',
  listChannels: 'viewer',
  getChannelItems: 'viewer',
  addChannel: 'editor',
  assignChannelItem: 'editor',
  unassignChannelItem: 'editor',
  updateChannel: 'editor',
  deleteChannel: 'editor',
  // Overlays, splash pages and pixels.
  listOverlays: 'viewer',
  getOverlay: 'viewer',
  previewOverlay: 'viewer',
  addOverlay: 'editor',
  updateOverlay: 'editor',
  deleteOverlay: 'editor',
  listSplash: 'viewer',
  getSplash: 'viewer',
  previewSplash: 'viewer',
  addSplash: 'editor',
  updateSplash: 'editor',
  deleteSplash: 'editor',
  listPixels: 'viewer',
  addPixel: 'editor',
  updatePixel: 'editor',
  deletePixel: 'editor',
  // QR codes and bio pages.
  listQrs: 'viewer',
  getQr: 'viewer',
  getQrStats: 'viewer',
  addQr: 'editor',
  previewQr: 'editor',
  updateQr: 'editor',
  deleteQr: 'editor',
  listBioPages: 'viewer',
  getBioPage: 'viewer',
  getBioPageStats: 'viewer',
  getBioBlockStats: 'viewer',
  getBioPageQr: 'viewer',
  addBioPage: 'editor',
  previewNewBioPage: 'editor',
  previewBioPage: 'editor',
  updateBioPage: 'editor',
  deleteBioPage: 'editor',
  // Workspaces, their members, invitations, keys and audit log.
  listWorkspaces: 'person',
  addWorkspace: 'person',
  getWorkspace: path('viewer'),
  updateWorkspace: path('admin'),
  deleteWorkspace: path('owner'),
  listMembers: path('viewer'),
  updateMember: path('admin'),
  // Any member may leave; removing another needs an admin (the service checks which it is).
  removeMember: path('viewer'),
  listInvitations: path('admin'),
  addInvitation: path('admin'),
  deleteInvitation: path('admin'),
  getInvitation: 'person',
  acceptInvitation: 'person',
  listWorkspaceKeys: path('admin'),
  addWorkspaceKey: path('admin'),
  deleteWorkspaceKey: path('admin'),
  listAudit: path('admin'),
  exportAudit: path('admin'),
  // The service itself, and what visitors open.
  healthz: 'public',
  readyz: 'public',
  getMetrics: 'public',
  getOpenApi: 'public',
  getDocs: 'public',
  redirectAlias: 'public',
  unlockAlias: 'public',
  rotateCampaign: 'public',
  campaignList: 'public',
  qrImage: 'public',
  scanQr: 'public',
  followBioBlock: 'public',
  bioPageImage: 'public',
  domainRoot: 'public',
};

/**
 * Routes that are no operation of the document, and need credentials but no workspace: the
 * answer to a path no operation serves (404, or 405 with Allow) comes after the key is checked.
 */
export const BEYOND_THE_DOCUMENT: Readonly<Record<string, 'any'>> = { unmatched: 'any' };

/** Changing operations that change nothing stored (previews): left out of the audit log. */
export const UNRECORDED: ReadonlySet<OperationId> = new Set<OperationId>(['previewQr', 'previewNewBioPage', 'previewBioPage']);
