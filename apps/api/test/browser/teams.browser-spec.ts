import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startApi, type TestApi } from '../support/app';
import { createUser, PASSWORD, type TestUser } from '../support/factories';
import { startProvider, type TestProvider } from '../support/openid-provider';
import { accessibilityProblems, findChromium, freePort, launch, openFromMenu, saveDocsPicture, settled, waitInPage } from './browser';

/**
 * A team in the dashboard: an owner makes a workspace and invites an editor and a viewer; each
 * works in it with what their role allows, and no more is offered; a removed member's open page
 * loses the workspace at its next request; an admin reads who changed what.
 */
const executable = findChromium();
if (!executable && process.env.CI) throw new Error('No Chromium found: CI runs scripts/chromium.sh install before the tests.');
const suite = executable ? describe : describe.skip;
const DOCS = join(__dirname, '../../../../docs/images');
const TEAM = 'Équipe «Nord»';

suite('a team in the dashboard', () => {
  let api: TestApi;
  let base: string;
  let browser: Browser;
  let owner: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let provider: TestProvider;
  const errors: string[] = [];

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    provider = await startProvider(`${base}/l/api/session/sso/callback`);
    api = await startApi({
      PUBLIC_URL: base,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_NAME: 'Acme',
    });
    await api.linkyard.app.listen({ port, host: '127.0.0.1' });
    browser = await launch(executable!);
    owner = await createUser(api, { username: 'olga', email: 'olga@example.com' });
    editor = await createUser(api, { username: 'eddie', email: 'eddie@example.com' });
    viewer = await createUser(api, { username: 'vera', email: 'vera@example.com' });
  });

  afterAll(async () => {
    await browser?.close();
    await api?.close();
    await provider?.stop();
  });

  async function signedIn(user: TestUser, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB', timezoneId: 'UTC' });
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(`${user.username}: ${error.message}`));
    await page.goto(`${base}/dashboard/`);
    await page.getByLabel('Username or e-mail address').fill(user.username);
    await page.locator('#password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    return { context, page };
  }

  /** The owner invites through the members page; answers the link the page shows once. */
  async function invite(page: Page, email: string, role: string): Promise<string> {
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Role', { exact: true }).selectOption(role);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    // No SMTP here: the page says to send the link, shown this once.
    await page
      .getByRole('status')
      .filter({ hasText: `Send this link to ${email}` })
      .waitFor();
    const value = await page.getByRole('textbox', { name: 'Invitation link' }).inputValue();
    await page.getByRole('button', { name: `Revoke the invitation of ${email}` }).waitFor();
    return value;
  }

  async function accept(page: Page, link: string): Promise<void> {
    await page.goto(link);
    await page.getByRole('button', { name: `Join ${TEAM}` }).click();
    await page.getByText(`You are now a member of ${TEAM}`, { exact: false }).waitFor();
  }

  async function switchTo(page: Page, name: string): Promise<void> {
    await page.getByLabel('Workspace', { exact: true }).selectOption({ label: name });
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
  }

  it('works as a team: invitations, roles offered as the service enforces them, removal, the audit log', async () => {
    // The owner makes the workspace and invites an editor and a viewer.
    const owned = await signedIn(owner);
    await openFromMenu(owned.page, 'Workspaces');
    await owned.page.getByRole('button', { name: 'New team workspace' }).click();
    await owned.page.getByLabel('Name').fill(TEAM);
    await owned.page.getByRole('button', { name: 'Create workspace' }).click();
    await owned.page.getByRole('heading', { name: TEAM, level: 1 }).waitFor();
    const editorLink = await invite(owned.page, editor.email, 'editor');
    const viewerLink = await invite(owned.page, viewer.email, 'viewer');
    expect(editorLink).toMatch(new RegExp(`^${base}/dashboard/invitation/lyi_`));

    const edited = await signedIn(editor);
    await accept(edited.page, editorLink);
    const viewed = await signedIn(viewer, 375);
    await accept(viewed.page, viewerLink);

    // The editor works in the team and makes a link there.
    await edited.page.goto(`${base}/dashboard/links`);
    await switchTo(edited.page, `${TEAM} (editor)`);
    await edited.page.getByRole('link', { name: 'New link' }).click();
    await edited.page.getByLabel('Destination URL').fill('https://example.com/nord/launch');
    await edited.page.getByLabel('Alias').fill('nord-launch');
    await edited.page.getByRole('button', { name: 'Create link' }).click();
    await edited.page.getByRole('heading', { name: 'nord-launch', level: 1 }).waitFor();
    const teamLinks = await api.request('GET', '/l/api/urls', {
      key: owner.apikey,
      headers: { 'x-linkyard-workspace': String(await teamId()) },
    });
    expect(teamLinks.body.data.urls.map((link: { alias: string }) => link.alias)).toEqual(['nord-launch']);
    // Nothing of it went to the editor's own workspace.
    expect((await api.request('GET', '/l/api/urls', { key: editor.apikey })).body.data.urls).toEqual([]);

    // The viewer sees it, and is offered nothing that changes it.
    await viewed.page.reload();
    await viewed.page.getByRole('button', { name: 'Menu' }).click();
    await switchTo(viewed.page, `${TEAM} (viewer)`);
    await viewed.page.getByRole('link', { name: /nord-launch/ }).click();
    await viewed.page.getByRole('heading', { name: 'nord-launch', level: 1 }).waitFor();
    await viewed.page.getByText('https://example.com/nord/launch').waitFor();
    expect(await viewed.page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await viewed.page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await accessibilityProblems(viewed.page)).toEqual([]);
    await saveDocsPicture(join(DOCS, 'dashboard-team-viewer-375.png'), await viewed.page.screenshot());
    await viewed.page.goto(`${base}/dashboard/links`);
    await viewed.page.getByRole('link', { name: /nord-launch/ }).waitFor();
    expect(await viewed.page.getByRole('link', { name: 'New link' }).count()).toBe(0);
    expect(await viewed.page.getByRole('button', { name: /Delete selected/ }).count()).toBe(0);
    await viewed.page.goto(`${base}/dashboard/links/new`);
    await viewed.page.getByText(`Your role in ${TEAM} is viewer: making links needs editor or above.`).waitFor();

    // The owner's members page: the roles, and the audit log.
    await owned.page.reload();
    const members = owned.page.getByRole('table', { name: 'Members' });
    await members.getByRole('button', { name: 'Remove eddie' }).waitFor();
    expect(await members.getByRole('row').allInnerTexts()).toHaveLength(4);
    // The invitations and keys are lists of their own, read apart.
    await settled(owned.page);
    expect(await accessibilityProblems(owned.page)).toEqual([]);
    await saveDocsPicture(join(DOCS, 'dashboard-team-members.png'), await owned.page.screenshot({ fullPage: true }));
    await owned.page.getByRole('link', { name: 'Audit log' }).click();
    await owned.page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const log = owned.page.getByRole('table', { name: 'Audit log' });
    await log.getByText('addUrl').waitFor();
    await owned.page.getByLabel('Person').selectOption({ label: 'eddie' });
    await owned.page.getByRole('button', { name: 'Filter' }).click();
    await owned.page.waitForURL(/user=/);
    // The unfiltered page stays on screen until the filtered one comes: wait for its two rows.
    await waitInPage(owned.page, `document.querySelectorAll('table tbody tr').length === 2`);
    // Only the editor's changes: joining the workspace and the link.
    expect((await log.locator('tbody tr').allInnerTexts()).map((row) => row.split('\t')[2]?.split(' ')[0])).toEqual([
      'addUrl',
      'acceptInvitation',
    ]);
    expect(await accessibilityProblems(owned.page)).toEqual([]);
    await saveDocsPicture(join(DOCS, 'dashboard-team-audit.png'), await owned.page.screenshot({ fullPage: true }));

    // The owner removes the editor: the editor's open page loses the team at its next request.
    await owned.page.goto(`${base}/dashboard/workspaces/${await teamId()}`);
    await owned.page.getByRole('button', { name: 'Remove eddie' }).click();
    await owned.page.getByRole('dialog').getByRole('button', { name: 'Remove the member' }).click();
    await owned.page.getByText('eddie is no longer a member', { exact: false }).waitFor();
    await openFromMenu(edited.page, 'Campaigns');
    await edited.page.getByText(`You are no longer a member of ${TEAM}: you are back in your own workspace.`).waitFor();
    await edited.page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    // Their own workspace's list, read (not the team's, and not still loading).
    await edited.page.getByText('No links yet.').waitFor();
    expect(await edited.page.getByRole('link', { name: /nord-launch/ }).count()).toBe(0);

    expect(errors).toEqual([]);
    await Promise.all([owned.context.close(), edited.context.close(), viewed.context.close()]);
  });

  it('signs a person in through the OpenID provider, and says why when the provider says no', async () => {
    provider.people({ nina: { email: 'nina@example.com', email_verified: true, preferred_username: 'nina' } });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(`sso: ${error.message}`));
    await page.goto(`${base}/dashboard/`);
    const button = page.getByRole('link', { name: 'Sign in with Acme' });
    await button.waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await saveDocsPicture(join(DOCS, 'dashboard-sign-in-sso.png'), await page.screenshot());
    await page.setViewportSize({ width: 375, height: 700 });
    await saveDocsPicture(join(DOCS, 'dashboard-sign-in-sso-375.png'), await page.screenshot());
    // The keyboard alone: the button, then the provider's own page.
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Account').fill('nina');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    await page.getByText('Signed in as nina').waitFor();
    await openFromMenu(page, 'Account');
    await page.getByText('nina@example.com').waitFor();

    // Gone from the provider (a new browser: the provider's own sign-in asks again): back at the
    // sign-in page, told why, with no session.
    await context.close();
    provider.people({});
    const later = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    const again = await later.newPage();
    again.on('pageerror', (error) => errors.push(`sso: ${error.message}`));
    await again.goto(`${base}/dashboard/`);
    await again.getByRole('link', { name: 'Sign in with Acme' }).click();
    await again.getByLabel('Account').fill('nina');
    await again.keyboard.press('Enter');
    await again.getByText('Acme did not let you sign in.').waitFor();
    // The reason is taken off the address: a reload does not say it again.
    expect(again.url()).not.toContain('sso=');
    expect(await again.getByRole('link', { name: 'Sign in with Acme' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await later.close();
  });

  async function teamId(): Promise<number> {
    const listed = await api.request('GET', '/l/api/workspaces', { key: owner.apikey });
    return (listed.body.data.workspaces as { id: number; personal: boolean }[]).find((workspace) => !workspace.personal)!.id;
  }
});
