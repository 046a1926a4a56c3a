import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { startApi, type TestApi } from '../support/app';
import { FIREFOX, UK } from '../support/visitors';
import { createCampaign, createLink, createQr, createUser, PASSWORD, type TestUser } from '../support/factories';
import {
  accessibilityProblems,
  findChromium,
  freePort,
  launch,
  openFromMenu,
  saveDocsPicture,
  serviceDoor,
  waitInPage,
  type ServiceDoor,
} from './browser';

/**
 * What a person using the dashboard for an hour sees, each a defect of the first dashboard: choices
 * that follow a write made on another page, the service going away and coming back, a menu that
 * fits, charts that say what their bars are, and the pages that left out what a record holds.
 */
const executable = findChromium();
if (!executable && process.env.CI) throw new Error('No Chromium found: CI runs scripts/chromium.sh install before the tests.');
const suite = executable ? describe : describe.skip;
const DOCS = join(__dirname, '../../../../docs/images');

suite('the dashboard, page to page', () => {
  let api: TestApi;
  let base: string;
  let browser: Browser;
  let user: TestUser;
  let door: ServiceDoor;

  beforeAll(async () => {
    const port = await freePort();
    // The browser reaches the service through a door that a test shuts, as if the service stopped.
    door = await serviceDoor(port);
    base = `http://127.0.0.1:${door.port}`;
    // As deployed: webhooks to private addresses refused.
    api = await startApi({ PUBLIC_URL: base });
    await api.linkyard.app.listen({ port, host: '127.0.0.1' });
    browser = await launch(executable!);
    user = await createUser(api, { username: 'rosa', email: 'rosa@example.com' });
  });

  // A test that failed with the door shut leaves it open for the next.
  afterEach(() => door?.open());

  afterAll(async () => {
    await browser?.close();
    await door?.close();
    await api?.close();
  });

  /** A signed-in browser at the dashboard; script errors are collected. */
  async function signedIn(width = 1280): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/Paris' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${base}/dashboard/`);
    await page.getByLabel('Username or e-mail address').fill(user.username);
    await page.locator('#password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Signed in as').waitFor();
    return { context, page, errors };
  }

  it('drops a campaign deleted on its page from the link form at once, and offers a new pixel in the bio editor', async () => {
    await createCampaign(api, user, { name: 'Winter drive' });
    const { context, page, errors } = await signedIn();
    await page.getByRole('link', { name: 'New link' }).click();
    const campaign = page.getByRole('combobox', { name: 'Campaign' });
    await campaign.locator('option', { hasText: 'Winter drive' }).waitFor({ state: 'attached' });

    await openFromMenu(page, 'Campaigns');
    await page.getByRole('button', { name: 'Delete Winter drive' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No campaigns yet.', { exact: false }).waitFor();
    // Back to the form without a reload: the choice is gone, not offered for another minute.
    await page.goBack();
    await page.getByRole('heading', { name: 'New link', level: 1 }).waitFor();
    // The list is asked again as the form shows; its answer drops the choice (waited for: a loaded machine is slow to ask).
    await campaign.locator('option', { hasText: 'Winter drive' }).waitFor({ state: 'detached', timeout: 10_000 });
    expect(await campaign.locator('option', { hasText: 'Winter drive' }).count()).toBe(0);

    await page.goto(`${base}/dashboard/bio/new`);
    await page.getByRole('heading', { name: 'New bio page', level: 1 }).waitFor();
    await page.getByText('The account has no pixels.').waitFor();
    await openFromMenu(page, 'Pixels');
    await page.getByRole('button', { name: 'New pixel' }).click();
    await page.getByLabel('Vendor', { exact: true }).selectOption('gtmpixel');
    await page.getByLabel('Name').fill('Tag manager');
    await page.getByLabel("Tag (the vendor's ID)").fill('GTM-NQ3ZXJH');
    await page.getByRole('button', { name: 'Create pixel' }).click();
    await page.getByRole('button', { name: 'Delete Tag manager' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'New bio page', level: 1 }).waitFor();
    await page.getByRole('checkbox', { name: /Tag manager/ }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says when the service cannot be reached, keeps the page, and offers to load a page again', async () => {
    const link = await createLink(api, user, { url: `${base}/`, custom: 'offline-one', title: 'Offline one' });
    const { context, page } = await signedIn();
    await page.goto(`${base}/dashboard/links/${link}`);
    await page.getByRole('heading', { name: 'Offline one', level: 1 }).waitFor();
    await page.getByText('· live').waitFor();

    await door.shut();
    // The idle page says the numbers are no longer live, and a banner says why; what it showed stays.
    await page.getByText('The service cannot be reached.').waitFor();
    await page.getByText('· reconnecting…').waitFor();
    expect(await page.locator('main h1').allInnerTexts()).toEqual(['Offline one']);
    // A page whose code was never loaded says so, with the menu and the banner still there: never a blank window.
    await openFromMenu(page, 'Webhooks');
    await page.getByRole('heading', { name: 'This page could not be shown', level: 1 }).waitFor();
    await page.getByText('Its code could not be loaded').waitFor();
    expect(await page.getByText('The service cannot be reached.').count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);
    await saveDocsPicture(join(DOCS, 'dashboard-offline.png'), await page.screenshot({ fullPage: true }));

    await door.open();
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByText('The service cannot be reached.').waitFor({ state: 'hidden' });
    await context.close();
  });

  it("keeps a link's page whose map could not be loaded, saying so beside the list, and loads the map on its next showing", async () => {
    const link = await createLink(api, user, { url: `${base}/`, custom: 'no-map', title: 'No map' });
    expect((await api.request('GET', '/no-map', { key: null, remoteAddress: UK, headers: { 'user-agent': FIREFOX } })).status).toBe(302);
    await api.flushClicks();
    const { context, page, errors } = await signedIn();
    // The map's code is refused, as when the service goes away while it loads: the page stays.
    const mapCode = /\/ClicksMap-[^/]*\.js$/;
    let asked = 0;
    await page.route(mapCode, (route) => {
      asked += 1;
      return route.abort('connectionrefused');
    });
    await page.goto(`${base}/dashboard/links/${link}`);
    await page.getByText("The map could not be loaded; the countries' list has the same numbers.").waitFor();
    // Asked once, not again and again while the page shows.
    await page.waitForTimeout(1000);
    expect(asked).toBe(1);
    expect(await page.locator('main h1').allInnerTexts()).toEqual(['No map']);
    await page.getByRole('region', { name: 'Countries' }).getByText('United Kingdom').waitFor();

    await page.unroute(mapCode);
    await openFromMenu(page, 'Links');
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    await page.goBack();
    await page.getByRole('img', { name: 'World map of the clicks by country: United Kingdom 1.' }).waitFor();
    expect(await page.getByText('The map could not be loaded').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("holds the map's room while its code loads, so the lists below it stay under the reader's pointer", async () => {
    const link = await createLink(api, user, { url: `${base}/`, custom: 'late-map', title: 'Late map' });
    expect((await api.request('GET', '/late-map', { key: null, remoteAddress: UK, headers: { 'user-agent': FIREFOX } })).status).toBe(302);
    await api.flushClicks();
    const { context, page, errors } = await signedIn();
    // The map's code is held back until the lists have been measured, as on a slow connection.
    const mapCode = /\/ClicksMap-[^/]*\.js$/;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(mapCode, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${base}/dashboard/links/${link}`);
    const browsers = page.getByRole('region', { name: 'Browsers' });
    await browsers.getByText('Firefox').waitFor();
    expect(await page.getByRole('img', { name: /^World map/ }).count()).toBe(0);
    const before = await browsers.boundingBox();
    release();
    await page.getByRole('img', { name: 'World map of the clicks by country: United Kingdom 1.' }).waitFor();
    const after = await browsers.boundingBox();
    expect(after!.y).toBeCloseTo(before!.y, 0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits the menu on one row at 1280 px, and behind a menu button at 375 px', async () => {
    const wide = await signedIn(1280);
    const menu = wide.page.getByRole('navigation', { name: 'Main' });
    const row = await menu.locator('#main-menu').boundingBox();
    const entry = await menu.getByRole('link', { name: 'Links', exact: true }).boundingBox();
    expect(row!.height).toBeLessThan(entry!.height * 1.6);
    expect(await menu.getByRole('button', { name: 'Menu', exact: true }).isVisible()).toBe(false);
    await menu.getByRole('button', { name: 'More', exact: true }).click();
    await menu.getByRole('link', { name: 'Domains', exact: true }).waitFor();
    await wide.page.keyboard.press('Escape');
    await menu.getByRole('link', { name: 'Domains', exact: true }).waitFor({ state: 'hidden' });
    await wide.context.close();

    const narrow = await signedIn(375);
    const phone = narrow.page.getByRole('navigation', { name: 'Main' });
    expect(await phone.getByRole('link', { name: 'Links', exact: true }).isVisible()).toBe(false);
    const header = await narrow.page.locator('header.top').boundingBox();
    expect(header!.height).toBeLessThan(140);
    const button = phone.getByRole('button', { name: 'Menu', exact: true });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    // The keyboard alone: to the menu button, open, and every place is there, "More" ones included.
    await button.focus();
    await narrow.page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    for (const name of ['Links', 'Bio pages', 'Account', 'Pixels', 'Domains', 'Webhooks']) {
      expect(await phone.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    expect(await accessibilityProblems(narrow.page)).toEqual([]);
    await saveDocsPicture(join(DOCS, 'dashboard-menu-375.png'), await narrow.page.screenshot());
    await phone.getByRole('link', { name: 'Domains', exact: true }).click();
    await narrow.page.getByRole('heading', { name: 'Branded domains', level: 1 }).waitFor();
    expect(await phone.getByRole('link', { name: 'Links', exact: true }).isVisible()).toBe(false);
    expect(await narrow.page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await narrow.context.close();
  });

  it('sorts newest first by the date it shows, and keeps a sort chosen while a search waits', async () => {
    const older = await createLink(api, user, { url: `${base}/old`, custom: 'sale-imported', title: 'Imported in 2025' });
    const newer = await createLink(api, user, { url: `${base}/new`, custom: 'sale-fresh', title: 'Made now' });
    // The later record is the older link (an import keeps the date it had elsewhere).
    const db = api.linkyard.app.get(DataSource);
    await db.query('UPDATE links SET created_at = $1 WHERE id = $2', [new Date('2025-03-01T10:00:00Z'), newer]);
    await db.query('UPDATE links SET created_at = $1 WHERE id = $2', [new Date('2026-11-01T10:00:00Z'), older]);
    const { context, page } = await signedIn();
    await page.getByLabel('Search links').fill('sale-');
    await page.getByText('2 links', { exact: true }).waitFor();
    const rows = page.getByRole('row').filter({ hasText: 'sale-' });
    expect(await rows.first().textContent()).toContain('sale-imported');
    expect(await rows.last().textContent()).toContain('2025');

    // A new search, and the sort changed before the search is sent: both hold.
    await page.getByLabel('Search links').fill('sale-fresh');
    await page.getByLabel('Sort by').selectOption('clicks');
    await page.getByText('1 link', { exact: true }).waitFor();
    await page.waitForTimeout(500);
    const url = new URL(page.url());
    expect(url.searchParams.get('q')).toBe('sale-fresh');
    expect(url.searchParams.get('order')).toBe('clicks');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('clicks');
    expect(await page.getByLabel('Search links').inputValue()).toBe('sale-fresh');
    await context.close();
  });

  it("shows a link's targeting and parameters, and a QR code's content, kept when it is redesigned", async () => {
    const link = await createLink(api, user, {
      url: `${base}/shop`,
      custom: 'targeted',
      title: 'Targeted',
      geotarget: [{ location: 'Canada', link: 'https://shop.example.ca/' }],
      devicetarget: [{ device: 'iPhone', link: 'https://apps.example.com/ios' }],
      languagetarget: [{ language: 'fr', link: 'https://shop.example.fr/' }],
      parameters: [{ name: 'utm_source', value: 'mail' }],
    });
    const qr = await createQr(api, user, { type: 'link', data: 'https://menu.example.com/today', name: 'Menu card' });
    const { context, page } = await signedIn();
    await page.goto(`${base}/dashboard/links/${link}`);
    await page.getByRole('heading', { name: 'Targeted', level: 1 }).waitFor();
    await page.getByText('https://shop.example.ca/').waitFor();
    await page.getByText('https://apps.example.com/ios').waitFor();
    await page.getByText('https://shop.example.fr/').waitFor();
    await page.getByText('utm_source=mail').waitFor();

    await page.goto(`${base}/dashboard/qr/${qr}`);
    await page.getByRole('heading', { name: 'Menu card', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'https://menu.example.com/today' }).waitFor();
    await page.getByRole('button', { name: 'Redesign' }).click();
    expect(await page.getByLabel('Web address', { exact: true }).inputValue()).toBe('https://menu.example.com/today');
    await context.close();
  });

  it('opens an invitation link and joins the workspace; a used link says it is gone', async () => {
    const owner = await createUser(api);
    const team = await api.request('POST', '/l/api/workspace/add', { key: owner.apikey, body: { name: 'Équipe «Nord»' } });
    const invited = await api.request('POST', `/l/api/workspace/${team.body.data.id}/invitation/add`, {
      key: owner.apikey,
      body: { email: user.email, role: 'editor' },
    });
    const link = String(invited.body.data.link);
    expect(link.startsWith(`${base}/dashboard/invitation/lyi_`)).toBe(true);
    const { context, page, errors } = await signedIn();
    await page.goto(link);
    await page.getByText('You are invited to the workspace Équipe «Nord» as editor', { exact: false }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await saveDocsPicture(join(DOCS, 'dashboard-invitation.png'), await page.screenshot());
    await page.setViewportSize({ width: 375, height: 700 });
    await saveDocsPicture(join(DOCS, 'dashboard-invitation-375.png'), await page.screenshot());
    // The keyboard alone: the button takes the focus and Enter joins.
    await page.getByRole('button', { name: 'Join Équipe «Nord»' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'You are now a member of Équipe «Nord», as editor.' }).waitFor();
    const members = await api.request('GET', `/l/api/workspace/${team.body.data.id}/members`, { key: owner.apikey });
    expect(members.body.data.members.map((member: { id: number; role: string }) => [member.id, member.role])).toContainEqual([
      user.id,
      'editor',
    ]);
    await page.reload();
    await page.getByText('No invitation with this token', { exact: false }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a webhook to this machine, naming the setting that allows it for local testing', async () => {
    const { context, page } = await signedIn();
    await openFromMenu(page, 'Webhooks');
    await page.getByRole('button', { name: 'New webhook' }).click();
    await page.getByLabel('Your address').fill('http://127.0.0.1:9/hooks');
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await page.getByText('WEBHOOK_ALLOW_PRIVATE=true', { exact: false }).waitFor();
    await context.close();
  });

  it("draws a by-day chart as bars named by day with whole-number ticks, and a bio page's numbers from one answer, live", async () => {
    const created = await api.request('POST', '/l/api/bio/add', {
      key: user.apikey,
      body: { name: 'Shop page', alias: 'rosa-shop', blocks: [{ type: 'link', title: 'Visit my shop', url: `${base}/` }] },
    });
    const id = created.body.id as number;
    const details = await api.request('GET', `/l/api/bio/${id}`, { key: user.apikey });
    const block = (details.body.details.blocks as { id: number }[])[0]!.id;
    const visitor = await browser.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36' });
    const visit = await visitor.newPage();
    await visit.goto(`${base}/rosa-shop`);
    await visit.getByRole('link', { name: /Visit my shop/ }).click();
    await visit.waitForLoadState('load');
    await api.flushClicks();

    const { context, page } = await signedIn();
    await page.goto(`${base}/dashboard/bio/${id}`);
    await page.getByRole('heading', { name: 'Shop page', level: 1 }).waitFor();
    const chart = page.getByTestId('clicks-chart').first();
    await waitInPage(page, `document.querySelector('[data-testid="clicks-chart"]')?.getAttribute('data-y-ticks')`);
    // Whole numbers only, and days under the bars (never 12am / 8am).
    const ticks = (await chart.getAttribute('data-y-ticks'))!.split(' ').map(Number);
    expect(ticks.every(Number.isInteger)).toBe(true);
    const labels = (await chart.getAttribute('data-x-labels'))!.split(' | ');
    expect(labels.length).toBeGreaterThan(1);
    for (const label of labels) expect(label).toMatch(/^\d{1,2} [A-Z][a-z]{2,3}$/);

    // The button's row and its chart are one answer.
    const row = page.getByTestId(`block-range-clicks-${block}`);
    await waitInPage(page, `/^\\d+$/.test(document.querySelector('[data-testid="block-range-clicks-${block}"]')?.textContent ?? '')`);
    const inRow = Number(await row.textContent());
    expect(inRow).toBe(1);
    await page.getByRole('button', { name: 'Over time (Visit my shop)' }).click();
    await page
      .locator('figure.chart', { hasText: 'Clicks of Visit my shop' })
      .getByText(/1 click from/)
      .waitFor();

    // Another visit: the page's visits follow without a reload.
    await page.getByText('· live').first().waitFor();
    const before = Number((await page.getByTestId('bio-visits').textContent())!.replace(/\D/g, ''));
    await visit.goto(`${base}/rosa-shop`);
    await waitInPage(
      page,
      `Number(document.querySelector('[data-testid="bio-visits"]')?.textContent?.replace(/\\D/g, '')) > ${before}`,
      20_000,
    );
    await visitor.close();
    await context.close();
  });
});
