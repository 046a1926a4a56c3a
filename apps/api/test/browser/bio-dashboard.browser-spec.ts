import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { startApi, type TestApi } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import {
  accessibilityProblems,
  findChromium,
  freePort,
  launch,
  portFree,
  saveDocsPicture,
  screenshotDir,
  settled,
  waitInPage,
} from './browser';

/**
 * Bio pages in the dashboard, in a real browser (Debian's Chromium driven by playwright-core),
 * against the real service listening on a loopback port: a page made in the editor (blocks of
 * several kinds, an upload, moved with the keyboard) while the service's own renderer draws the
 * preview, saved, visited at 375 pixels by a visitor of another browser who follows a button, and
 * both counted on the page's statistics; the list, the deletion, hostile text, the block limit and
 * the editor at 375 pixels; axe-core on the list, the editor, the statistics and the public page.
 * The pictures of docs/bio-pages.md's "In the dashboard" are taken here.
 */
const executable = findChromium();
if (!executable && process.env.CI) throw new Error('No Chromium found: CI runs scripts/chromium.sh install before the tests.');
const suite = executable ? describe : describe.skip;
// A journey step waits on the preview, drawn a moment after typing pauses: on a busy machine, longer than the default.
jest.setTimeout(120_000);

const DOCS = join(__dirname, '../../../../docs/images');
const PORT = 47971;
/** The suite's moment, fixed so the pictures it takes (dates, charts) are the same from run to run. */
const NOW = Date.parse('2026-11-20T09:30:00Z');
const VISITOR =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const HOSTILE = '<img src=x onerror=alert(1)><script>alert(2)</script>';
// Arabic, and a right-to-left override: the service refuses the override in a page's text.
const ARABIC = 'مرحبا بالعالم';
const RTL_OVERRIDE = 'file\u202Egnp.exe';

