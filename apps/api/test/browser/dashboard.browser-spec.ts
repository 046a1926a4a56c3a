import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { startApi, type TestApi } from '../support/app';
import { loopbackRequest } from '../support/built-service';
import sharp from 'sharp';
import { createCampaign, createLink, createOverlay, createPixel, createSplash, createUser } from '../support/factories';
import {
  accessibilityProblems,
  findChromium,
  freePort,
  launch,
  openFromMenu,
  portFree,
  saveDocsPicture,
  screenshotDir,
  settled,
  waitInPage,
} from './browser';

/**
 * The dashboard in a real browser (Debian's Chromium driven by playwright-core), against the real
 * service on the embedded database, listening on a loopback port: the journeys a new user makes,
 * one after the other in one signed-in browser, with axe-core on every page. Screenshots of the
 * pages go to docs/images (docs/dashboard.md shows them); a failing step leaves one in
 * test/browser/failures. Without a Chromium the suite is skipped, saying so in one line.
 */
const executable = findChromium();
// CI installs Chromium first (.ci/run): there, a missing browser is a failure, not a skip.
if (!executable && process.env.CI) throw new Error('No Chromium found: CI runs scripts/chromium.sh install before the tests.');
if (!executable) {
  process.stderr.write(
    'Browser tests skipped: no Chromium found (apt-get install chromium, or set CHROMIUM_PATH); run them with pnpm --filter @linkyard/api test:browser\n',
  );
}
const suite = executable ? describe : describe.skip;

const PASSWORD = 'a passphrase of my own';
const HOSTILE = '<img src=x onerror=alert(1)>';
// Arabic, and a right-to-left override that would turn the rest of a line around if it leaked.
const RTL = 'مرحبا \u202Eevil\u202C';
const DOCS = join(__dirname, '../../../../docs/images');
const DAY = 24 * 3600 * 1000;
/**
 * The suite's moment and address, fixed so the pictures it takes for the docs come out the same
 * from one run to the next (dates and short URLs in them): a git tree stays clean after a test.
 */
const NOW = Date.parse('2026-11-20T09:30:00Z');
const PORT = 47931;

