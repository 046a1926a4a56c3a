import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';

/** Debian's Chromium (or CHROMIUM_PATH); the browser suite is skipped without one. */
export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  return candidates.find((path) => existsSync(path)) ?? null;
}

/**
 * Headless, with nothing that reaches outside this machine (its updaters and sync would be
 * refused), on a fresh profile (Playwright makes a new user-data-dir for every launch).
 */
export function launch(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Whether nothing listens on this loopback port now. */
export function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A loopback port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Waits until an expression holds in the page, asked from here every `interval` ms. (Playwright's
 * waitForFunction, given a string, evaluates it with eval inside the page when it polls, which the
 * dashboard's policy refuses: no 'unsafe-eval'.)
 */
export async function waitInPage(page: Page, expression: string, timeout = 30_000, interval = 50): Promise<void> {
  const until = Date.now() + timeout;
  while (!(await page.evaluate<boolean>(`Boolean(${expression})`))) {
    if (Date.now() > until) throw new Error(`Timed out after ${timeout} ms waiting for ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

/**
 * The page's data is on screen: nothing is loading, and no table shows an earlier query's rows
 * (the dashboard keeps them, marked aria-busy, while the next query loads).
 */
export const settled = (page: Page): Promise<void> => waitInPage(page, `!document.querySelector('.loading, [aria-busy="true"]')`);

/** The links list shows the rows of the query in the address (not the previous query's, kept meanwhile). */
export const linksShown = (page: Page): Promise<void> =>
  page.locator('[aria-label="Links table"][aria-busy="false"] table.links tbody tr').first().waitFor();

/** The serious and critical accessibility violations axe-core finds on the page, as readable lines. */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  // Only violations are read: axe then keeps one node of each passing or inapplicable rule rather
  // than all of them. A page without frames is checked in one run inside it; a page with frames
  // (the previews) frame by frame, the results put together in a blank page, which also reaches
  // frames of another origin.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(page.frames().length === 1)
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

export function screenshotDir(name: string): string {
  const dir = join(__dirname, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Writes a picture for the docs when it differs from the one there by more than a sliver (text
 * antialiasing varies a few pixels from run to run): the docs follow the pages, and a test run
 * leaves the tree clean when nothing a reader would see changed.
 */
export async function saveDocsPicture(path: string, picture: Buffer): Promise<void> {
  if (existsSync(path)) {
    const [before, after] = await Promise.all([path, picture].map((image) => sharp(image).raw().toBuffer({ resolveWithObject: true })));
    if (before!.info.width === after!.info.width && before!.info.height === after!.info.height) {
      let changed = 0;
      for (let index = 0; index < before!.data.length; index += 1) if (before!.data[index] !== after!.data[index]) changed += 1;
      if (changed <= before!.data.length / 2000) return;
    }
  }
  writeFileSync(path, picture);
}

/**
 * Opens a place of the dashboard from its menu, as a person would: behind "Menu" on a phone, and
 * under "More" when it is not on the menu's main row.
 */
export async function openFromMenu(page: Page, label: string): Promise<void> {
  const menu = page.getByRole('navigation', { name: 'Main' });
  const link = menu.getByRole('link', { name: label, exact: true });
  if (await link.isVisible()) return link.click();
  const menuButton = menu.getByRole('button', { name: 'Menu', exact: true });
  if (await menuButton.isVisible()) await menuButton.click();
  if (!(await link.isVisible())) await menu.getByRole('button', { name: 'More', exact: true }).click();
  await link.click();
}

/**
 * A loopback door to the service that can be shut as a stopped service is: every connection cut
 * and new ones refused, until it opens again on the same port (the browser never knows the difference).
 */
export interface ServiceDoor {
  port: number;
  shut(): Promise<void>;
  open(): Promise<void>;
  close(): Promise<void>;
}

export async function serviceDoor(target: number): Promise<ServiceDoor> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      if (server) return resolve();
      const made = createServer((client) => {
        const upstream = connect(target, '127.0.0.1');
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      made.once('error', reject);
      made.listen(port, '127.0.0.1', () => {
        server = made;
        resolve();
      });
    });
  const shut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  await open();
  return { port, shut, open, close: shut };
}

/** What a browser keeps of a sign-in (its cookies and local storage), by service and username. */
const signedInStates = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>();

/**
 * A new browser context signed in to the dashboard at `base` with a password, on the links page: a
 * desk's width unless said, British English, the time zone and colour scheme asked for. The page's
 * script errors are pushed to `errors`. The first time for a user it fills the sign-in form; later
 * contexts start with what the browser kept of that sign-in (its session cookie), as a person
 * coming back would, and fill the form again only if that session has ended (signed out, revoked).
 */
export async function signIn(
  browser: Browser,
  base: string,
  login: { username: string; password: string },
  errors: string[],
  options: { width?: number; timezoneId?: string; colorScheme?: 'light' | 'dark' } = {},
): Promise<Page> {
  const key = `${base}\n${login.username}`;
  const kept = signedInStates.get(key);
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    locale: 'en-GB',
    timezoneId: options.timezoneId ?? 'UTC',
    colorScheme: options.colorScheme ?? 'light',
    ...(kept ? { storageState: kept } : {}),
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${base}/dashboard/`);
  const links = page.getByRole('heading', { name: 'Links', level: 1 });
  const username = page.getByLabel('Username or e-mail address');
  if (kept) {
    await links.or(username).first().waitFor();
    if (await links.isVisible()) return page;
  }
  await username.fill(login.username);
  await page.locator('#password').fill(login.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await links.waitFor();
  signedInStates.set(key, await context.storageState());
  return page;
}
