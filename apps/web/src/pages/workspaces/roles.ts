import { ROLES, type Role } from '@linkyard/spec/roles';

/** What each role may do, in a sentence (the table the service enforces is the document's). */
export const ROLE_SAYS: Record<Role, string> = {
  owner: 'Owner: everything, including deleting the workspace and making owners',
  admin: 'Admin: members, domains, webhooks and keys, and what editors do',
  editor: 'Editor: creates and changes links, bio pages, campaigns, channels, QR codes and pixels',
  viewer: 'Viewer: reads and exports lists and statistics, changes nothing',
};

/** The roles a member of `role` may give (only an owner makes owners), most first. */
export const rolesGivenBy = (role: Role): Role[] => [...ROLES].reverse().filter((each) => each !== 'owner' || role === 'owner');

/** A role's name as a sentence starts it. */
export const roleName = (role: Role): string => role[0]!.toUpperCase() + role.slice(1);
