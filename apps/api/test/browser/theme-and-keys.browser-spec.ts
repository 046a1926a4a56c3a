import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startApi, type TestApi } from '../support/app';
import { createLink, createUser, linkAlias, PASSWORD, type TestUser } from '../support/factories';
import { accessibilityProblems, findChromium, freePort, launch, linksShown, saveDocsPicture, signIn } from './browser';

/**
 * The keyboard's commands: `/` searches the links, `c` makes one, `g l` goes to them, Ctrl+K opens
 * a palette of every command (filtered as one types, run with Enter), and keys typed into a field
 * stay the field's.
 *
 * Dark mode: the dashboard follows the system's preference, and the theme chosen in its header
 * (light, dark or as the system prefers) changes every page at once, the charts included, and
 * stays in the browser. Readable either way (axe, contrast included).
 */
const executable = findChromium();
if (!executable && process.env.CI) throw new Error('No Chromium found: CI runs scripts/chromium.sh install before the tests.');
const suite = executable ? describe : describe.skip;
const DOCS = join(__dirname, '../../../../docs/images');
const BROWSER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';

suite('dark mode and the keyboard in the dashboard', () => {
  let api: TestApi;
  let base: string;
  let browser: Browser;
  let user: TestUser;
  let linkId: number;
  const errors: string[] = [];

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    api = await startApi({ PUBLIC_URL: base });
    await api.linkyard.app.listen({ port, host: '127.0.0.1' });
    browser = await launch(executable!);
    user = await createUser(api, { username: 'noor', email: 'noor@example.com' });
    linkId = await createLink(api, user, { url: 'https://example.com/night', custom: 'night-sale' });
    const alias = await linkAlias(api, user, linkId);
    for (let visit = 0; visit < 5; visit += 1) {
      await api.request('GET', `/${alias}`, { key: null, headers: { 'user-agent': BROWSER_AGENT }, outsideContract: true });
    }
    await api.flushClicks();
  });

  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  afterEach(() => expect(errors).toEqual([]));

  const signedIn = (colorScheme: 'light' | 'dark', width = 1280) =>
    signIn(browser, base, { username: user.username, password: PASSWORD }, errors, { colorScheme, width });

  /** The page's background as the person sees it. */
  const background = (page: Page) => page.evaluate<string>('getComputedStyle(document.documentElement).backgroundColor');
  const DARK = 'rgb(15, 23, 42)';
  const LIGHT = 'rgb(243, 244, 246)';

  it("follows the system's dark preference, readable on every page, charts included", async () => {
    const page = await signedIn('dark');
    await linksShown(page);
    expect(await background(page)).toBe(DARK);
    expect(await page.getByLabel('Theme').inputValue()).toBe('system');
    expect(await accessibilityProblems(page)).toEqual([]);
    await saveDocsPicture(join(DOCS, 'dashboard-dark.png'), await page.screenshot());

    await page.goto(`${base}/dashboard/links/${linkId}`);
    const chart = page.locator('.chart [data-drawn]');
    await chart.waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await saveDocsPicture(join(DOCS, 'dashboard-dark-link.png'), await page.screenshot({ fullPage: true }));
    await page.context().close();

    const narrow = await signedIn('dark', 375);
    await linksShown(narrow);
    expect(await background(narrow)).toBe(DARK);
    expect(await accessibilityProblems(narrow)).toEqual([]);
    await saveDocsPicture(join(DOCS, 'dashboard-dark-375.png'), await narrow.screenshot());
    await narrow.context().close();
  });

  it('takes a theme chosen in the header at once, with the keyboard, and keeps it', async () => {
    const page = await signedIn('dark');
    const theme = page.getByLabel('Theme');
    await theme.focus();
    await theme.selectOption('light');
    expect(await background(page)).toBe(LIGHT);
    // The choice outlives the page, against the system's preference.
    await page.reload();
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    expect(await background(page)).toBe(LIGHT);
    expect(await page.getByLabel('Theme').inputValue()).toBe('light');
    // A chart drawn under one theme is drawn again in the other's colours.
    await page.goto(`${base}/dashboard/links/${linkId}`);
    await page.locator('.chart [data-drawn]').waitFor();
    const bars = () => page.evaluate<string>("getComputedStyle(document.documentElement).getPropertyValue('--chart-bar').trim()");
    expect(await bars()).toBe('#1d4ed8');
    await page.getByLabel('Theme').selectOption('dark');
    expect(await background(page)).toBe(DARK);
    expect(await bars()).toBe('#93b4fd');
    expect(await accessibilityProblems(page)).toEqual([]);
    // Back to the system's (dark) preference.
    await page.getByLabel('Theme').selectOption('system');
    expect(await background(page)).toBe(DARK);
    expect(await page.evaluate("localStorage.getItem('linkyard:theme')")).toBeNull();
    await page.context().close();

    const light = await signedIn('light');
    expect(await background(light)).toBe(LIGHT);
    await light.getByLabel('Theme').selectOption('dark');
    expect(await background(light)).toBe(DARK);
    await light.context().close();
  });

  it('runs the keyboard’s commands, and leaves keys typed into a field to the field', async () => {
    const page = await signedIn('light');
    await page.keyboard.press('c');
    await page.getByRole('heading', { name: 'New link', level: 1 }).waitFor();
    // Typed into the form's field, `g l` and `/` are text, not commands.
    const destination = page.getByLabel('Destination URL', { exact: false }).first();
    await destination.focus();
    await page.keyboard.type('g l/');
    expect(await destination.inputValue()).toBe('g l/');
    expect(await page.getByRole('heading', { name: 'New link', level: 1 }).isVisible()).toBe(true);
    await destination.blur();

    await page.keyboard.press('g');
    await page.keyboard.press('l');
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    await page.keyboard.press('/');
    await page.locator('#search:focus').waitFor();
    await page.keyboard.type('night');
    // The search is sent once typing pauses; night-sale is in the list before it too.
    await page.waitForURL(/[?&]q=night/);
    await linksShown(page);
    await page.locator('#search').blur();

    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Commands' });
    await palette.waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await saveDocsPicture(join(DOCS, 'dashboard-palette.png'), await page.screenshot());
    await page.keyboard.type('camp');
    expect(await palette.getByRole('option').allTextContents()).toEqual(['Go to campaignsg c']);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();
    expect(await palette.isVisible()).toBe(false);

    // Arrows choose among the matches; Escape closes without running any.
    await page.keyboard.press('?');
    await palette.waitFor();
    await palette.getByRole('combobox', { name: 'Command' }).and(page.locator(':focus')).waitFor();
    await page.keyboard.type('theme');
    expect(await palette.getByRole('option').allTextContents()).toEqual(['Theme: light', 'Theme: dark', 'Theme: as the system prefers']);
    await page.keyboard.press('ArrowDown');
    await palette.getByRole('option', { name: 'Theme: dark', selected: true }).waitFor();
    await page.keyboard.press('Enter');
    await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
    expect(await background(page)).toBe(DARK);
    await page.keyboard.press('Control+k');
    await palette.waitFor();
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();
    await page.context().close();
  });
});
