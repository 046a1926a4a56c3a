import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startApi, type TestApi } from '../support/app';
import { createLink, PASSWORD, type TestUser } from '../support/factories';
import { accessibilityProblems, findChromium, freePort, launch, openFromMenu } from './browser';

/**
 * The dashboard as a person uses it, under the limits meant for scripts: a session has a budget of
 * its own that clicking around never reaches, opening the sign-in form is no failed sign-in, an
 * ended session brings back the form saying so, and a 429 is waited out with a quiet notice.
 */
const executable = findChromium();
if (!executable && process.env.CI) throw new Error('No Chromium found: CI runs scripts/chromium.sh install before the tests.');
const suite = executable ? describe : describe.skip;

/** The main menu's sections and the heading each page shows. */
const SECTIONS: [label: string, heading: string][] = [
  ['Links', 'Links'],
  ['Bio pages', 'Bio pages'],
  ['Bulk', 'Links in bulk'],
  ['Campaigns', 'Campaigns'],
  ['Channels', 'Channels'],
  ['QR codes', 'QR codes'],
  ['Pixels', 'Pixels'],
  ['Overlays & splash', 'Overlays and splash pages'],
  ['Domains', 'Branded domains'],
  ['Webhooks', 'Webhooks'],
  ['Account', 'Account'],
];

/** A Free-plan account (30 requests a minute for its key), made through the admin API. */
async function freeUser(api: TestApi, name: string): Promise<TestUser> {
  const response = await api.request('POST', '/l/api/user/add', {
    body: { username: name, email: `${name}@example.com`, password: PASSWORD },
  });
  return response.body.data as TestUser;
}

