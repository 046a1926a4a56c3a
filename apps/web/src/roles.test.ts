import { describe, expect, it } from 'vitest';
import { NEEDS } from '@linkyard/spec/roles';
import { allows, type Operation } from './roles';
import { rolesGivenBy } from './pages/workspaces/roles';

describe('what the dashboard offers each role', () => {
  it('follows the table of the API document', () => {
    expect(allows('viewer', 'listUrls')).toBe(true);
    expect(allows('viewer', 'addUrl')).toBe(false);
    expect(allows('editor', 'addUrl')).toBe(true);
    expect(allows('editor', 'addDomain')).toBe(false);
    expect(allows('admin', 'listWebhooks')).toBe(true);
    expect(allows('admin', 'deleteWorkspace')).toBe(false);
    expect(allows('owner', 'deleteWorkspace')).toBe(true);
    // A person's own operations need no role; an unknown role (still loading) offers no change.
    expect(allows('viewer', 'getAccount')).toBe(true);
    expect(allows(null, 'addUrl')).toBe(false);
    expect(allows(null, 'listUrls')).toBe(false);
  });

  it('offers an owner every operation, and a viewer only what reads', () => {
    const operations = Object.keys(NEEDS) as Operation[];
    expect(operations.every((operation) => allows('owner', operation))).toBe(true);
    const viewer = operations.filter((operation) => allows('viewer', operation));
    // What a viewer may call that changes something: their own account and workspaces, the service
    // admin's operations (the admin guard checks those), and the public routes.
    const changing = viewer.filter((operation) => /^(add|update|delete|assign|unassign|import|rotate)/.test(operation));
    expect(changing.sort()).toEqual([
      'addUser',
      'addWorkspace',
      'deleteUser',
      'rotateAccountApiKey',
      'rotateCampaign',
      'rotateUserApiKey',
      'updateAccount',
      'updateUser',
    ]);
  });

  it('lets only an owner give the owner role', () => {
    expect(rolesGivenBy('owner')).toEqual(['owner', 'admin', 'editor', 'viewer']);
    expect(rolesGivenBy('admin')).toEqual(['admin', 'editor', 'viewer']);
  });
});