suite('the dashboard in a browser', () => {
  let api: TestApi;
  let base: string;
  let adminKey: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let crossSite: Server;
  let receiver: Server;
  let receiverUrl: string;
  const received: string[] = [];
  let crossSiteUrl: string;
  const pageErrors: string[] = [];
  let linkId = 0;
  let campaignId = 0;

  beforeAll(async () => {
    const port = (await portFree(PORT)) ? PORT : await freePort();
    base = `http://127.0.0.1:${port}`;
    // No ADMIN_API_KEY: the first start makes the admin account and prints its key, as for a new user.
    api = await startApi({ ADMIN_API_KEY: '', PUBLIC_URL: base, WEBHOOK_ALLOW_PRIVATE: 'true' });
    api.clock.set(NOW);
    await api.linkyard.app.listen({ port, host: '127.0.0.1' });
    // What `pnpm start` prints once the service listens.
    adminKey = (await api.linkyard.createFirstAdmin())!;
    await pinDates();
    // Another site (localhost is not the same site as 127.0.0.1) with a form posting to the API.
    crossSite = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end(`<!doctype html><html lang="en"><title>Another site</title>
        <form id="f" method="post" action="${base}/l/api/url/add" enctype="text/plain">
        <input name='{"url":"https://example.com/forged","x":"' value='"}'></form>
        <script>document.getElementById('f').submit()</script></html>`);
    });
    await new Promise<void>((resolve) => crossSite.listen(0, '127.0.0.1', resolve));
    crossSiteUrl = `http://localhost:${(crossSite.address() as { port: number }).port}/`;
    // A webhook receiver on loopback (WEBHOOK_ALLOW_PRIVATE lets the service send to it).
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(body);
        response.statusCode = 204;
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;
    browser = await launch(executable!);
    context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
      locale: 'en-GB',
      timezoneId: 'Europe/Paris',
    });
    // The browser's clock shows the same moment (its timers still run).
    await context.clock.setFixedTime(NOW);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) pageErrors.push(message.text());
    });
    page.on('dialog', (dialog) => {
      pageErrors.push(`a dialog opened: ${dialog.message()}`);
      void dialog.dismiss();
    });
  });

  afterAll(async () => {
    await browser?.close();
    crossSite?.close();
    receiver?.close();
    await api?.close();
  });

  /** Records made so far dated at the suite's moment (the database dates them by its own clock). */
  async function pinDates(): Promise<void> {
    const db = api.linkyard.app.get(DataSource);
    for (const table of ['users', 'links', 'overlays', 'splash_pages', 'qr_codes']) {
      await db.query(`UPDATE ${table} SET created_at = $1`, [new Date(NOW)]);
    }
  }

  /** Fails the test on a serious accessibility problem or a script error, and keeps a screenshot of a failure. */
  async function check(name: string, docs = false): Promise<void> {
    // Network idle is no data wait after a navigation within the page: settled() is.
    await page.waitForLoadState('networkidle');
    await settled(page);
    const problems = await accessibilityProblems(page);
    if (problems.length > 0 || pageErrors.length > 0) {
      await page.screenshot({ path: join(screenshotDir('failures'), `${name}.png`), fullPage: true });
    }
    expect(problems).toEqual([]);
    expect(pageErrors).toEqual([]);
    if (docs) await saveDocsPicture(join(DOCS, `dashboard-${name}.png`), await picture());
  }

  /**
   * What a script in a preview's frame gets when it calls the API with the viewer's cookie: its
   * page's policy refuses the connection (no connect-src), which the browser reports on the
   * console; those reports are the expected outcome, not a page error.
   */
  async function apiFromFrame(frame: Frame): Promise<number> {
    const before = pageErrors.length;
    const status = await frame.evaluate<number>("fetch('/l/api/session', { credentials: 'include' }).then((r) => r.status, () => 0)");
    const reports = pageErrors.splice(before);
    expect(reports.every((report) => /Content Security Policy/.test(report))).toBe(true);
    return status;
  }

  /**
   * The whole page. Chromium leaves a frame of another process (a sandboxed preview) blank in a
   * full-page picture where it lies below the window: a page with one is taken in a window as
   * tall as the page.
   */
  async function picture(): Promise<Buffer> {
    if ((await page.locator('iframe').count()) === 0) return page.screenshot({ fullPage: true });
    const viewport = page.viewportSize()!;
    const height = await page.evaluate<number>('document.documentElement.scrollHeight');
    await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
    try {
      await page.waitForTimeout(300);
      return await page.screenshot();
    } finally {
      await page.setViewportSize(viewport);
    }
  }

  async function step(name: string, body: () => Promise<void>): Promise<void> {
    try {
      await body();
    } catch (error) {
      await page.screenshot({ path: join(screenshotDir('failures'), `${name}.png`), fullPage: true }).catch(() => undefined);
      throw error;
    }
  }

  it('signs in with the admin key printed at the first start', () =>
    step('sign-in', async () => {
      await page.goto(`${base}/`);
      await page.getByRole('link', { name: 'Open the dashboard' }).click();
      await page.getByRole('heading', { name: 'Sign in to Linkyard' }).waitFor();
      // Measured, not asserted (docs/dashboard.md): the first screen on loopback, in a browser of
      // its own (the suite's fixed clock stands still for the page's own timing too).
      const fresh = await browser.newContext();
      const first = await fresh.newPage();
      await first.goto(`${base}/dashboard/`);
      await first.getByRole('heading', { name: 'Sign in to Linkyard' }).waitFor();
      // (Page expressions are strings: this program has no DOM types.)
      const paint = await first.evaluate<number>(
        "performance.getEntriesByType('paint').find((entry) => entry.name === 'first-contentful-paint')?.startTime ?? -1",
      );
      process.stderr.write(`dashboard: first contentful paint of the sign-in page ${Math.round(paint)} ms after navigation\n`);
      await fresh.close();
      await check('sign-in', true);
      await page.getByLabel('API key').check();
      await page.locator('#apikey').fill(adminKey);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Links' }).waitFor();
      await page.getByText('No links yet.').waitFor();
      await check('links-empty');
      // The session is an HttpOnly cookie the page cannot read.
      const cookies = await context.cookies(base);
      expect(cookies).toEqual([expect.objectContaining({ name: 'linkyard_session', httpOnly: true, sameSite: 'Lax', path: '/' })]);
      expect(await page.evaluate<string>('document.cookie')).toBe('');
    }));

  it('sets a password, signs out, and signs in with it using the keyboard alone', () =>
    step('password', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
      await page.getByRole('heading', { name: 'Account' }).waitFor();
      await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('New password again').fill(PASSWORD);
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.getByText('The password was set.').waitFor();
      await page.getByRole('button', { name: 'Sign out' }).first().click();
      await page.getByRole('heading', { name: 'Sign in to Linkyard' }).waitFor();

      // Tab from the top of the page to the fields, type, and press Enter.
      await page.keyboard.press('Tab'); // the "Password" choice
      await page.keyboard.press('Tab'); // username
      await page.keyboard.type('admin');
      await page.keyboard.press('Tab');
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Links' }).waitFor();
    }));

  it('creates a link with options, and shows hostile text as text', () =>
    step('create', async () => {
      await page.getByRole('link', { name: 'New link' }).click();
      await page.getByRole('heading', { name: 'New link' }).waitFor();
      await page.getByLabel('Destination URL').fill(`${base}/`);
      await page.getByLabel('Alias').fill('spring-sale');
      await page.getByLabel('Title').fill(HOSTILE);
      await page.getByLabel('Note (only you see it)').fill(RTL);
      await page.getByLabel('Expires (your time zone)').fill('2099-12-31T12:00');
      await page.getByRole('button', { name: 'Add by country' }).click();
      await page.getByLabel('Country (name or code) 1').fill('Canada');
      await page.getByLabel('Destination 1').first().fill(`${base}/?from=canada`);
      await page.getByRole('button', { name: 'Add parameters added to the destination' }).click();
      await page.getByLabel('Name 1').fill('utm_medium');
      await page.getByLabel('Value 1').fill('dashboard');
      await check('link-form', true);
      await page.getByRole('button', { name: 'Create link' }).click();
      await page.getByRole('heading', { name: HOSTILE }).waitFor();
      linkId = Number(/\/links\/(\d+)$/.exec(page.url())?.[1]);
      await pinDates();
      expect(linkId).toBeGreaterThan(0);
      // Markup in a title is text: no element was made from it.
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      expect(await page.getByText(RTL).count()).toBe(1);
      const stored = await api.request('GET', `/l/api/url/${linkId}`, { key: adminKey });
      expect(stored.body.details).toMatchObject({
        alias: 'spring-sale',
        title: HOSTILE,
        description: RTL,
        expiry: expect.stringMatching(/^2099-12-31 /),
        geotarget: [{ location: 'Canada', link: `${base}/?from=canada` }],
        parameters: [{ name: 'utm_medium', value: 'dashboard' }],
      });
    }));

  it('counts a visit of the link and shows it on the chart and in the top lists', () =>
    step('visit', async () => {
      // A person's browser: a headless one says so in its user agent, and is counted as a bot.
      const visitor = await browser.newContext({
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      });
      const visit = await visitor.newPage();
      await visit.goto(`${base}/spring-sale?utm_source=${encodeURIComponent(HOSTILE)}`);
      expect(new URL(visit.url()).pathname).toBe('/');
      await visitor.close();
      await api.flushClicks();

      await page.reload();
      await page.getByRole('heading', { name: HOSTILE }).waitFor();
      await page.locator('.summary', { hasText: /\b1 click from/ }).waitFor();
      // The canvas is drawn once the chart's width is known, a frame after the summary shows.
      await page.locator('[data-testid="clicks-chart"][data-drawn]').waitFor();
      expect(await page.getByTestId('clicks-chart').getAttribute('data-drawn')).toMatch(/^[1-9]\d*$/);
      const sources = page.getByRole('region', { name: 'UTM sources' });
      expect(await sources.getByText(HOSTILE).count()).toBe(1);
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      await page.getByText('Table of the numbers').first().click();
      await page.getByRole('region', { name: 'Clicks: table' }).getByRole('row').nth(1).waitFor();
      await check('link', true);
    }));

  it('edits the link', () =>
    step('edit', async () => {
      await page.getByRole('link', { name: 'Edit' }).click();
      await page.getByRole('heading', { name: 'Edit spring-sale' }).waitFor();
      expect(await page.getByLabel('Title').inputValue()).toBe(HOSTILE);
      await page.getByLabel('Title').fill('Spring sale');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('heading', { name: 'Spring sale' }).waitFor();
      const stored = await api.request('GET', `/l/api/url/${linkId}`, { key: adminKey });
      expect(stored.body.details).toMatchObject({ title: 'Spring sale', description: RTL, geotarget: [{ location: 'Canada' }] });
    }));

  it('downloads the QR code as PNG and SVG, and exports the raw clicks', () =>
    step('qr', async () => {
      const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PNG' }).click()]);
      expect(png.suggestedFilename()).toBe('spring-sale-qr.png');
      expect(readFileSync(await png.path()).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download SVG' }).click()]);
      expect(readFileSync(await svg.path(), 'utf8')).toMatch(/<svg[\s>]/);
      const [clicks] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export clicks' }).click()]);
      const csv = readFileSync(await clicks.path(), 'utf8')
        .trim()
        .split(/\r\n/);
      expect(csv[0]).toMatch(/^date,country,referrer/);
      expect(csv).toHaveLength(2);
    }));

  it('lists, searches and deletes links', () =>
    step('links', async () => {
      const admin = { id: 1, username: 'admin', email: '', apikey: adminKey };
      for (const alias of ['summer-sale', 'autumn-sale']) await createLink(api, admin, { url: `${base}/`, custom: alias });
      await pinDates();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Links' }).click();
      await page.getByRole('heading', { name: 'Links' }).waitFor();
      await page.getByRole('link', { name: /autumn-sale/ }).waitFor();
      await check('links', true);
      await page.getByLabel('Search links').fill('summer');
      await page.getByText('1 link', { exact: true }).waitFor();
      await page.getByLabel('Search links').fill('');
      await page.getByText('3 links', { exact: true }).waitFor();
      await page.getByLabel(`Select ${new URL(base).host}/autumn-sale`).check();
      await page.getByLabel(`Select ${new URL(base).host}/summer-sale`).check();
      await page.getByRole('button', { name: 'Delete selected (2)' }).click();
      await check('links-delete');
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('2 links were deleted.').waitFor();
      await page.getByText('1 link', { exact: true }).waitFor();
    }));

  it('rotates the API key after a confirmation, and shows the new key once', () =>
    step('rotate', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
      await page.getByRole('heading', { name: 'Account' }).waitFor();
      await check('account', true);
      await page.getByRole('button', { name: 'Make a new API key' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Replace the key' }).click();
      const key = await page.getByRole('textbox', { name: 'New API key' }).inputValue();
      expect(key).toMatch(/^lyk_[A-Za-z0-9_-]{43}$/);
      expect((await api.request('GET', '/l/api/account', { key: adminKey })).status).toBe(401);
      expect((await api.request('GET', '/l/api/account', { key })).status).toBe(200);
      adminKey = key;
      await check('account-new-key');
    }));

  it("answers another account's link id with not found", () =>
    step('isolation', async () => {
      // Named, not numbered by the test process: the admin page's picture shows it.
      const other = await createUser(api, { username: 'lin', email: 'lin@example.com' }, adminKey);
      const theirs = await createLink(api, other, { url: 'https://example.com/theirs' });
      await page.goto(`${base}/dashboard/links/${theirs}`);
      await page.getByRole('heading', { name: 'Link not found' }).waitFor();
      expect(await page.getByText('theirs').count()).toBe(0);
      await check('not-found');
    }));

  it('refuses a cross-site POST carrying the session cookie', () =>
    step('cross-site', async () => {
      const before = (await api.request('GET', '/l/api/urls', { key: adminKey })).body.data.result as number;
      // A page of another site posts a form to the API: the browser keeps the Lax cookie back, and nothing is made.
      const attacker = await context.newPage();
      const answer = attacker.waitForResponse((response) => response.url().startsWith(`${base}/l/api/url/add`));
      await attacker.goto(crossSiteUrl);
      expect((await answer).status()).toBe(401);
      await attacker.close();
      // And when the cookie does reach the API (an older browser, a same-site page), the request is refused.
      const forged = await context.request.post(`${base}/l/api/url/add`, {
        headers: { origin: crossSiteUrl.slice(0, -1), 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
        data: { url: 'https://example.com/forged' },
      });
      expect(forged.status()).toBe(403);
      expect((await api.request('GET', '/l/api/urls', { key: adminKey })).body.data.result).toBe(before);
    }));

  it("keeps an account's pixel page from acting with the visitor's session", () =>
    step('pixels', async () => {
      // Another account's link, on the service's own address, shows a splash page with a tag manager.
      const other = await createUser(api, { username: 'mei', email: 'mei@example.com' }, adminKey);
      const pixel = await createPixel(api, other, { type: 'gtmpixel', tag: 'GTM-NQ3ZXJH' });
      const splash = await createSplash(api, other, { delay: 30 });
      await createLink(api, other, { url: `${base}/`, custom: 'with-pixels', pixels: [pixel], type: String(splash) });
      const visit = await context.newPage();
      await visit.goto(`${base}/with-pixels`);
      // Its scripts run in an opaque origin, not the dashboard's: they cannot read its pages, its
      // storage or its API's answers (over http the page's connect-src keeps them from the API too).
      expect(await visit.evaluate<string>('self.origin')).toBe('null');
      const status = await visit.evaluate<number>("fetch('/l/api/session', { credentials: 'include' }).then((r) => r.status, () => 0)");
      expect([0, 401]).toContain(status);
      await visit.close();
      // The same question from the dashboard is answered.
      expect(await page.evaluate<number>("fetch('/l/api/session').then((r) => r.status)")).toBe(200);
    }));

  /** Goes to a section through the main menu, as a person would. */
  async function openSection(label: string, heading: string): Promise<void> {
    await openFromMenu(page, label);
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  }

  it('creates, edits and deletes a campaign, with its rotator and list page', () =>
    step('campaigns', async () => {
      await openSection('Campaigns', 'Campaigns');
      await page.getByText('No campaigns yet.').waitFor();
      await check('campaigns-empty');
      await page.getByRole('button', { name: 'New campaign' }).click();
      await page.getByLabel('Name').fill(HOSTILE);
      await page.getByLabel('Rotator slug').fill('spring-rotation');
      await page.getByLabel(/Public list page/).check();
      await page.getByRole('button', { name: 'Create campaign' }).click();
      await page.getByRole('heading', { name: HOSTILE, level: 2 }).waitFor();
      await page.getByRole('link', { name: `${base}/r/spring-rotation` }).waitFor();
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      await check('campaigns', true);
      await page.getByRole('button', { name: `Edit ${HOSTILE}` }).click();
      await page.getByLabel('Name').fill('Spring');
      await page.getByLabel('Rotator slug').fill('');
      await page.getByRole('button', { name: 'Save campaign' }).click();
      await page.getByRole('heading', { name: 'Spring', level: 2 }).waitFor();
      await page.getByText('None (give it a slug)').waitFor();
      await page.getByRole('button', { name: 'Delete Spring' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('The campaign was deleted; its links stay.').waitFor();
      await page.getByText('No campaigns yet.').waitFor();
    }));

  it("opens a campaign's page: its links, its clicks after a visit of its rotator, and its list page's preview", () =>
    step('campaign', async () => {
      const admin = { id: 1, username: 'admin', email: '', apikey: adminKey };
      campaignId = await createCampaign(api, admin, { name: 'Autumn sale', slug: 'autumn', public: true });
      for (const [alias, title] of [
        ['autumn-one', 'Autumn one'],
        ['autumn-two', HOSTILE],
      ]) {
        const id = await createLink(api, admin, { url: `${base}/`, custom: alias, title, status: 'public' });
        await api.request('POST', `/l/api/campaign/${campaignId}/assign/${id}`, { key: adminKey });
      }
      // A private link is in the campaign (the rotator sends visitors to it) but on no list page.
      const unlisted = await createLink(api, admin, { url: `${base}/`, custom: 'autumn-private', title: 'Autumn private' });
      await api.request('POST', `/l/api/campaign/${campaignId}/assign/${unlisted}`, { key: adminKey });
      await pinDates();
      await page.goto(`${base}/dashboard/campaigns`);
      await page.getByRole('link', { name: 'Autumn sale' }).click();
      await page.getByRole('heading', { name: 'Autumn sale', level: 1 }).waitFor();
      const links = page.getByRole('region', { name: 'Links of the campaign' });
      await links.getByRole('link', { name: 'Autumn one' }).waitFor();
      expect(await links.getByText(HOSTILE).count()).toBe(1);
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      await page.getByRole('button', { name: "Copy the rotator's address" }).waitFor();
      await page.getByRole('button', { name: "Copy the list page's address" }).waitFor();
      await page.getByText('0 clicks by people', { exact: false }).waitFor();

      // A person visits the rotator, which sends them on through one of the links.
      const visitor = await browser.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36' });
      const visit = await visitor.newPage();
      await visit.goto(`${base}/r/autumn`);
      expect(new URL(visit.url()).pathname).toBe('/');
      await visitor.close();
      await api.flushClicks();
      await page.reload();
      await page.getByRole('heading', { name: 'Autumn sale', level: 1 }).waitFor();
      await page.locator('.summary', { hasText: /\b1 click from/ }).waitFor();
      await page.getByRole('region', { name: 'Links clicked most' }).getByText(`${base}/autumn-one`).waitFor();
      await links
        .getByRole('row', { name: /Autumn one/ })
        .getByRole('cell', { name: '1', exact: true })
        .waitFor();

      // The list page, in a frame that runs in an opaque origin: what visitors see, nothing of the dashboard.
      const frame = page.frameLocator('iframe[title="Preview of the list page of Autumn sale"]');
      await frame.getByRole('heading', { name: 'Autumn sale' }).waitFor();
      await frame.getByRole('link', { name: 'Autumn one' }).waitFor();
      expect(await frame.getByText(HOSTILE).count()).toBe(1);
      expect(await frame.getByText('Autumn private').count()).toBe(0);
      const inside = page.frames().find((candidate) => candidate.url().includes(`/campaign/${campaignId}/preview`))!;
      expect(await inside.evaluate<string>('self.origin')).toBe('null');
      expect(await apiFromFrame(inside)).toBe(0);
      await check('campaign', true);
    }));

  it('makes a channel, puts a link in it, and deletes it', () =>
    step('channels', async () => {
      await openSection('Channels', 'Channels');
      await page.getByRole('button', { name: 'New channel' }).click();
      await page.getByLabel('Name').fill('Newsletters');
      await page.getByLabel('Description').fill(RTL);
      await page.getByRole('button', { name: 'Create channel' }).click();
      await page.getByRole('link', { name: 'Newsletters' }).click();
      await page.getByRole('heading', { name: 'Newsletters', level: 1 }).waitFor();
      await page.getByText('This channel has no items yet.').waitFor();
      await page.getByRole('combobox', { name: 'Link', exact: true }).selectOption({ label: `spring-sale → ${base}/` });
      await page.getByRole('button', { name: 'Add to the channel' }).click();
      await page.getByRole('region', { name: 'Items table' }).getByRole('link', { name: 'Spring sale' }).waitFor();
      await check('channel', true);
      // An item taken out of the channel leaves it, and stays a link.
      await page.getByRole('button', { name: 'Take out Spring sale of the channel' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Take out' }).click();
      await page.getByText('This channel has no items yet.').waitFor();
      await openSection('Channels', 'Channels');
      await page.getByRole('button', { name: 'Edit Newsletters' }).click();
      await page.getByLabel('Name').fill('Letters');
      await page.getByRole('button', { name: 'Save channel' }).click();
      await page.getByRole('link', { name: 'Letters' }).waitFor();
      await page.getByRole('button', { name: 'Delete Letters' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('No channels yet.').waitFor();
    }));

  it("explains each vendor's tag rule, and shows the API's message beside a bad tag", () =>
    step('pixels', async () => {
      await openSection('Pixels', 'Pixels');
      await page.getByRole('button', { name: 'New pixel' }).click();
      await page.getByLabel('Vendor', { exact: true }).selectOption('fbpixel');
      await page.getByText('Meta (Facebook) pixel ID, 15 or 16 digits, for example 123456789012345.').waitFor();
      await page.getByLabel('Name').fill('Meta ads');
      await page.getByLabel("Tag (the vendor's ID)").fill('GTM-NQ3ZXJH');
      await page.getByRole('button', { name: 'Create pixel' }).click();
      // The service's own words, beside the field, which is marked invalid.
      const tag = page.getByLabel("Tag (the vendor's ID)");
      await page.getByText(/is not a valid fbpixel tag: expected Meta \(Facebook\) pixel ID/).waitFor();
      expect(await tag.getAttribute('aria-invalid')).toBe('true');
      await check('pixels-bad-tag', true);
      await tag.fill('123456789012345');
      await page.getByRole('button', { name: 'Create pixel' }).click();
      await page.getByRole('region', { name: 'Pixels table' }).getByText('Meta ads').waitFor();
      await page.getByRole('button', { name: 'Edit Meta ads' }).click();
      await page.getByLabel('Name').fill('Meta');
      await page.getByRole('button', { name: 'Save pixel' }).click();
      await page.getByRole('region', { name: 'Pixels table' }).getByText('Meta', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Delete Meta' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('No pixels yet.').waitFor();
    }));

  it('designs a QR code, shows it as the service draws it, and downloads it', () =>
    step('qr-codes', async () => {
      await openSection('QR codes', 'QR codes');
      await page.getByRole('link', { name: 'New QR code' }).click();
      await page.getByRole('heading', { name: 'New QR code', level: 1 }).waitFor();
      await page.getByLabel('Name').fill('Shop window');
      await page.getByLabel('What it holds').selectOption('wifi');
      await page.getByLabel('Network name (SSID)').fill('Shop guests');
      await page.getByLabel('Password').fill('a long wifi passphrase');
      await page.getByLabel('Colour of the code').fill('#1e3a8a');
      await page.getByRole('button', { name: 'Create QR code' }).click();
      await page.getByRole('heading', { name: 'Shop window', level: 1 }).waitFor();
      const image = page.getByRole('img', { name: 'QR code Shop window' });
      await waitInPage(page, `document.querySelector('img.qr-preview')?.naturalWidth > 0`);
      expect(await image.getAttribute('src')).toMatch(new RegExp(`^${base}/qr/`));
      await check('qr', true);
      const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PNG' }).click()]);
      expect(
        readFileSync(await png.path())
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
      const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download SVG' }).click()]);
      expect(readFileSync(await svg.path(), 'utf8')).toMatch(/<svg[\s>]/);
    }));

  it('uploads a QR logo, sees the live preview follow a colour change, and downloads the saved code', () =>
    step('qr-logo', async () => {
      await openSection('QR codes', 'QR codes');
      await page.getByRole('link', { name: 'New QR code' }).click();
      await page.getByRole('heading', { name: 'New QR code', level: 1 }).waitFor();
      await page.getByText('Fill in the content to see the code.').waitFor();
      await page.getByLabel('Name').fill('Window sticker');
      await page.getByLabel('Web address').fill(`${base}/`);
      const live = page.getByRole('img', { name: /^Preview of the QR code/ });
      await live.waitFor();
      /** The colour of the first module on the image's diagonal that is not its background, and of its centre. */
      const colours = () =>
        page.evaluate<{ module: string; centre: string } | null>(`(() => {
          const image = document.querySelector('[data-testid="qr-live"]');
          if (!image || !image.complete || image.naturalWidth === 0) return null;
          const canvas = document.createElement('canvas');
          canvas.width = image.naturalWidth;
          canvas.height = image.naturalHeight;
          const context = canvas.getContext('2d');
          context.drawImage(image, 0, 0);
          const hex = (x, y) => '#' + Array.from(context.getImageData(x, y, 1, 1).data.slice(0, 3), (v) => v.toString(16).padStart(2, '0')).join('');
          let module = hex(0, 0);
          for (let i = 0; i < canvas.width && module === '#ffffff'; i += 1) module = hex(i, i);
          return { module, centre: hex(canvas.width / 2, canvas.height / 2) };
        })()`);
      const waitForColours = async (expected: { module?: string; centre?: RegExp }) => {
        for (let tries = 0; ; tries += 1) {
          const found = await colours();
          if (found && (!expected.module || found.module === expected.module) && (!expected.centre || expected.centre.test(found.centre)))
            return;
          if (tries > 100) throw new Error(`The preview did not show ${JSON.stringify(expected)}: ${JSON.stringify(found)}`);
          await page.waitForTimeout(100);
        }
      };
      await waitForColours({ module: '#000000' });

      // A file that is not an image: the service's own words, beside the field.
      await page.getByLabel('Upload a file').check();
      await page.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(HOSTILE) });
      await page.getByText('Invalid field "logoFile": is not an image that can be read (PNG, JPEG, WebP or GIF).').first().waitFor();
      expect(await page.getByLabel('Logo file').getAttribute('aria-invalid')).toBe('true');

      // A real logo: the preview draws it in the middle, then follows the colour of the code.
      const logo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#dc2626' } })
        .png()
        .toBuffer();
      await page.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
      await waitForColours({ module: '#000000', centre: /^#dc2626$/ });
      await page.getByLabel('Colour of the code').fill('#1e3a8a');
      await waitForColours({ module: '#1e3a8a', centre: /^#dc2626$/ });
      await check('qr-new', true);

      await page.getByRole('button', { name: 'Create QR code' }).click();
      await page.getByRole('heading', { name: 'Window sticker', level: 1 }).waitFor();
      const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PNG' }).click()]);
      const file = readFileSync(await png.path());
      const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * 3;
      expect([data[at], data[at + 1], data[at + 2]]).toEqual([0xdc, 0x26, 0x26]);
      expect(info.width).toBe(1000);
    }));

  it('creates, edits and deletes an overlay and a splash page', () =>
    step('visit-pages', async () => {
      await openSection('Overlays & splash', 'Overlays and splash pages');
      await page.getByRole('button', { name: 'New overlay' }).click();
      await page.getByLabel('Name').fill('Spring banner');
      await page.getByRole('textbox', { name: 'Message' }).fill(HOSTILE);
      await page.getByLabel('Button text').fill('Shop now');
      await page.getByLabel('Button leads to').fill('https://example.com/shop');
      await page.getByRole('button', { name: 'Create overlay' }).click();
      await page.getByRole('region', { name: 'Overlays table' }).getByText('Spring banner').waitFor();
      await page.getByRole('button', { name: 'New splash page' }).click();
      await page.getByLabel('Name').fill('Brand intro');
      await page.getByLabel('Heading').fill('Welcome');
      await page.getByLabel('Seconds before going on').fill('3');
      await page.getByRole('button', { name: 'Create splash page' }).click();
      await page.getByRole('region', { name: 'Splash pages table' }).getByText('Brand intro').waitFor();
      await check('visit-pages', true);
      await page.getByRole('button', { name: 'Edit Spring banner' }).click();
      expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe(HOSTILE);
      await page.getByLabel('Name').fill('Summer banner');
      await page.getByRole('button', { name: 'Save overlay' }).click();
      await page.getByRole('region', { name: 'Overlays table' }).getByText('Summer banner').waitFor();
      await page.getByRole('button', { name: 'Delete Summer banner' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('No overlays yet.', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Edit Brand intro' }).click();
      await page.getByLabel('Heading').fill('Hello');
      await page.getByRole('button', { name: 'Save splash page' }).click();
      await page.getByRole('button', { name: 'Delete Brand intro' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('No splash pages yet.', { exact: false }).waitFor();
    }));

  it('previews an overlay and a splash page as a visitor sees them, in a frame that cannot act for the dashboard', () =>
    step('visit-preview', async () => {
      const admin = { id: 1, username: 'admin', email: '', apikey: adminKey };
      await createOverlay(api, admin, {
        name: 'Autumn banner',
        message: `${HOSTILE} ${RTL}`,
        label: 'Shop now',
        link: 'https://example.com/shop',
        bg: '#7c2d12',
        color: '#ffffff',
      });
      await createSplash(api, admin, { name: 'Autumn intro', title: 'Welcome to the autumn sale', text: RTL, delay: 30 });
      await pinDates();
      await page.goto(`${base}/dashboard/pages`);
      await page.getByRole('heading', { name: 'Overlays and splash pages', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Preview Autumn banner' }).click();
      await page.getByRole('heading', { name: 'Preview of the overlay Autumn banner' }).waitFor();
      const overlay = page.frameLocator('iframe[title="Preview of the overlay Autumn banner"]');
      await overlay.getByText(HOSTILE, { exact: false }).waitFor();
      expect(await overlay.locator('img[src="x"]').count()).toBe(0);
      await overlay.getByRole('link', { name: 'Shop now' }).waitFor();
      const inside = page.frames().find((candidate) => candidate.url().includes('/overlay/'))!;
      expect(await inside.evaluate<string>('self.origin')).toBe('null');
      expect(await apiFromFrame(inside)).toBe(0);
      await check('visit-preview', true);
      // Its own script runs (the close button), but its button cannot move the dashboard.
      await overlay.getByRole('link', { name: 'Shop now' }).click();
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname).toBe('/dashboard/pages');
      await overlay.getByRole('button', { name: 'Close' }).click();
      await overlay.getByText(HOSTILE, { exact: false }).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Close the preview' }).click();

      await page.getByRole('button', { name: 'Preview Autumn intro' }).click();
      const splash = page.frameLocator('iframe[title="Preview of the splash page Autumn intro"]');
      await splash.getByRole('heading', { name: 'Welcome to the autumn sale' }).waitFor();
      await splash.getByText(RTL).waitFor();
      await check('splash-preview', true);
    }));

  it('adds a branded domain after reading the DNS records to set, changes its redirects and deletes it', () =>
    step('domains', async () => {
      await openSection('Domains', 'Branded domains');
      // Typed as people type it, without https://.
      await page.getByLabel('Domain', { exact: true }).fill('go.example.com');
      await page.getByRole('button', { name: 'Show the DNS records to set' }).click();
      const records = page.getByRole('region', { name: 'DNS records' });
      await records.getByText('_linkyard.go.example.com').waitFor();
      expect(await records.getByText(/^linkyard-verification=[0-9a-f]{40}$/).count()).toBe(1);
      // The service's address is an IP address: an A record points at it (a CNAME names a host, never an address).
      expect(await records.getByRole('row', { name: 'A go.example.com 127.0.0.1' }).count()).toBe(1);
      expect(await records.getByRole('cell', { name: 'CNAME' }).count()).toBe(0);
      await page.getByText('Not pointing here yet').waitFor();
      await check('domains', true);
      await page.getByLabel('An unknown alias sends to (optional)').fill('https://example.com/not-found');
      await page.getByRole('button', { name: 'Add domain' }).click();
      await page.getByRole('heading', { name: 'https://go.example.com', level: 3 }).waitFor();
      // Its card says whether the DNS points here already.
      await page.getByText('Set an A record to 127.0.0.1', { exact: false }).waitFor();
      await check('domains-added');
      await page.getByRole('button', { name: 'Change redirects https://go.example.com' }).click();
      await page.getByLabel('The bare domain sends to', { exact: true }).fill('https://example.com/');
      await page.getByRole('button', { name: 'Save redirects' }).click();
      await page.getByText('https://example.com/', { exact: true }).waitFor();

      // Its orphan visits: a printed address with a typo, visited three times, and its root once.
      const port = Number(new URL(base).port);
      const person = { host: 'go.example.com', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0' };
      for (const path of ['/sprnig-sale', '/sprnig-sale', '/sprnig-sale', '/']) {
        await loopbackRequest(port, 'GET', path, { headers: person });
      }
      await api.flushClicks();
      await page.getByRole('link', { name: 'Orphan visits of https://go.example.com' }).click();
      await page.getByRole('heading', { name: 'https://go.example.com', level: 1 }).waitFor();
      const reached = page.getByRole('region', { name: 'What they reached' });
      await reached.getByRole('button', { name: /An alias nothing holds/ }).waitFor();
      expect(await reached.getByRole('listitem').allInnerTexts()).toEqual([
        expect.stringMatching(/^An alias nothing holds\s+3$/),
        expect.stringMatching(/^The domain's root\s+1$/),
      ]);
      await page
        .getByRole('region', { name: 'Aliases asked for' })
        .getByRole('button', { name: /\/sprnig-sale/ })
        .click();
      await page.getByRole('button', { name: /Alias asked for: sprnig-sale/ }).waitFor();
      expect(new URL(page.url()).searchParams.get('alias')).toBe('sprnig-sale');
      await page.getByText('3 visits by people', { exact: false }).waitFor();
      await check('domain-orphans', true);
      // On a phone: readable, nothing wider than the screen.
      const wide = page.viewportSize()!;
      await page.setViewportSize({ width: 375, height: 800 });
      expect(await accessibilityProblems(page)).toEqual([]);
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await page.setViewportSize(wide);
      await page.getByRole('link', { name: 'Branded domains' }).first().click();
      await page.getByRole('heading', { name: 'Branded domains', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Delete https://go.example.com' }).click();
      await page
        .getByRole('dialog')
        .getByText(/move to this service's own address/)
        .waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('No branded domains yet.').waitFor();
    }));

  it('imports a Kutt and a YOURLS file, the progress reaching 100%, and makes links from a pasted list', () =>
    step('bulk', async () => {
      await openSection('Bulk', 'Links in bulk');
      const fixtures = join(__dirname, '../../../../packages/formats/test/fixtures');
      for (const file of ['kutt-api.json', 'yourls.csv']) {
        await page.getByLabel('File', { exact: true }).setInputFiles(join(fixtures, file));
        await page.getByRole('button', { name: 'Import' }).click();
        await page.getByText(/^100% \(/).waitFor();
        expect(await page.locator('#import-progress').getAttribute('value')).toBe('100');
        await page.getByText(new RegExp(`^Read as ${file.startsWith('kutt') ? 'Kutt' : 'YOURLS'}:`)).waitFor();
        expect(await page.getByRole('region', { name: 'What became of each record' }).getByRole('row').count()).toBeGreaterThan(1);
      }
      await check('bulk', true);
      // An alias that cannot be one here is renamed, and the report says so (not "taken").
      const short = join(screenshotDir('failures'), 'short-alias.csv');
      writeFileSync(
        short,
        '"keyword","url","title","timestamp","ip","clicks"\n"ab","https://example.org/ab","Two letters","2025-03-01 10:00:00","203.0.113.9","0"\n',
      );
      await page.getByLabel('File', { exact: true }).setInputFiles(short);
      await page.getByRole('button', { name: 'Import' }).click();
      await page.getByText(/^100% \(/).waitFor();
      await page.getByText('(was ab, which cannot be an alias here', { exact: false }).waitFor();
      expect(await page.getByText('(was ab, taken)').count()).toBe(0);
      await page.getByLabel('Links, one a line').fill(`${base}/one bulk-one\n${base}/two\nnot a url`);
      await page.getByRole('button', { name: 'Make 3 links' }).click();
      await page.getByText('2 created, 1 refused.').waitFor();
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export links' }).click()]);
      expect(readFileSync(await file.path(), 'utf8')).toMatch(/^id,alias,shorturl,longurl/);
    }));

  it('creates a webhook (its secret shown once), sees the delivery of a click and sends it again', () =>
    step('webhooks', async () => {
      await openSection('Webhooks', 'Webhooks');
      await page.getByRole('button', { name: 'New webhook' }).click();
      await page.getByLabel('Your address').fill(receiverUrl);
      await page.getByRole('button', { name: 'Create webhook' }).click();
      expect(await page.getByLabel('Signing secret').inputValue()).toMatch(/^whsec_/);
      await page.getByRole('button', { name: 'I have kept it' }).click();
      await page.getByRole('link', { name: receiverUrl }).click();
      await page.getByRole('heading', { name: receiverUrl, level: 1 }).waitFor();
      await page.getByText('No deliveries yet', { exact: false }).waitFor();
      // A click of a link: the webhook's event.
      const visitor = await browser.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36' });
      await (await visitor.newPage()).goto(`${base}/spring-sale`);
      await visitor.close();
      await api.flushClicks();
      const deliveries = page.getByRole('region', { name: 'Deliveries table' });
      await deliveries.getByRole('cell', { name: 'Delivered', exact: true }).waitFor({ timeout: 30_000 });
      await deliveries.getByText('HTTP 204').waitFor();
      await check('webhook'); // (its address has the receiver's port, which changes: no docs picture)
      await deliveries
        .getByRole('button', { name: /^Send again: delivery \d+$/ })
        .first()
        .click();
      await page.getByText('The event is queued to be sent again.').waitFor();
      await page.getByRole('button', { name: 'Refresh' }).click();
      await deliveries.getByRole('row').nth(2).waitFor({ timeout: 30_000 });
      expect(received.length).toBeGreaterThanOrEqual(1);
      await page.getByLabel('On (events are sent)').uncheck();
      await page.getByRole('button', { name: 'Save webhook' }).click();
      await page.getByText('Saved.').waitFor();
    }));

  it("moves a link's counter when it is visited in another browser, without a reload", () =>
    step('live', async () => {
      await page.goto(`${base}/dashboard/links/${linkId}`);
      await page.getByText('· live').waitFor();
      const before = Number((await page.getByTestId('link-clicks').textContent())!.replace(/\D/g, ''));
      const visitor = await browser.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36' });
      await (await visitor.newPage()).goto(`${base}/spring-sale`);
      await visitor.close();
      // No reload and no flush: the click writer's own batch, then the stream, move the counter.
      const counter = page.getByTestId('link-clicks');
      for (let tries = 0; Number((await counter.textContent())!.replace(/\D/g, '')) <= before; tries += 1) {
        if (tries > 150) throw new Error('The counter did not move within 15 seconds of the visit.');
        await page.waitForTimeout(100);
      }
      await openSection('Links', 'Links');
      await page.getByText(/^Live: /).waitFor();
    }));

  it('lets an admin add a user, who signs in and sees none of the admin’s data', () =>
    step('admin', async () => {
      await openSection('Admin', 'Administration');
      await check('admin', true);
      // On a phone: each user a block, every control in view (no sideways scroller), prices that say what they are.
      await page.setViewportSize({ width: 375, height: 800 });
      try {
        await check('admin-375');
        expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
        const users = page.getByRole('region', { name: 'Users table' });
        expect(await users.evaluate((region) => region.scrollWidth <= region.clientWidth)).toBe(true);
        const picker = users.getByRole('combobox', { name: /^Plan of / }).first();
        expect((await picker.boundingBox())!.width).toBeGreaterThan(200);
        expect(await page.getByText(/Free\s+Free/).count()).toBe(0);
        const priceCells = page.getByRole('region', { name: 'Plans table' }).locator('td[data-label="Price"]');
        await priceCells.first().waitFor();
        const prices = await priceCells.allTextContents();
        expect(prices.length).toBeGreaterThan(0);
        expect(prices.every((price) => price === 'Free' || / a period$/.test(price))).toBe(true);
        await saveDocsPicture(join(DOCS, 'dashboard-admin-375.png'), await page.screenshot({ fullPage: true }));
      } finally {
        await page.setViewportSize({ width: 1280, height: 900 });
      }
      await page.getByRole('button', { name: 'Add a user' }).click();
      await page.getByLabel('Username').fill('grace');
      await page.getByLabel('E-mail address').fill('grace@example.com');
      await page.getByLabel('Password', { exact: true }).fill('a passphrase of grace');
      await page.getByLabel('Plan', { exact: true }).selectOption({ label: 'Pro' });
      await page.getByRole('button', { name: 'Add user' }).click();
      expect(await page.getByRole('textbox', { name: 'API key' }).inputValue()).toMatch(/^lyk_/);
      await page.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('region', { name: 'Users table' }).getByText('grace', { exact: true }).waitFor();

      const theirs = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const grace = await theirs.newPage();
      await grace.goto(`${base}/dashboard/`);
      await grace.getByLabel('Username or e-mail address').fill('grace');
      await grace.locator('#password').fill('a passphrase of grace');
      await grace.getByRole('button', { name: 'Sign in' }).click();
      await grace.getByText('No links yet.').waitFor();
      expect(await grace.getByRole('link', { name: 'Admin' }).count()).toBe(0);
      await grace.goto(`${base}/dashboard/admin`);
      await grace.getByRole('heading', { name: 'Page not found' }).waitFor();
      for (const [path, empty] of [
        ['/campaigns', 'No campaigns yet.'],
        ['/webhooks', 'No webhooks yet.'],
        ['/qr', 'No QR codes yet.'],
      ] as const) {
        await grace.goto(`${base}/dashboard${path}`);
        await grace.getByText(empty, { exact: false }).waitFor();
      }
      await theirs.close();

      // The admin deletes the account.
      await page.getByRole('button', { name: 'Delete grace' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('region', { name: 'Users table' }).getByText('grace', { exact: true }).waitFor({ state: 'detached' });
    }));

  it('disables a user after a confirmation, using the keyboard: they are refused until enabled again', () =>
    step('admin-disable', async () => {
      const ada = await createUser(api, { username: 'ada', email: 'ada@example.com', password: 'a passphrase of ada' }, adminKey);
      await pinDates();
      const theirs = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const visitor = await theirs.newPage();
      const signIn = async () => {
        await visitor.getByLabel('Username or e-mail address').fill('ada');
        await visitor.locator('#password').fill('a passphrase of ada');
        await visitor.getByRole('button', { name: 'Sign in' }).click();
      };
      await visitor.goto(`${base}/dashboard/`);
      await signIn();
      await visitor.getByText('No links yet.').waitFor();

      await page.goto(`${base}/dashboard/admin`);
      await page.getByRole('heading', { name: 'Administration', level: 1 }).waitFor();
      const row = page.getByRole('region', { name: 'Users table' }).getByRole('row', { name: /ada@example\.com/ });
      await row.getByText('Active').waitFor();
      await page.getByRole('button', { name: 'Disable ada' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').getByText('Nothing of theirs is deleted', { exact: false }).waitFor();
      await check('admin-disable', true);
      await page.keyboard.press('Tab'); // from Cancel to Disable
      await page.keyboard.press('Enter');
      await page.getByText('ada is disabled: their key and sessions are refused, their links keep working.').waitFor();
      await row.getByText('Disabled').waitFor();
      await check('admin-disabled');

      // Ada's next step brings back the sign-in form; signing in is refused, and so is her key.
      await visitor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
      await visitor.getByText('Your session has ended. Sign in again to go on.').waitFor();
      await signIn();
      await visitor.getByText('This account is disabled: an admin of this service can enable it again.').waitFor();
      expect((await api.request('GET', '/l/api/account', { key: ada.apikey })).status).toBe(403);

      await page.getByRole('button', { name: 'Enable ada' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Enable' }).click();
      await page.getByText('ada is enabled again, with the same key and password.').waitFor();
      await row.getByText('Active').waitFor();
      // The suite's clock stands still: every sign-in attempt and refused session of the suite, all
      // from this address, count in one minute against the limit of 20. The next minute starts.
      api.clock.advance(60_000);
      try {
        await signIn();
        // Back where she was.
        await visitor.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
      } catch (error) {
        await visitor.screenshot({ path: join(screenshotDir('failures'), 'admin-disable-visitor.png'), fullPage: true });
        throw error;
      } finally {
        api.clock.advance(-60_000);
      }
      expect((await api.request('GET', '/l/api/account', { key: ada.apikey })).status).toBe(200);
      await theirs.close();
    }));

  it(
    'works at 375 pixels wide',
    () =>
      step('narrow', async () => {
        await page.setViewportSize({ width: 375, height: 800 });
        for (const [path, name] of [
          ['/links', 'narrow-links'],
          [`/links/${linkId}`, 'narrow-link'],
          ['/account', 'narrow-account'],
          ['/campaigns', 'narrow-campaigns'],
          [`/campaigns/${campaignId}`, 'narrow-campaign'],
          ['/channels', 'narrow-channels'],
          ['/pixels', 'narrow-pixels'],
          ['/qr/new', 'narrow-qr-new'],
          ['/pages', 'narrow-pages'],
          ['/domains', 'narrow-domains'],
          ['/bulk', 'narrow-bulk'],
          ['/webhooks', 'narrow-webhooks'],
          ['/admin', 'narrow-admin'],
        ] as const) {
          await page.goto(`${base}/dashboard${path}`);
          await page.locator('main h1').waitFor();
          await page.waitForLoadState('networkidle');
          expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
          await check(name, ['narrow-links', 'narrow-link', 'narrow-qr-new', 'narrow-bulk', 'narrow-campaign'].includes(name));
        }
        await page.setViewportSize({ width: 1280, height: 900 });
      }),
    // A dozen pages, each checked by axe-core: longer than one step.
    180_000,
  );

  it('draws a year by hour of about ten million clicks', () =>
    step('year', async () => {
      // A year of hourly counts, about ten million clicks, as the click recorder keeps them.
      await api.linkyard.app.get(DataSource).query(
        `INSERT INTO click_hours (link_id, hour, clicks, visitors, bots)
         SELECT $1, h, 900 + (extract(hour from h)::int * 53) % 500, 700, 3
         FROM generate_series(date_trunc('hour', $2::timestamptz) - interval '8759 hours', date_trunc('hour', $2::timestamptz), interval '1 hour') h
         ON CONFLICT (link_id, hour) WHERE link_id IS NOT NULL DO UPDATE SET clicks = EXCLUDED.clicks`,
        [linkId, new Date(NOW)],
      );
      await page.goto(`${base}/dashboard/links/${linkId}`);
      await page.getByRole('heading', { name: 'Spring sale' }).waitFor();
      await page.getByRole('button', { name: 'Last 12 months' }).click();
      const answered = page.waitForResponse((response) => /\/stats\?.*interval=hour/.test(response.url()));
      await page.getByLabel('By', { exact: true }).selectOption('hour');
      const response = await answered;
      const arrived = Date.now();
      await waitInPage(
        page,
        `Number(document.querySelector('[data-testid="clicks-chart"]')?.getAttribute('data-drawn')) > 8000`,
        30_000,
        10,
      );
      // Measured, not asserted (docs/dashboard.md): from the answer to the drawn chart.
      process.stderr.write(
        `dashboard: a year by hour (${(await response.json()).data.series.length} points) drawn ${Date.now() - arrived} ms after its answer\n`,
      );
      await page.locator('.summary', { hasText: /clicks from .* by hour/ }).waitFor();
    }));

  it('sends an expired session back to the sign-in form', () =>
    step('expired', async () => {
      await page.goto(`${base}/dashboard/links`);
      await page.getByRole('heading', { name: 'Links' }).waitFor();
      // The page's own reads answered first: one still on its way when the session expires would
      // end it before the click (the heading shows before the list has come).
      await page.waitForLoadState('networkidle');
      api.clock.advance(12 * 3600 * 1000 + 60_000);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
      await page.getByText('Your session has ended. Sign in again to go on.').waitFor();
      await page.getByRole('heading', { name: 'Sign in to Linkyard' }).waitFor();
      api.clock.advance(-DAY / 2);
    }));
});
