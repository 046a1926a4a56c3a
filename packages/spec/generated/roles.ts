// Generated from openapi.yaml by scripts/roles.mjs (pnpm --filter @linkyard/spec generate): do not edit.
// What each operation needs (see "Requests" in the document).

/** The roles in a workspace, from least to most: each may do what the ones before it may. */
export const ROLES = ['viewer', 'editor', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What an operation needs:
 * - a role in the workspace the request acts in (X-Linkyard-Workspace, the workspace key's, or
 *   the person's own);
 * - `{ role, in: 'path' }`: a role in the workspace its path names (`/workspace/{id}/...`);
 * - 'person': a signed-in person, in no workspace; a workspace key cannot call these;
 * - 'public': no credentials at all.
 */
export type Need = Role | { readonly role: Role; readonly in: 'path' } | 'person' | 'public';

export const NEEDS = {
  "acceptInvitation": "person",
  "addBioPage": "editor",
  "addCampaign": "editor",
  "addChannel": "editor",
  "addDomain": "admin",
  "addInvitation": {
    "role": "admin",
    "in": "path"
  },
  "addOverlay": "editor",
  "addPixel": "editor",
  "addQr": "editor",
  "addReport": "editor",
  "addSplash": "editor",
  "addTag": "editor",
  "addUrl": "editor",
  "addUrlsInBulk": "editor",
  "addUser": "person",
  "addWebhook": "admin",
  "addWorkspace": "person",
  "addWorkspaceKey": {
    "role": "admin",
    "in": "path"
  },
  "assignCampaignLink": "editor",
  "assignChannelItem": "editor",
  "bioPageImage": "public",
  "campaignList": "public",
  "completeSsoSession": "public",
  "deleteBioPage": "editor",
  "deleteCampaign": "editor",
  "deleteChannel": "editor",
  "deleteDomain": "admin",
  "deleteInvitation": {
    "role": "admin",
    "in": "path"
  },
  "deleteOverlay": "editor",
  "deletePixel": "editor",
  "deleteQr": "editor",
  "deleteReport": "editor",
  "deleteSplash": "editor",
  "deleteTag": "editor",
  "deleteUrl": "editor",
  "deleteUser": "person",
  "deleteWebhook": "admin",
  "deleteWorkspace": {
    "role": "owner",
    "in": "path"
  },
  "deleteWorkspaceKey": {
    "role": "admin",
    "in": "path"
  },
  "domainRoot": "public",
  "endSession": "person",
  "exportAudit": {
    "role": "admin",
    "in": "path"
  },
  "exportUrlClicks": "viewer",
  "exportUrls": "viewer",
  "followBioBlock": "public",
  "getAccount": "person",
  "getAccountStats": "viewer",
  "getBioBlockStats": "viewer",
  "getBioPage": "viewer",
  "getBioPageQr": "viewer",
  "getBioPageStats": "viewer",
  "getCampaign": "viewer",
  "getCampaignStats": "viewer",
  "getChannelItems": "viewer",
  "getDocs": "public",
  "getDomain": "viewer",
  "getDomainOrphanStats": "viewer",
  "getDomainVerification": "admin",
  "getInvitation": "person",
  "getMetrics": "public",
  "getOpenApi": "public",
  "getOverlay": "viewer",
  "getQr": "viewer",
  "getQrStats": "viewer",
  "getSession": "person",
  "getSharedReport": "public",
  "getSharedReportStats": "public",
  "getSignInMethods": "public",
  "getSplash": "viewer",
  "getTagStats": "viewer",
  "getUrl": "viewer",
  "getUrlQr": "viewer",
  "getUrlStats": "viewer",
  "getUser": "person",
  "getWebhook": "admin",
  "getWorkspace": {
    "role": "viewer",
    "in": "path"
  },
  "healthz": "public",
  "importUrls": "editor",
  "listAudit": {
    "role": "admin",
    "in": "path"
  },
  "listBioPages": "viewer",
  "listCampaigns": "viewer",
  "listChannels": "viewer",
  "listDomains": "viewer",
  "listInvitations": {
    "role": "admin",
    "in": "path"
  },
  "listMembers": {
    "role": "viewer",
    "in": "path"
  },
  "listOverlays": "viewer",
  "listPixels": "viewer",
  "listPlans": "person",
  "listQrs": "viewer",
  "listReports": "viewer",
  "listSplash": "viewer",
  "listTags": "viewer",
  "listUrls": "viewer",
  "listUsers": "person",
  "listWebhookDeliveries": "admin",
  "listWebhooks": "admin",
  "listWorkspaceKeys": {
    "role": "admin",
    "in": "path"
  },
  "listWorkspaces": "person",
  "previewBioPage": "editor",
  "previewCampaign": "viewer",
  "previewNewBioPage": "editor",
  "previewOverlay": "viewer",
  "previewQr": "editor",
  "previewSplash": "viewer",
  "qrImage": "public",
  "readyz": "public",
  "redirectAlias": "public",
  "removeMember": {
    "role": "viewer",
    "in": "path"
  },
  "replayWebhookDelivery": "admin",
  "rotateAccountApiKey": "person",
  "rotateCampaign": "public",
  "rotateUserApiKey": "person",
  "scanQr": "public",
  "startSession": "public",
  "startSsoSession": "public",
  "streamClicks": "viewer",
  "subscribeUser": "person",
  "unassignChannelItem": "editor",
  "unlockAlias": "public",
  "updateAccount": "person",
  "updateBioPage": "editor",
  "updateCampaign": "editor",
  "updateChannel": "editor",
  "updateDomain": "admin",
  "updateMember": {
    "role": "admin",
    "in": "path"
  },
  "updateOverlay": "editor",
  "updatePixel": "editor",
  "updateQr": "editor",
  "updateSplash": "editor",
  "updateTag": "editor",
  "updateUrl": "editor",
  "updateUrls": "editor",
  "updateUser": "person",
  "updateWebhook": "admin",
  "updateWorkspace": {
    "role": "admin",
    "in": "path"
  }
} as const satisfies Record<string, Need>;

/** Whether `role` may do what `needed` may. */
export const covers = (role: Role, needed: Role): boolean => ROLES.indexOf(role) >= ROLES.indexOf(needed);
