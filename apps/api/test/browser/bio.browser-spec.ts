import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { startApi, type TestApi } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { accessibilityProblems, findChromium, freePort, launch, portFree, saveDocsPicture } from './browser';

/**
 * A public bio page in a real browser (Debian's Chromium driven by playwright-core), served by the
 * real service on a loopback port: what a visitor sees at 375 and 1280 pixels, axe-core's verdict,
 * what the page's policy refuses, and a button followed to its destination and counted. The
 * pictures of docs/bio-pages.md are taken here. Without a Chromium the suite is skipped.
 */
const executable = findChromium();
if (!executable && process.env.CI) throw new Error('No Chromium found: CI runs scripts/chromium.sh install before the tests.');
const suite = executable ? describe : describe.skip;

const DOCS = join(__dirname, '../../../../docs/images');
const PORT = 47951;
const VISITOR = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const DARK = { background: '#0f172a', text: '#e2e8f0', button: '#38bdf8', buttonText: '#0f172a', buttonShape: 'square', font: 'system' };

/** Pictures drawn here, so the pages (and the docs' pictures) are the same from run to run. */
async function drawing(svg: string): Promise<string> {
  return (await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64');
}

suite('a bio page in a browser', () => {
  let api: TestApi;
  let base: string;
  let user: TestUser;
  let browser: Browser;
  let avatar: string;
  let photo: string;

  beforeAll(async () => {
    const port = (await portFree(PORT)) ? PORT : await freePort();
    base = `http://127.0.0.1:${port}`;
    api = await startApi({ PUBLIC_URL: base });
    await api.linkyard.app.listen({ port, host: '127.0.0.1' });
    user = await createUser(api);
    browser = await launch(executable!);
    avatar = await drawing(
      `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f59e0b"/><stop offset="1" stop-color="#db2777"/></linearGradient></defs><rect width="600" height="600" fill="url(#g)"/><circle cx="300" cy="250" r="110" fill="#fff7ed"/><path d="M110 600a190 170 0 0 1 380 0z" fill="#fff7ed"/></svg>`,
    );
    photo = await drawing(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#7dd3fc"/></linearGradient></defs><rect width="1600" height="900" fill="url(#s)"/><circle cx="1200" cy="250" r="110" fill="#fde68a"/><path d="M0 700 L400 420 L700 640 L1000 380 L1600 760 L1600 900 L0 900 Z" fill="#0f172a"/></svg>`,
    );
  });

  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  async function createPage(body: Record<string, unknown>): Promise<{ id: number; link: string; blocks: { id: number }[] }> {
    const response = await api.request('POST', '/l/api/bio/add', { key: user.apikey, body });
    if (response.status !== 200) throw new Error(`bio/add: ${response.status} ${response.text}`);
    return response.body.details;
  }

  /** A page of the browser, at this width, telling what went wrong in it (errors, refusals of its policy, dialogs). */
  async function open(url: string, width: number): Promise<{ page: Page; problems: string[] }> {
    // Headless Chromium says so in its user agent, and is counted as a bot: a visitor's browser does not.
    const context = await browser.newContext({ viewport: { width, height: width < 600 ? 812 : 800 }, userAgent: VISITOR });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`error: ${error.message}`));
    page.on('dialog', (dialog) => {
      problems.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    page.on('console', (message) => {
      // The browser asks for /favicon.ico, which the service answers 404: not the page's doing.
      if (message.type() === 'error' && !/status of 404/.test(message.text())) problems.push(`console: ${message.text()}`);
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.evaluate('Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)))');
    return { page, problems };
  }

  const content = (theme?: Record<string, string>) => ({
    name: 'Ada',
    title: 'Ada Lovelace',
    description: 'Mathematician and writer.\nNotes on engines, numbers and poetry.',
    avatar,
    theme: theme ?? {
      background: '#fdf6ec',
      text: '#1f2937',
      button: '#1f2937',
      buttonText: '#fdf6ec',
      buttonShape: 'pill',
      font: 'serif',
    },
    blocks: [
      { type: 'link', title: 'Latest notes', url: 'https://notes.example/latest', icon: 'news' },
      { type: 'link', title: 'The shop', url: 'https://shop.example/', icon: 'shop' },
      { type: 'link', title: 'Talks and dates', url: 'https://talks.example/', icon: 'calendar' },
      { type: 'heading', text: 'From the workshop' },
      { type: 'image', image: photo, alt: 'Mountains at dusk under a pale sun' },
      { type: 'text', text: 'Writing every week about the engines that compute.\nQuestions are welcome.' },
      { type: 'link', title: 'Free chapters', url: 'https://notes.example/chapters', icon: 'download' },
      {
        type: 'social',
        links: [
          { network: 'mastodon', url: 'https://mastodon.example/@ada' },
          { network: 'github', url: 'https://github.example/ada' },
          { network: 'instagram', url: 'https://instagram.example/ada' },
          { network: 'youtube', url: 'https://youtube.example/@ada' },
        ],
      },
      { type: 'contact', title: 'Write to me', email: 'ada@example.com', subject: 'Hello Ada' },
    ],
  });

  it.each([
    ['light', 375, undefined],
    ['light', 1280, undefined],
    ['dark', 375, DARK],
  ] as const)('shows a %s page at %i pixels, readable, accessible and within the screen', async (name, width, theme) => {
    const details = await createPage({ ...content(theme), alias: `ada-${name}-${width}` });
    const { page, problems } = await open(details.link, width);
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(problems).toEqual([]);
    // Mobile first: nothing wider than the screen.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Ada Lovelace');
    expect(await page.getByRole('link', { name: 'Latest notes' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'GitHub' }).count()).toBe(1);
    expect(await page.getByRole('img', { name: 'Mountains at dusk under a pale sun' }).count()).toBe(1);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('banner').count()).toBe(1);
    const picture = `bio-page${name === 'dark' ? '-dark' : ''}-${width}.png`;
    await saveDocsPicture(join(DOCS, picture), await page.screenshot({ fullPage: true }));
    await page.context().close();
  });

  it('follows a button through the service to its destination, counting the click on its block', async () => {
    const details = await createPage({ ...content(), alias: 'ada-click' });
    const { page, problems } = await open(details.link, 375);
    // The destination is another site: answered here, as nothing leaves this machine.
    await page
      .context()
      .route('https://shop.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Shop</title>' }));
    await page.getByRole('link', { name: 'The shop' }).click();
    await page.waitForURL('https://shop.example/');
    expect(problems).toEqual([]);
    await page.context().close();
    await api.flushClicks();
    const stored = (await api.request('GET', `/l/api/bio/${details.id}`, { key: user.apikey })).body.details;
    expect(stored.visits).toBe(1);
    expect(stored.blocks[1]).toMatchObject({ title: 'The shop', clicks: 1 });
  });

  it('shows markup written in a page as text, and its policy lets nothing else run or load', async () => {
    const hostile = `<img src=x onerror="alert('x')"><script>alert('y')</script>`;
    const details = await createPage({
      name: 'x',
      alias: 'hostile-page',
      title: hostile,
      description: `مرحبا بالعالم ${hostile}`,
      blocks: [
        { type: 'link', title: hostile, url: 'https://example.com/' },
        { type: 'text', text: hostile },
        { type: 'embed', url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' },
      ],
    });
    const { page, problems } = await open(details.link, 375);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(hostile);
    expect(await page.locator('script').count()).toBe(0);
    expect(await page.locator('img').count()).toBe(0);
    // The player's frame is the one thing from elsewhere, sandboxed, from the provider's origin only.
    const frame = page.locator('iframe');
    expect(await frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ');
    expect(await frame.getAttribute('sandbox')).toBe(
      'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-presentation',
    );
    expect(await frame.getAttribute('title')).toBe('YouTube video');
    // A script put in the page by other means is refused by its policy.
    // (Run in the page, written as text: the test's own code knows no DOM.)
    const ran = await page.evaluate<boolean>(`new Promise((resolve) => {
      document.addEventListener('securitypolicyviolation', () => resolve(false), { once: true });
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
      setTimeout(() => resolve(window.injected === true), 500);
    })`);
    expect(ran).toBe(false);
    expect(problems.filter((problem) => problem.startsWith('dialog') || problem.startsWith('error'))).toEqual([]);
    await page.context().close();
  });
});