/** Pictures drawn here, so the pages (and the docs' pictures) are the same from run to run. */
async function drawing(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Waits until `read` gives `expected` (the preview is drawn a moment after typing pauses), then checks it. */
async function eventually<T>(read: () => Promise<T>, expected: T, timeout = 20_000): Promise<void> {
  const until = Date.now() + timeout;
  let last = await read();
  while (!isDeepStrictEqual(last, expected) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    last = await read();
  }
  expect(last).toEqual(expected);
}

suite('bio pages in the dashboard', () => {
  let api: TestApi;
  let base: string;
  let user: TestUser;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageId = 0;
  let publicLink = '';
  const pageErrors: string[] = [];

  beforeAll(async () => {
    const port = (await portFree(PORT)) ? PORT : await freePort();
    base = `http://127.0.0.1:${port}`;
    api = await startApi({ PUBLIC_URL: base });
    api.clock.set(NOW);
    await api.linkyard.app.listen({ port, host: '127.0.0.1' });
    user = await createUser(api, { username: 'ada_lovelace', email: 'ada@example.com' });
    browser = await launch(executable!);
    context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
      locale: 'en-GB',
      timezoneId: 'Europe/Paris',
    });
    await context.clock.setFixedTime(NOW);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|Refused to|Blocked/.test(message.text())) pageErrors.push(message.text());
    });
    page.on('dialog', (dialog) => {
      pageErrors.push(`a dialog opened: ${dialog.message()}`);
      void dialog.dismiss();
    });
  });

  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  /** Records dated at the suite's moment (the database dates them by its own clock). */
  async function pinDates(): Promise<void> {
    await api.linkyard.app.get(DataSource).query('UPDATE bio_pages SET created_at = $1, updated_at = $1', [new Date(NOW)]);
  }

  /**
   * Fails on a serious accessibility problem or a script error; keeps a screenshot of a failure, or
   * takes the docs' picture: the whole page from the top, or (`preview`) the screen scrolled to the
   * editor's preview. (The preview frame is of another origin: the browser draws it where it is in
   * view, so a whole-page picture of a phone-sized screen, where the preview is far below, shows it
   * blank.)
   */
  async function check(name: string, docs: false | 'page' | 'preview' = false, target: Page = page): Promise<void> {
    // Network idle is no data wait after a navigation within the page: settled() is.
    await target.waitForLoadState('networkidle');
    await settled(target);
    const problems = await accessibilityProblems(target);
    if (problems.length > 0 || pageErrors.length > 0) {
      await target.screenshot({ path: join(screenshotDir('failures'), `bio-${name}.png`), fullPage: true });
    }
    expect(problems).toEqual([]);
    expect(pageErrors).toEqual([]);
    if (!docs) return;
    if (docs === 'preview') {
      await target.locator('#bio-preview').scrollIntoViewIfNeeded();
      await target.waitForTimeout(300);
      await saveDocsPicture(join(DOCS, `dashboard-bio-${name}.png`), await target.screenshot());
      return;
    }
    // From the top: the editor's preview follows the scroll (sticky), and would be drawn where the scroll left it.
    await target.evaluate('window.scrollTo(0, 0)');
    await saveDocsPicture(join(DOCS, `dashboard-bio-${name}.png`), await target.screenshot({ fullPage: true }));
  }

  async function step(name: string, body: () => Promise<void>): Promise<void> {
    try {
      await body();
    } catch (error) {
      await page.screenshot({ path: join(screenshotDir('failures'), `bio-${name}.png`), fullPage: true }).catch(() => undefined);
      throw error;
    }
  }

  const preview = (): FrameLocator => page.frameLocator('iframe[title="Preview of the page"]');

  it('signs in and finds no bio pages yet', () =>
    step('empty', async () => {
      await page.goto(`${base}/dashboard/`);
      await page.getByLabel('API key').check();
      await page.locator('#apikey').fill(user.apikey);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Links' }).waitFor();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bio pages' }).click();
      await page.getByRole('heading', { name: 'Bio pages', level: 1 }).waitFor();
      await page.getByText('No bio pages yet.').waitFor();
      await check('empty');
    }));

  it('makes a page in the editor: blocks of four kinds, an upload, moved with the keyboard, the preview following', () =>
    step('editor', async () => {
      await page.getByRole('link', { name: 'New bio page' }).click();
      await page.getByRole('heading', { name: 'New bio page', level: 1 }).waitFor();
      await page.getByLabel('Name', { exact: true }).fill('Ada');
      await page.getByLabel('Alias', { exact: true }).fill('ada-notes');
      await page.getByLabel('Title', { exact: true }).fill('Ada Lovelace');
      await page.getByLabel('Description', { exact: true }).fill('Mathematician and writer.\nNotes on engines, numbers and poetry.');
      // The preview is the service's own page, drawn as the draft changes.
      await preview().getByRole('heading', { level: 1, name: 'Ada Lovelace' }).waitFor();
      const avatar = await drawing(
        `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f59e0b"/><stop offset="1" stop-color="#db2777"/></linearGradient></defs><rect width="600" height="600" fill="url(#g)"/><circle cx="300" cy="250" r="110" fill="#fff7ed"/><path d="M110 600a190 170 0 0 1 380 0z" fill="#fff7ed"/></svg>`,
      );
      await page.getByLabel('Avatar', { exact: true }).setInputFiles({ name: 'ada.png', mimeType: 'image/png', buffer: avatar });
      await page.getByText(/New picture: ada\.png/).waitFor();

      // Theme: a text colour that cannot be read is refused by the service, its message beside the colours.
      await page.getByLabel('Background (hexadecimal, #RRGGBB)', { exact: true }).fill('#fdf6ec');
      await page.getByLabel('Text (hexadecimal, #RRGGBB)', { exact: true }).fill('#eeeeee');
      await page
        .getByRole('alert')
        .filter({ hasText: /contrast ratio of 1\.\d+:1; at least 4\.5:1/ })
        .waitFor();
      expect(await page.getByLabel('Text (hexadecimal, #RRGGBB)', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      await page.getByLabel('Text (hexadecimal, #RRGGBB)', { exact: true }).fill('#1f2937');
      await page.getByLabel('Buttons (hexadecimal, #RRGGBB)', { exact: true }).fill('#1f2937');
      await page.getByLabel('Text of the buttons (hexadecimal, #RRGGBB)', { exact: true }).fill('#fdf6ec');
      await page.getByLabel("Buttons' shape").selectOption('pill');
      await page.getByLabel('Font', { exact: true }).selectOption('serif');
      await page
        .getByRole('alert')
        .filter({ hasText: /contrast/ })
        .waitFor({ state: 'detached' });

      // Blocks: a link button, a text with a line break, a heading, an image upload.
      await page.getByRole('button', { name: 'Add a block: Link button' }).click();
      // Focus goes to the new block's first field.
      await waitInPage(page, "document.activeElement?.id.endsWith('-first')");
      await page.keyboard.type('Latest notes');
      await page.getByLabel('Address it opens (block 1)').fill('https://notes.example/latest');
      await page.getByLabel('Icon (block 1)').selectOption('news');
      await page.getByRole('button', { name: 'Add a block: Text' }).click();
      await page.getByLabel('Text (block 2)').fill('Writing every week about the engines that compute.\nQuestions are welcome.');
      await page.getByRole('button', { name: 'Add a block: Heading' }).click();
      await page.getByLabel('Heading (block 3)').fill('From the workshop');
      await page.getByRole('button', { name: 'Add a block: Image' }).click();
      const photo = await drawing(
        `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#7dd3fc"/></linearGradient></defs><rect width="1600" height="900" fill="url(#s)"/><circle cx="1200" cy="250" r="110" fill="#fde68a"/><path d="M0 700 L400 420 L700 640 L1000 380 L1600 760 L1600 900 L0 900 Z" fill="#0f172a"/></svg>`,
      );
      await page.getByLabel('Picture (block 4)').setInputFiles({ name: 'dusk.png', mimeType: 'image/png', buffer: photo });
      await page.getByText(/New picture: dusk\.png/).waitFor();
      await page.getByLabel('What the image shows (block 4)').fill('Mountains at dusk under a pale sun');
      await preview().getByRole('img', { name: 'Mountains at dusk under a pale sun' }).waitFor();
      await preview().getByRole('link', { name: 'Latest notes' }).waitFor();
      const order = () =>
        preview()
          .locator('main > *')
          .evaluateAll((nodes) => nodes.map((node) => node.textContent?.trim() || node.tagName));
      await eventually(order, [
        'Latest notes',
        'Writing every week about the engines that compute.\nQuestions are welcome.',
        'From the workshop',
        'IMG',
      ]);

      // The keyboard moves the heading to the top: focus stays on its button, each move is announced.
      await page.getByRole('button', { name: 'Move up block 3, “From the workshop”' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: 'Moved “From the workshop” to position 2 of 4.' }).waitFor();
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: 'Moved “From the workshop” to position 1 of 4.' }).waitFor();
      // At the top its "up" is disabled: focus went to its "down".
      await expect(page.evaluate<string>('document.activeElement.id')).resolves.toMatch(/-down$/);
      await expect(page.getByRole('heading', { level: 3 }).first().textContent()).resolves.toBe('1. Heading new');
      await eventually(order, [
        'From the workshop',
        'Latest notes',
        'Writing every week about the engines that compute.\nQuestions are welcome.',
        'IMG',
      ]);
      // The preview's frame is sandboxed in an opaque origin, under a policy of its own.
      expect(await page.locator('iframe[title="Preview of the page"]').getAttribute('sandbox')).toBe('allow-scripts');
      await check('editor', 'page');

      await page.getByRole('button', { name: 'Create the page' }).click();
      await page.getByRole('heading', { name: 'Ada', level: 1, exact: true }).waitFor();
      pageId = Number(/\/bio\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
      const stored = (await api.request('GET', `/l/api/bio/${pageId}`, { key: user.apikey })).body.details;
      publicLink = stored.link;
      expect(stored).toMatchObject({
        alias: 'ada-notes',
        title: 'Ada Lovelace',
        theme: { background: '#fdf6ec', text: '#1f2937', button: '#1f2937', buttonText: '#fdf6ec', buttonShape: 'pill', font: 'serif' },
      });
      expect(stored.avatar).toMatch(/\/ada-notes\/m\/\d+-[0-9a-f]{16}\.webp$/);
      expect(stored.blocks.map((block: { type: string }) => block.type)).toEqual(['heading', 'link', 'text', 'image']);
    }));

  it('shows the page to a visitor of another browser at 375 pixels, who follows its button; the dashboard counts both', () =>
    step('visit', async () => {
      const visitor = await browser.newContext({ viewport: { width: 375, height: 812 }, userAgent: VISITOR });
      const phone = await visitor.newPage();
      await phone.route('https://notes.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Notes</title>' }));
      await phone.goto(publicLink);
      await phone.getByRole('heading', { level: 1, name: 'Ada Lovelace' }).waitFor();
      expect(await accessibilityProblems(phone)).toEqual([]);
      expect(await phone.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await phone.getByRole('link', { name: 'Latest notes' }).click();
      await phone.waitForURL('https://notes.example/latest');
      await visitor.close();
      await api.flushClicks();

      await pinDates();
      await page.reload();
      await page.getByRole('heading', { name: 'Ada', level: 1, exact: true }).waitFor();
      await expect(page.getByTestId('bio-visits').textContent()).resolves.toBe('1');
      const stored = (await api.request('GET', `/l/api/bio/${pageId}`, { key: user.apikey })).body.details;
      const button = stored.blocks.find((block: { type: string }) => block.type === 'link');
      await expect(page.getByTestId(`block-clicks-${button.id}`).textContent()).resolves.toBe('1');
      await page.getByRole('img', { name: /^Visits\. 1 visit from/ }).waitFor();
      await page.getByRole('region', { name: 'Browsers' }).getByText('Mobile Safari').waitFor();
      await page.getByRole('button', { name: 'Over time (Latest notes)' }).click();
      await page.getByRole('img', { name: /^Clicks of Latest notes\. 1 click/ }).waitFor();
      await check('page', 'page');
      // Its QR code, downloaded.
      const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PNG' }).click()]);
      expect(png.suggestedFilename()).toBe('ada-notes-qr.png');
      const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download SVG' }).click()]);
      expect(svg.suggestedFilename()).toBe('ada-notes-qr.svg');
    }));

  it('edits the stored page: kept blocks keep their clicks, the preview draws the change', () =>
    step('edit', async () => {
      await page.getByRole('link', { name: 'Edit the page' }).click();
      await page.getByRole('heading', { name: 'Edit Ada', level: 1 }).waitFor();
      await preview().getByRole('heading', { level: 1, name: 'Ada Lovelace' }).waitFor();
      await page.getByLabel('Button text (block 2)').fill('All my notes');
      await preview().getByRole('link', { name: 'All my notes' }).waitFor();
      // A script URL is refused by the service, its message beside the field.
      await page.getByLabel('Address it opens (block 2)').fill('javascript:alert(1)');
      await page
        .getByRole('alert')
        .filter({ hasText: /blocks\.1\.url/ })
        .waitFor();
      expect(await page.getByLabel('Address it opens (block 2)').getAttribute('aria-invalid')).toBe('true');
      await page.getByLabel('Address it opens (block 2)').fill('https://notes.example/all');
      await page
        .getByRole('alert')
        .filter({ hasText: /blocks\.1\.url/ })
        .waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('heading', { name: 'Ada', level: 1, exact: true }).waitFor();
      const stored = (await api.request('GET', `/l/api/bio/${pageId}`, { key: user.apikey })).body.details;
      expect(stored.blocks[1]).toMatchObject({ type: 'link', title: 'All my notes', url: 'https://notes.example/all', clicks: 1 });
      expect(stored.blocks[3].image).toMatch(/\.webp$/);
    }));

  it('lists the pages with their address, a copy button and their visits', () =>
    step('list', async () => {
      await pinDates();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bio pages' }).click();
      await page.getByRole('heading', { name: 'Bio pages', level: 1 }).waitFor();
      const row = page.getByRole('row').filter({ hasText: 'Ada' });
      await row.getByRole('link', { name: publicLink.replace(/^https?:\/\//, '') }).waitFor();
      await expect(row.getByRole('cell').nth(2).textContent()).resolves.toBe('1');
      await row.getByRole('button', { name: `Copy ${publicLink}` }).waitFor();
      await check('list', 'page');
    }));

  it('shows hostile text as text, in the editor and its preview', () =>
    step('hostile', async () => {
      const refused = await api.request('POST', '/l/api/bio/add', { key: user.apikey, body: { name: 'x', title: RTL_OVERRIDE } });
      expect(refused.status).toBe(400);
      const created = await api.request('POST', '/l/api/bio/add', {
        key: user.apikey,
        body: {
          name: HOSTILE,
          title: `${ARABIC} ${HOSTILE}`,
          description: 'x'.repeat(500),
          blocks: [
            { type: 'link', title: HOSTILE, url: 'https://example.com/?q=<script>' },
            { type: 'text', text: `${HOSTILE}\n${'y'.repeat(900)}` },
          ],
        },
      });
      expect(created.status).toBe(200);
      await page.goto(`${base}/dashboard/bio/${created.body.id}/edit`);
      await page.getByRole('heading', { level: 1, name: `Edit ${HOSTILE}` }).waitFor();
      await expect(page.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe(HOSTILE);
      await preview()
        .getByRole('heading', { level: 1, name: `${ARABIC} ${HOSTILE}` })
        .waitFor();
      await preview().getByRole('link', { name: HOSTILE }).waitFor();
      expect(await preview().locator('body script, body img').count()).toBe(0);
      // 100 kB pasted in a field: it holds what the service takes (100 characters); nothing runs.
      await page.getByLabel('Title', { exact: true }).fill('z'.repeat(100_000));
      expect((await page.getByLabel('Title', { exact: true }).inputValue()).length).toBeLessThanOrEqual(100);
      await preview()
        .getByRole('heading', { level: 1, name: 'z'.repeat(100) })
        .waitFor();
      expect(pageErrors).toEqual([]);
    }));

  it('adds social icons, a player and an e-mail button, and moves a block by dragging it', () =>
    step('kinds', async () => {
      await page.goto(`${base}/dashboard/bio/new`);
      await page.getByRole('heading', { name: 'New bio page', level: 1 }).waitFor();
      await page.getByLabel('Name', { exact: true }).fill('Elsewhere');
      await page.getByRole('button', { name: 'Add a block: Social icons' }).click();
      await page.getByLabel('Network 1 (block 1)').selectOption('mastodon');
      await page.getByLabel('Profile address 1 (block 1)').fill('https://mastodon.example/@ada');
      await page.getByRole('button', { name: 'Add a profile to block 1' }).click();
      await page.getByLabel('Network 2 (block 1)').selectOption('github');
      await page.getByLabel('Profile address 2 (block 1)').fill('https://github.example/ada');
      await page.getByRole('button', { name: /^Add a block: Player/ }).click();
      await page.getByLabel('Address of the video, track or list (block 2)').fill('https://www.youtube.com/watch?v=aqz-KE-bpKQ');
      await page.getByRole('button', { name: 'Add a block: E-mail button' }).click();
      await page.getByLabel('E-mail address (block 3)').fill('ada@example.com');
      await page.getByLabel('Button text (block 3)').fill('Write to me');
      await preview().getByRole('link', { name: 'GitHub' }).waitFor();
      await preview().getByRole('link', { name: 'Write to me' }).waitFor();
      await preview().locator('iframe[title="YouTube video"]').waitFor({ state: 'attached' });
      // The mouse drags the e-mail button to the top, by its handle.
      await page.locator('.block-card').nth(2).locator('.drag-handle').dragTo(page.locator('.block-card').nth(0));
      await eventually(
        () => page.locator('.block-card h3').allTextContents(),
        ['1. E-mail button new', '2. Social icons new', '3. Player (YouTube, Vimeo, Spotify, SoundCloud) new'],
      );
      await eventually(
        () =>
          preview()
            .locator('main > *')
            .evaluateAll((nodes) => nodes.map((node) => node.tagName)),
        ['A', 'UL', 'IFRAME'],
      );
      expect(pageErrors).toEqual([]);
    }));

  it('says when a page holds its 100 blocks', () =>
    step('full', async () => {
      const created = await api.request('POST', '/l/api/bio/add', {
        key: user.apikey,
        body: { name: 'Full', blocks: Array.from({ length: 100 }, (_, index) => ({ type: 'heading', text: `Heading ${index + 1}` })) },
      });
      await page.goto(`${base}/dashboard/bio/${created.body.id}/edit`);
      await page.getByText('A page holds at most 100 blocks: remove one to add another.').waitFor();
      expect(await page.getByRole('button', { name: /^Add a block/ }).count()).toBe(0);
      await page.getByRole('button', { name: /^Remove block 100,/ }).click();
      await page.getByRole('button', { name: 'Add a block: Heading' }).waitFor();
    }));

  it('works at 375 pixels: the list and the editor', () =>
    step('narrow', async () => {
      await page.setViewportSize({ width: 375, height: 800 });
      for (const [path, name] of [
        ['/bio', 'narrow-list'],
        [`/bio/${pageId}/edit`, 'narrow-editor'],
      ] as const) {
        await page.goto(`${base}/dashboard${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        if (name === 'narrow-editor') await preview().getByRole('heading', { level: 1, name: 'Ada Lovelace' }).waitFor();
        expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
        await check(name, name === 'narrow-editor' ? 'preview' : false);
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }));

  it('deletes a page after a confirmation saying what happens', () =>
    step('delete', async () => {
      await page.goto(`${base}/dashboard/bio`);
      const row = page.getByRole('row').filter({ hasText: 'Ada' }).filter({ hasText: 'ada-notes' });
      await row.getByRole('button', { name: 'Delete Ada' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this bio page?' });
      await dialog.getByText(/answers “not found” at once\. Its blocks, pictures and statistics/).waitFor();
      await dialog.getByRole('button', { name: 'Delete the page' }).click();
      await page.getByRole('status').filter({ hasText: 'The page Ada was deleted.' }).waitFor();
      expect((await api.request('GET', `/l/api/bio/${pageId}`, { key: user.apikey })).status).toBe(404);
      expect((await api.request('GET', new URL(publicLink).pathname, { key: null })).status).toBe(404);
    }));
});
