import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { DataSource } from 'typeorm';
import { openApiDocument } from '../src/common/openapi-document';
import { NEEDS, ROLES, covers, type OperationId, type Role } from '../src/modules/workspaces/roles';
import { useApi } from './support/app';
import {
  createCampaign,
  createChannel,
  createDomain,
  createLink,
  createOverlay,
  createPixel,
  createQr,
  createSplash,
  createUser,
  PASSWORD,
  type TestUser,
} from './support/factories';
import { asBrowser, signIn } from './support/sessions';

const DAY_MS = 86_400_000;

/** The e-mails the SMTP server on loopback received. */
const mails: { to: string; text: string }[] = [];

describe('workspaces: members with roles, invitations, workspace keys, the audit log', () => {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((to) => to.address).join(','), text });
        done();
      });
    },
  });
  // On a port the system gives (a port worked out from the pid was sometimes taken), named to the
  // service before its start: useApi reads this object in its own beforeAll, which runs after this one.
  const env = { SMTP_URL: '', SMTP_FROM: 'Linkyard <links@links.test>' };
  beforeAll(
    () =>
      new Promise<void>((resolve, reject) => {
        smtp.server.once('error', reject);
        smtp.listen(0, '127.0.0.1', () => {
          env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
          resolve();
        });
      }),
  );
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  const api = useApi(env);
  let owner: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let team: number;

  const as = (user: TestUser, workspace?: number): { key: string; headers: Record<string, string> } => ({
    key: user.apikey,
    headers: workspace === undefined ? {} : { 'x-linkyard-workspace': String(workspace) },
  });
  const inviteAndAccept = async (person: TestUser, role: Role) => {
    const invited = await api.request('POST', `/l/api/workspace/${team}/invitation/add`, {
      ...as(owner),
      body: { email: person.email, role },
    });
    expect(invited.status).toBe(200);
    const token = String(invited.body.data.link).split('/').pop()!;
    const accepted = await api.request('POST', `/l/api/invitation/${token}/accept`, as(person));
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ id: team, role });
    return token;
  };

  beforeAll(async () => {
    [owner, editor, viewer, stranger] = [await createUser(api), await createUser(api), await createUser(api), await createUser(api)];
    const made = await api.request('POST', '/l/api/workspace/add', { ...as(owner), body: { name: 'Marketing — 市场部' } });
    expect(made.status).toBe(200);
    team = made.body.data.id;
    await inviteAndAccept(editor, 'editor');
    await inviteAndAccept(viewer, 'viewer');
  });

  it('gives every account its own workspace, with the account id, and keeps its key acting there', async () => {
    const mine = await api.request('GET', '/l/api/workspaces', as(stranger));
    expect(mine.body.data.workspaces).toEqual([
      expect.objectContaining({ id: stranger.id, name: stranger.username, personal: true, role: 'owner', members: 1 }),
    ]);
    const link = await createLink(api, stranger);
    const read = await api.request('GET', `/l/api/url/${link}`, as(stranger, stranger.id));
    expect(read.status).toBe(200);
    // Team workspaces draw ids from the accounts' sequence: no account has the team's id.
    expect((await api.request('GET', `/l/api/user/${team}`)).status).toBe(404);
  });

  it('lists the team with its members and their roles, the owner first', async () => {
    const listed = await api.request('GET', '/l/api/workspaces', as(editor));
    expect(listed.body.data.workspaces.map((w: { name: string; role: string }) => [w.name, w.role])).toEqual([
      [editor.username, 'owner'],
      ['Marketing — 市场部', 'editor'],
    ]);
    const members = await api.request('GET', `/l/api/workspace/${team}/members`, as(viewer));
    expect(members.body.data.members.map((m: { id: number; role: string }) => [m.id, m.role])).toEqual([
      [owner.id, 'owner'],
      [editor.id, 'editor'],
      [viewer.id, 'viewer'],
    ]);
  });

  it('lets an editor make a link in the team, a viewer read it and not change it, and hides it from everyone else', async () => {
    const made = await api.request('POST', '/l/api/url/add', {
      ...as(editor, team),
      body: { url: 'https://example.com/team', custom: `team-${team}` },
    });
    expect(made.status).toBe(200);
    const id = made.body.id as number;
    expect((await api.request('GET', `/l/api/url/${id}`, as(viewer, team))).body.details.shorturl).toBe(`http://links.test/team-${team}`);
    const refused = await api.request('PUT', `/l/api/url/${id}/update`, { ...as(viewer, team), body: { title: 'Viewer was here' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Your role in this workspace (viewer) cannot do this: it needs editor or above.');
    expect((await api.request('GET', `/l/api/url/${id}`, as(owner, team))).status).toBe(200);
    // Not in the owner's own workspace, nor the editor's; a stranger naming the team gets a 404.
    expect((await api.request('GET', `/l/api/url/${id}`, as(owner))).status).toBe(404);
    expect((await api.request('GET', `/l/api/url/${id}`, as(editor))).status).toBe(404);
    const strangers = await api.request('GET', `/l/api/urls`, as(stranger, team));
    expect(strangers.status).toBe(404);
    expect(strangers.body.message).toBe(`No workspace with id ${team}.`);
    expect((await api.request('GET', `/l/api/workspace/${team}/members`, as(stranger))).status).toBe(404);
    const bad = await api.request('GET', `/l/api/urls`, { ...as(owner), headers: { 'x-linkyard-workspace': 'team' } });
    expect(bad.status).toBe(400);
  });

  it('has a rule for every operation of the document, and refuses each one below its role before anything else', async () => {
    const document = openApiDocument as unknown as { paths: Record<string, Record<string, { operationId?: string }>> };
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        operation.operationId ? [{ path, method, id: operation.operationId as OperationId }] : [],
      ),
    );
    expect(operations.filter((operation) => NEEDS[operation.id] === undefined)).toEqual([]);
    expect(Object.keys(NEEDS).sort()).toEqual(operations.map((operation) => operation.id).sort());

    const roleOf: Record<Role, TestUser> = { owner, admin: owner, editor, viewer };
    const refusedAt: string[] = [];
    for (const { path, method, id } of operations) {
      const need = NEEDS[id];
      if (need === 'person' || need === 'public') continue;
      const needed = typeof need === 'string' ? need : need.role;
      for (const role of ['viewer', 'editor'] as Role[]) {
        const url = `/l/api${path.replace('{id}', String(need instanceof Object ? team : 1)).replace(/\{[a-z]+\}/g, '1')}`;
        const response = await api.request(method.toUpperCase(), url, { ...as(roleOf[role], team), body: {}, outsideContract: true });
        // Below the role: 403 whatever the path's records; at or above it, anything but that 403.
        if (covers(role, needed))
          expect([id, role, response.status === 403 && /cannot do this/.test(response.body?.message)]).toEqual([id, role, false]);
        else if (response.status === 403) refusedAt.push(`${id}:${role}`);
        else throw new Error(`${method} ${url} (${id}) answered ${response.status} to a ${role}`);
      }
    }
    // Every operation that needs more than a viewer is refused to one.
    const aboveViewer = operations.filter(({ id }) => {
      const need = NEEDS[id];
      return need !== 'person' && need !== 'public' && (typeof need === 'string' ? need : need.role) !== 'viewer';
    });
    expect(refusedAt.filter((entry) => entry.endsWith(':viewer')).length).toBe(aboveViewer.length);
    expect(ROLES).toEqual(['viewer', 'editor', 'admin', 'owner']);
  });

  it('lets admins manage members; owners alone make owners; the last owner stays', async () => {
    const promote = await api.request('PUT', `/l/api/workspace/${team}/member/${editor.id}/update`, {
      ...as(owner),
      body: { role: 'admin' },
    });
    expect(promote.body.data).toMatchObject({ id: editor.id, role: 'admin' });
    const owners = await api.request('PUT', `/l/api/workspace/${team}/member/${viewer.id}/update`, {
      ...as(editor),
      body: { role: 'owner' },
    });
    expect(owners.status).toBe(403);
    const last = await api.request('DELETE', `/l/api/workspace/${team}/member/${owner.id}/delete`, as(owner));
    expect(last.status).toBe(409);
    const demote = await api.request('PUT', `/l/api/workspace/${team}/member/${owner.id}/update`, {
      ...as(owner),
      body: { role: 'admin' },
    });
    expect(demote.status).toBe(409);
    const own = await api.request('PUT', `/l/api/workspace/${owner.id}/member/${owner.id}/update`, {
      ...as(owner),
      body: { role: 'viewer' },
    });
    expect(own.status).toBe(409);
    const unknown = await api.request('PUT', `/l/api/workspace/${team}/member/${stranger.id}/update`, {
      ...as(owner),
      body: { role: 'viewer' },
    });
    expect(unknown.status).toBe(404);
    await api.request('PUT', `/l/api/workspace/${team}/member/${editor.id}/update`, { ...as(owner), body: { role: 'editor' } });
  });

  it('sends the invitation by e-mail, uses it once, and refuses a revoked or expired one', async () => {
    const person = await createUser(api);
    const invited = await api.request('POST', `/l/api/workspace/${team}/invitation/add`, {
      ...as(owner),
      body: { email: person.email, role: 'viewer' },
    });
    expect(invited.body.data).toMatchObject({ email: person.email, role: 'viewer', emailed: true, expired: false });
    const link = String(invited.body.data.link);
    expect(link).toMatch(/^http:\/\/links\.test\/dashboard\/invitation\/lyi_[A-Za-z0-9_-]{43}$/);
    const mail = mails.find((sent) => sent.to === person.email);
    expect(mail?.text.replace(/=\r?\n/g, '')).toContain(link);
    const token = link.split('/').pop()!;
    const view = await api.request('GET', `/l/api/invitation/${token}`, as(person));
    expect(view.body.data).toMatchObject({ workspace: { id: team, name: 'Marketing — 市场部' }, role: 'viewer' });
    expect((await api.request('POST', `/l/api/invitation/${token}/accept`, as(person))).status).toBe(200);
    expect((await api.request('POST', `/l/api/invitation/${token}/accept`, as(stranger))).status).toBe(404);

    const revoked = await api.request('POST', `/l/api/workspace/${team}/invitation/add`, {
      ...as(owner),
      body: { email: 'x@example.com', role: 'editor' },
    });
    const revokedToken = String(revoked.body.data.link).split('/').pop()!;
    expect((await api.request('DELETE', `/l/api/workspace/${team}/invitation/${revoked.body.data.id}/delete`, as(owner))).status).toBe(200);
    expect((await api.request('POST', `/l/api/invitation/${revokedToken}/accept`, as(stranger))).status).toBe(404);

    const expiring = await api.request('POST', `/l/api/workspace/${team}/invitation/add`, {
      ...as(owner),
      body: { email: 'y@example.com', role: 'editor' },
    });
    const expiringToken = String(expiring.body.data.link).split('/').pop()!;
    api.clock.advance(7 * DAY_MS + 1000);
    try {
      expect((await api.request('POST', `/l/api/invitation/${expiringToken}/accept`, as(stranger))).status).toBe(404);
      const listed = await api.request('GET', `/l/api/workspace/${team}/invitations`, as(owner));
      expect(listed.body.data.invitations).toEqual([expect.objectContaining({ id: expiring.body.data.id, expired: true })]);
    } finally {
      api.clock.advance(-(7 * DAY_MS + 1000));
    }
    expect((await api.request('GET', `/l/api/workspace/${team}/members`, as(stranger))).status).toBe(404);
    // An editor cannot invite; an admin cannot invite an owner.
    expect(
      (
        await api.request('POST', `/l/api/workspace/${team}/invitation/add`, {
          ...as(editor),
          body: { email: 'z@example.com', role: 'viewer' },
        })
      ).status,
    ).toBe(403);
  });

  it('acts with a workspace key in its workspace only, read-only when so scoped, and ends it at once', async () => {
    const full = await api.request('POST', `/l/api/workspace/${team}/key/add`, { ...as(owner), body: { name: 'CI', scope: 'full' } });
    const read = await api.request('POST', `/l/api/workspace/${team}/key/add`, { ...as(owner), body: { name: 'Reports', scope: 'read' } });
    expect(full.body.data).toMatchObject({ name: 'CI', scope: 'full', madeBy: { id: owner.id, username: owner.username } });
    const fullKey = String(full.body.data.apikey);
    const readKey = String(read.body.data.apikey);
    const made = await api.request('POST', '/l/api/url/add', { key: fullKey, body: { url: 'https://example.com/by-key' } });
    expect(made.status).toBe(200);
    expect((await api.request('GET', `/l/api/url/${made.body.id}`, as(viewer, team))).status).toBe(200);
    expect((await api.request('GET', `/l/api/url/${made.body.id}`, { key: readKey })).status).toBe(200);
    const readOnly = await api.request('DELETE', `/l/api/url/${made.body.id}/delete`, { key: readKey });
    expect([readOnly.status, readOnly.body.message]).toEqual([403, 'This workspace key is read-only.']);
    // Its own workspace only: the owner's own workspace is another's, the account's operations are not its.
    expect((await api.request('GET', '/l/api/urls', { key: fullKey, headers: { 'x-linkyard-workspace': String(owner.id) } })).status).toBe(
      404,
    );
    expect((await api.request('GET', '/l/api/account', { key: fullKey })).status).toBe(403);
    expect((await api.request('GET', '/l/api/users', { key: fullKey })).status).toBe(403);
    const listed = await api.request('GET', `/l/api/workspace/${team}/keys`, as(owner));
    expect(listed.body.data.keys.map((key: { name: string }) => key.name)).toEqual(['Reports', 'CI']);
    expect(JSON.stringify(listed.body)).not.toContain(fullKey);
    expect((await api.request('DELETE', `/l/api/workspace/${team}/key/${full.body.data.id}/delete`, as(owner))).status).toBe(200);
    expect((await api.request('GET', '/l/api/urls', { key: fullKey })).status).toBe(401);
  });

  it('takes a removed member out at once: their session, their key and their workspace keys', async () => {
    const leaving = await createUser(api);
    await inviteAndAccept(leaving, 'editor');
    await api.request('PUT', `/l/api/workspace/${team}/member/${leaving.id}/update`, { ...as(owner), body: { role: 'admin' } });
    const key = await api.request('POST', `/l/api/workspace/${team}/key/add`, { ...as(leaving), body: { name: 'Theirs', scope: 'full' } });
    const session = await signIn(api, { login: leaving.username, password: PASSWORD });
    const browser = asBrowser(session.cookie, session.csrf, { 'x-linkyard-workspace': String(team) });
    expect((await api.request('GET', '/l/api/urls', browser)).status).toBe(200);
    expect((await api.request('GET', '/l/api/urls', { key: key.body.data.apikey })).status).toBe(200);
    expect((await api.request('DELETE', `/l/api/workspace/${team}/member/${leaving.id}/delete`, as(owner))).body.message).toBe(
      'Member removed.',
    );
    expect((await api.request('GET', '/l/api/urls', browser)).status).toBe(404);
    expect((await api.request('GET', '/l/api/urls', as(leaving, team))).status).toBe(404);
    expect((await api.request('GET', '/l/api/urls', { key: key.body.data.apikey })).status).toBe(401);
    // Their own workspace is theirs still.
    expect((await api.request('GET', '/l/api/urls', as(leaving))).status).toBe(200);
  });

  it('writes an audit entry for a change of every kind of record, with the record it changed', async () => {
    // A full workspace key of the owner's acts in the team: the factories make each kind of record there.
    const key = await api.request('POST', `/l/api/workspace/${team}/key/add`, {
      ...as(owner),
      body: { name: 'Audit sample', scope: 'full' },
    });
    const inTeam: TestUser = { ...owner, apikey: key.body.data.apikey as string };
    const made: Record<string, number> = {
      addUrl: await createLink(api, inTeam),
      addCampaign: await createCampaign(api, inTeam),
      addChannel: await createChannel(api, inTeam),
      addPixel: await createPixel(api, inTeam),
      addQr: await createQr(api, inTeam),
      addOverlay: await createOverlay(api, inTeam),
      addSplash: await createSplash(api, inTeam),
      addDomain: (await createDomain(api, inTeam)).id,
    };
    const bio = await api.request('POST', '/l/api/bio/add', { key: inTeam.apikey, body: { name: 'Audited', alias: `audited-${team}` } });
    made.addBioPage = bio.body.id as number;
    const removed = await api.request('DELETE', `/l/api/campaign/${made.addCampaign}/delete`, { key: inTeam.apikey });
    expect(removed.status).toBe(200);
    const log = await api.request('GET', `/l/api/workspace/${team}/audit?limit=100`, as(owner));
    const entries = log.body.data.entries as { operation: string; record: string | null; via: string; key: number | null }[];
    for (const [operation, id] of Object.entries(made)) {
      expect(entries).toContainEqual(
        expect.objectContaining({ operation, record: String(id), via: 'workspace-key', key: key.body.data.id }),
      );
    }
    expect(entries).toContainEqual(expect.objectContaining({ operation: 'deleteCampaign', record: String(made.addCampaign) }));
    // Nothing of it is in the owner's own workspace's log.
    const own = await api.request('GET', `/l/api/workspace/${owner.id}/audit?limit=100`, as(owner));
    expect((own.body.data.entries as { operation: string }[]).filter((entry) => entry.operation in made)).toEqual([]);
  });

  it('writes who changed what in the audit log, for admins to read, filter and export', async () => {
    const made = await api.request('POST', '/l/api/url/add', {
      ...as(editor, team),
      body: { url: 'https://example.com/audited' },
      headers: { 'x-linkyard-workspace': String(team), 'x-request-id': 'audit-probe-1' },
      remoteAddress: '203.0.113.9',
    });
    const log = await api.request('GET', `/l/api/workspace/${team}/audit?operation=addUrl`, as(owner));
    expect(log.body.data.entries[0]).toMatchObject({
      user: { id: editor.id, username: editor.username },
      via: 'key',
      key: null,
      operation: 'addUrl',
      method: 'POST',
      path: '/l/api/url/add',
      record: String(made.body.id),
      status: 200,
      requestId: 'audit-probe-1',
    });
    const byEditor = await api.request('GET', `/l/api/workspace/${team}/audit?user=${editor.id}`, as(owner));
    expect(byEditor.body.data.entries.every((entry: { user: { id: number } }) => entry.user.id === editor.id)).toBe(true);
    const members = await api.request('GET', `/l/api/workspace/${team}/audit?operation=updateMember`, as(owner));
    expect(members.body.data.entries.length).toBeGreaterThan(0);
    // Reads and previews are not changes; the owner's own workspace has its own log.
    expect((await api.request('GET', `/l/api/workspace/${team}/audit?operation=listUrls`, as(owner))).body.data.entries).toEqual([]);
    expect((await api.request('GET', `/l/api/workspace/${owner.id}/audit?operation=addUrl`, as(owner))).body.data.entries).toEqual([]);
    expect((await api.request('GET', `/l/api/workspace/${team}/audit`, as(viewer))).status).toBe(403);
    const csv = await api.request('GET', `/l/api/workspace/${team}/audit/export?operation=addUrl`, as(owner));
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('id,date,userid,username,via,keyid,operation,method,path,record,status,address,requestid');
    expect(lines.some((line) => line.includes(`,${editor.username},key,,addUrl,POST,/l/api/url/add,${made.body.id},200,`))).toBe(true);
    const ndjson = await api.request('GET', `/l/api/workspace/${team}/audit/export?format=ndjson&from=2000-01-01`, as(owner));
    expect(
      ndjson.text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).operation),
    ).toContain('acceptInvitation');
    // An invitation's token is a secret: the entry of its acceptance names the workspace joined, not the token.
    const joined = await api.request('GET', `/l/api/workspace/${team}/audit?operation=acceptInvitation&user=${editor.id}`, as(owner));
    expect(joined.body.data.entries).toEqual([
      expect.objectContaining({ path: '/l/api/invitation/{token}/accept', record: String(team), operation: 'acceptInvitation' }),
    ]);
    expect(JSON.stringify((await api.request('GET', `/l/api/workspace/${team}/audit/export?format=ndjson`, as(owner))).text)).not.toContain(
      'lyi_',
    );
    expect((await api.request('GET', `/l/api/workspace/${team}/audit?from=yesterday`, as(owner))).status).toBe(400);
  });

  it('exports an audit log longer than a page whole, each entry once', async () => {
    await api.linkyard.app.get(DataSource).query(
      `INSERT INTO audit_entries (workspace_id, user_id, username, via, operation, method, path, status)
      SELECT $1, $2, 'loader', 'key', 'bulkProbe', 'POST', '/l/api/url/add', 200 FROM generate_series(1, 2500)`,
      [team, owner.id],
    );
    const csv = await api.request('GET', `/l/api/workspace/${team}/audit/export?operation=bulkProbe`, as(owner));
    const ids = csv.text
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect([ids.length, new Set(ids).size]).toEqual([2500, 2500]);
    const listed = await api.request('GET', `/l/api/workspace/${team}/audit?operation=bulkProbe&limit=100&page=25`, as(owner));
    expect(listed.body.data).toMatchObject({ result: 2500, maxpage: 25 });
    expect(listed.body.data.entries).toHaveLength(100);
  });

  it('offers no single sign-on when the service has no provider, and will not let a workspace take it only', async () => {
    expect((await api.request('GET', '/l/api/session/methods', { key: null })).body.data).toEqual({ password: true, sso: null });
    expect((await api.request('GET', '/l/api/session/sso', { key: null })).status).toBe(404);
    expect((await api.request('GET', '/l/api/session/sso/callback?code=x&state=y', { key: null })).status).toBe(404);
    const refused = await api.request('PUT', `/l/api/workspace/${team}/update`, { ...as(owner), body: { ssoOnly: true } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('OIDC_ISSUER');
    expect((await api.request('GET', `/l/api/workspace/${team}`, as(owner))).body.data.ssoOnly).toBe(false);
  });

  it('deletes a team with all it has; a person’s own workspace goes only with the account', async () => {
    const other = await api.request('POST', '/l/api/workspace/add', { ...as(owner), body: { name: 'Short-lived' } });
    const id = other.body.data.id as number;
    const link = await api.request('POST', '/l/api/url/add', { ...as(owner, id), body: { url: 'https://example.com/gone' } });
    expect((await api.request('DELETE', `/l/api/workspace/${id}/delete`, as(owner))).status).toBe(200);
    expect((await api.request('GET', `/l/api/url/${link.body.id}`, as(owner, id))).status).toBe(404);
    expect((await api.request('DELETE', `/l/api/workspace/${owner.id}/delete`, as(owner))).status).toBe(400);
    const rename = await api.request('PUT', `/l/api/workspace/${owner.id}/update`, { ...as(owner), body: { name: 'Mine' } });
    expect(rename.status).toBe(400);
    const hostile = await api.request('POST', '/l/api/workspace/add', { ...as(owner), body: { name: 'a\u0000b' } });
    expect(hostile.status).toBe(400);
    expect((await api.request('POST', '/l/api/workspace/add', { ...as(owner), body: { name: 'x'.repeat(101) } })).status).toBe(400);
  });
});