suite('the dashboard under the limits', () => {
  let api: TestApi;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // The session's budget as deployed (600 a minute).
    api = await startApi({ PUBLIC_URL: base });
    await api.linkyard.app.listen({ port, host: '127.0.0.1' });
    browser = await launch(executable!);
  });

  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  /** A new browser on the dashboard; every answer of the API it gets is counted by status. */
  async function open(): Promise<{ context: BrowserContext; page: Page; statuses: number[]; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const statuses: number[] = [];
    const errors: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/l/api/')) statuses.push(response.status());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) errors.push(message.text());
    });
    return { context, page, statuses, errors };
  }

  async function signIn(page: Page, login: string, password: string): Promise<void> {
    await page.getByLabel('Username or e-mail address').fill(login);
    await page.locator('#password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Signed in as').waitFor();
  }

  it('opens the sign-in form thirty times from one address, then signs in: loading is no failed sign-in', async () => {
    const user = await freeUser(api, 'often_loaded');
    const { context, page, statuses } = await open();
    for (let load = 0; load < 30; load += 1) {
      await page.goto(`${base}/dashboard/`);
      await page.getByRole('heading', { name: 'Sign in to Linkyard' }).waitFor();
    }
    expect(await page.getByText(/Too many failed/).count()).toBe(0);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    await signIn(page, user.username, PASSWORD);
    await context.close();
  });

  it('lets a Free-plan user click through every page, again and again, without an error or a wait', async () => {
    const user = await freeUser(api, 'free_clicker');
    const link = await createLink(api, user, { url: 'https://example.com/clicked', title: 'Clicked' });
    const { context, page, statuses, errors } = await open();
    await page.goto(`${base}/dashboard/`);
    await signIn(page, user.username, PASSWORD);
    // (Before it, the page asked who is signed in: nobody yet, a 401.)
    statuses.length = 0;
    let views = 0;
    let mostInOnePage = 0;
    const started = Date.now();
    // Each section three times, with a link's page reloaded seven times in between (the page that
    // turned into "Rate limit exceeded" for a Free-plan user when the session spent the plan).
    for (let round = 0; round < 3; round += 1) {
      for (const [label, heading] of SECTIONS) {
        const before = statuses.length;
        await openFromMenu(page, label);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        mostInOnePage = Math.max(mostInOnePage, statuses.length - before);
        views += 1;
      }
    }
    for (let reload = 0; reload < 7; reload += 1) {
      const before = statuses.length;
      await page.goto(`${base}/dashboard/links/${link}`);
      await page.getByRole('heading', { name: 'Clicked', level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      mostInOnePage = Math.max(mostInOnePage, statuses.length - before);
      views += 1;
    }
    const minutes = (Date.now() - started) / 60_000;
    // Measured for docs/dashboard.md: what a page of the dashboard asks the service.
    process.stderr.write(
      `dashboard: ${views} page views, ${statuses.length} API requests (${Math.round(statuses.length / Math.max(minutes, 1 / 60))} a minute at this pace), at most ${mostInOnePage} for one page\n`,
    );
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    expect(statuses.filter((status) => status >= 400)).toEqual([]);
    expect(errors).toEqual([]);
    // The plan's thirty requests a minute are the key's, untouched by the dashboard.
    const byKey = await api.request('GET', '/l/api/account', { key: user.apikey });
    expect(byKey.headers['x-ratelimit-limit']).toBe('30');
    // (The link above was made with the key, in this minute or the last.)
    expect(Number(byKey.headers['x-ratelimit-remaining'])).toBeGreaterThanOrEqual(28);
    await context.close();
  });

  it('shows the sign-in form saying the session ended, for a tab left open and for a page loaded later', async () => {
    const user = await freeUser(api, 'left_open');
    const { context, page } = await open();
    await page.goto(`${base}/dashboard/`);
    await signIn(page, user.username, PASSWORD);
    // Signed out in another tab: this one's cookie now names an ended session.
    const other = await context.newPage();
    await other.goto(`${base}/dashboard/account`);
    await other.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    await other.getByRole('button', { name: 'Sign out' }).first().click();
    await other.getByRole('heading', { name: 'Sign in to Linkyard' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
    await page.getByText('Your session has ended. Sign in again to go on.').waitFor();
    await signIn(page, user.username, PASSWORD);
    await context.close();

    // A browser that kept the cookie of a session that ended opens the dashboard, many times over.
    const stale = await open();
    await stale.page.goto(`${base}/dashboard/`);
    await signIn(stale.page, user.username, PASSWORD);
    const cookies = await stale.context.cookies(base);
    await api.request('DELETE', '/l/api/session', {
      key: null,
      headers: {
        cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
        'sec-fetch-site': 'same-origin',
        'x-linkyard-csrf': await csrfOf(stale.page),
      },
    });
    for (let load = 0; load < 25; load += 1) {
      await stale.page.goto(`${base}/dashboard/links`);
      await stale.page.getByText('Your session has ended. Sign in again to go on.').waitFor();
    }
    expect(await accessibilityProblems(stale.page)).toEqual([]);
    await signIn(stale.page, user.username, PASSWORD);
    await stale.context.close();
  });

  it('waits out a 429 with a quiet notice, then shows the page, never an error page', async () => {
    // A service of its own whose sessions have a budget small enough to meet: 20 requests a minute.
    const port = await freePort();
    const busy = await startApi({ PUBLIC_URL: `http://127.0.0.1:${port}`, SESSION_RATE_LIMIT: '20' });
    await busy.linkyard.app.listen({ port, host: '127.0.0.1' });
    const here = `http://127.0.0.1:${port}`;
    const user = await freeUser(busy, 'fast_clicker');
    const link = await createLink(busy, user, { url: 'https://example.com/busy', title: 'Busy' });
    const { context, page, statuses, errors } = await open();
    await page.goto(`${here}/dashboard/`);
    await signIn(page, user.username, PASSWORD);
    // The session's window ends in 8 seconds; the requests below spend its budget first.
    busy.clock.set(Math.ceil(Date.now() / 60_000) * 60_000 - 8_000);
    const notice = page.getByRole('status').filter({ hasText: /asked the dashboard to slow down/ });
    let waited = false;
    for (let reload = 0; reload < 12 && !waited; reload += 1) {
      await page.goto(`${here}/dashboard/links/${link}`);
      waited = await notice
        .waitFor({ timeout: 1500 })
        .then(() => true)
        .catch(() => false);
    }
    expect(waited).toBe(true);
    expect(statuses).toContain(429);
    expect(await accessibilityProblems(page)).toEqual([]);
    // The request goes again once the window has ended: the page shows, the notice goes.
    await page.getByRole('heading', { name: 'Busy', level: 1 }).waitFor({ timeout: 20_000 });
    await notice.waitFor({ state: 'hidden', timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
    await busy.close();
  });
});

/** The session's proof, as the page has it (GET /session answers it to the page's own cookie). */
async function csrfOf(page: Page): Promise<string> {
  return page.evaluate<string>("fetch('/l/api/session').then((r) => r.json()).then((b) => b.data.csrf)");
}
