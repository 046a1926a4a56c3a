import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startApi, type TestApi } from '../support/app';
import { createCampaign, createDomain, createLink, createUser, PASSWORD, type TestUser } from '../support/factories';
import { accessibilityProblems, findChromium, freePort, launch, linksShown, saveDocsPicture, signIn } from './browser';
import { CHROME_MAC, FIREFOX, IPHONE, UK, US } from '../support/visitors';

/**
 * Tags in the dashboard: given on a link's form with the keyboard alone, shown on the links list,
 * a click on one filters the list (kept in the address, so the view is bookmarked), several
 * combine, and the tags page renames, colours and deletes a tag across every link. The list's
 * other filters (campaign, channel, domain, visibility, state, dates) combine with them.
 */
const executable = findChromium();
if (!executable && process.env.CI) throw new Error('No Chromium found: CI runs scripts/chromium.sh install before the tests.');
const suite = executable ? describe : describe.skip;
const DOCS = join(__dirname, '../../../../docs/images');

suite('tags and the links list’s filters in the dashboard', () => {
  let api: TestApi;
  let base: string;
  let browser: Browser;
  let user: TestUser;
  const errors: string[] = [];

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    api = await startApi({ PUBLIC_URL: base });
    await api.linkyard.app.listen({ port, host: '127.0.0.1' });
    browser = await launch(executable!);
    user = await createUser(api, { username: 'tomas', email: 'tomas@example.com' });
    await createLink(api, user, {
      url: 'https://shop.example.com/spring',
      custom: 'spring-sale',
      title: 'Spring sale',
      tags: ['spring', 'newsletter'],
    });
    await createLink(api, user, { url: 'https://shop.example.com/summer', custom: 'summer-sale', title: 'Summer sale', tags: ['summer'] });
    await createLink(api, user, {
      url: 'https://blog.example.com/spring',
      custom: 'spring-post',
      title: 'Spring post',
      tags: ['spring', 'blog'],
    });
    const campaign = await createCampaign(api, user, { name: 'Seasons' });
    await createLink(api, user, { url: 'https://shop.example.com/winter', custom: 'winter-sale', campaign, status: 'public' });
    await createLink(api, user, { url: 'https://shop.example.com/winter-draft', custom: 'winter-draft', campaign });
    await api.request('PUT', '/l/api/tag/spring/update', { key: user.apikey, body: { color: '#16a34a' } });
  });

  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  afterEach(() => expect(errors).toEqual([]));

  const signedIn = (width = 1280) => signIn(browser, base, { username: user.username, password: PASSWORD }, errors, { width });

  const shownAliases = async (page: Page) =>
    (await page.locator('table.links tbody tr td:nth-child(2) a.strong').allInnerTexts()).map((text) => text.split('/').pop());

  it('gives a new link tags with the keyboard alone, typed, chosen and removed', async () => {
    const page = await signedIn();
    await page.keyboard.press('c');
    await page.getByRole('heading', { name: 'New link', level: 1 }).waitFor();
    await page.locator('#url').fill('https://shop.example.com/autumn');
    await page.locator('#tags').focus();
    await page.keyboard.type('Autumn');
    await page.keyboard.press('Enter');
    await page.keyboard.type('sale, spring');
    await page.keyboard.press('Enter');
    await page.keyboard.type('typo');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Backspace');
    // A tag with a comma in it, in double quotes: the comma inside them does not end it.
    await page.keyboard.type('"Paris, France",');
    const removers = page.getByRole('list', { name: 'Chosen tags' }).getByRole('button');
    expect(await removers.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')))).toEqual([
      'Remove tag autumn',
      'Remove tag sale',
      'Remove tag spring',
      'Remove tag paris, france',
    ]);
    await page.getByRole('button', { name: 'Remove tag sale' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Remove tag sale' }).waitFor({ state: 'detached' });
    // What is typed and not yet added is saved with the rest.
    await page.locator('#tags').focus();
    await page.keyboard.type('Harvest');
    expect(await accessibilityProblems(page)).toEqual([]);
    await saveDocsPicture(join(DOCS, 'dashboard-tags-form.png'), await page.locator('.field', { has: page.locator('#tags') }).screenshot());
    await page.getByRole('button', { name: 'Create link' }).click();
    await page.waitForURL(/\/links\/\d+$/);
    const tags = page.getByRole('list', { name: 'Tags', exact: true });
    await tags.waitFor();
    expect(await tags.getByRole('listitem').allInnerTexts()).toEqual(['autumn', 'spring', 'paris, france', 'harvest']);
    await page.context().close();
  });

  it('filters the list by a tag clicked, keeps it in the address, and combines tags', async () => {
    const page = await signedIn();
    const row = page.locator('tr', { hasText: 'spring-sale' });
    await row.getByRole('link', { name: 'Links tagged spring' }).click();
    await page.getByRole('button', { name: 'Remove the filter Tagged spring' }).waitFor();
    expect(decodeURIComponent(page.url())).toContain('tag=["spring"]');
    await linksShown(page);
    expect((await shownAliases(page)).sort()).toEqual(expect.arrayContaining(['spring-post', 'spring-sale']));
    expect(await shownAliases(page)).not.toContain('summer-sale');

    await page.locator('.filter-panel summary').click();
    await page.getByLabel('Tag', { exact: true }).selectOption('newsletter');
    await page.getByRole('button', { name: 'Remove the filter Tagged newsletter' }).waitFor();
    await page.waitForURL(/newsletter/);
    await linksShown(page);
    expect(await shownAliases(page)).toEqual(['spring-sale']);
    expect(await accessibilityProblems(page)).toEqual([]);
    await saveDocsPicture(join(DOCS, 'dashboard-tags-filter.png'), await page.screenshot());

    // The view is bookmarked: opened again from its address, the same filters and links.
    await page.reload();
    await page.getByRole('button', { name: 'Remove the filter Tagged newsletter' }).waitFor();
    await linksShown(page);
    expect(await shownAliases(page)).toEqual(['spring-sale']);
    await page.getByRole('button', { name: 'Remove the filter Tagged spring' }).click();
    await page.getByRole('button', { name: 'Remove the filter Tagged spring' }).waitFor({ state: 'detached' });
    await linksShown(page);
    expect(await shownAliases(page)).toEqual(['spring-sale']);
    await page.getByRole('button', { name: 'Remove the filter Tagged newsletter' }).click();
    await page.getByRole('link', { name: /summer-sale/ }).waitFor();
    await page.context().close();
  });

  it('shows the filter on a phone, readable', async () => {
    const page = await signedIn(375);
    await page.goto(`${base}/dashboard/links?tag=${encodeURIComponent('["spring"]')}`);
    await page.getByRole('button', { name: 'Remove the filter Tagged spring' }).waitFor();
    await linksShown(page);
    expect(await accessibilityProblems(page)).toEqual([]);
    await saveDocsPicture(join(DOCS, 'dashboard-tags-phone.png'), await page.screenshot({ fullPage: true }));
    await page.context().close();
  });

  it('combines a campaign, the visibility and the dates from the filters panel, kept in the address, cleared at once', async () => {
    const page = await signedIn();
    await page.locator('.filter-panel summary').click();
    await page.getByLabel('Campaign', { exact: true }).selectOption({ label: 'Seasons' });
    await page.getByRole('button', { name: 'Remove the filter Campaign: Seasons' }).waitFor();
    await page.getByLabel('Visibility').selectOption('public');
    await page.getByRole('button', { name: 'Remove the filter Public' }).waitFor();
    await page.getByLabel('Made from').fill('2020-01-01');
    await page.getByRole('button', { name: /^Remove the filter Made from/ }).waitFor();
    await page.waitForURL(/status=public/);
    await linksShown(page);
    expect(await shownAliases(page)).toEqual(['winter-sale']);
    expect(await accessibilityProblems(page)).toEqual([]);
    await saveDocsPicture(join(DOCS, 'dashboard-link-filters.png'), await page.screenshot());

    // A day that ends before every link was made: none, said so.
    await page.getByLabel('Made until').fill('2021-01-01');
    await page.getByText('No link matches the filters in force.').waitFor();
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.getByRole('link', { name: /summer-sale/ }).waitFor();
    expect(page.url()).not.toContain('status=');
    await page.context().close();
  });

  it('archives a link from its form: the list leaves it out, and the Archived filter shows it', async () => {
    const page = await signedIn();
    await page.getByRole('link', { name: /winter-draft/ }).click();
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('checkbox', { name: /Archived: left out/ }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Left out of the links list; it still redirects and counts its clicks').waitFor();
    await page.goto(`${base}/dashboard/links`);
    await page.getByRole('link', { name: /summer-sale/ }).waitFor();
    expect(await shownAliases(page)).not.toContain('winter-draft');
    await page.locator('.filter-panel summary').click();
    await page.getByLabel('Archived', { exact: true }).selectOption('only');
    await page.getByRole('button', { name: 'Remove the filter Only archived' }).waitFor();
    await page.getByRole('link', { name: /winter-draft/ }).waitFor();
    expect(await shownAliases(page)).toEqual(['winter-draft']);
    expect(await page.locator('tr', { hasText: 'winter-draft' }).getByText('Archived', { exact: true }).count()).toBe(1);
    await page.context().close();
  });

  it('renames, colours and deletes a tag across every link on the tags page', async () => {
    const page = await signedIn();
    await page.goto(`${base}/dashboard/tags`);
    await page.getByRole('heading', { name: 'Tags', level: 1 }).waitFor();
    await page.getByRole('link', { name: '3 links tagged spring' }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await saveDocsPicture(join(DOCS, 'dashboard-tags.png'), await page.screenshot());

    await page.getByRole('button', { name: 'Edit blog' }).click();
    await page.getByLabel('Name').fill('Articles');
    await page.getByRole('button', { name: 'Save tag' }).click();
    await page.getByRole('link', { name: '1 link tagged articles' }).waitFor();
    expect(await page.getByRole('button', { name: 'Edit blog' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Delete newsletter' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Tag deleted from 1 link.').waitFor();
    expect(await page.getByRole('button', { name: 'Delete newsletter' }).count()).toBe(0);

    await page.goto(`${base}/dashboard/links`);
    const row = page.locator('tr', { hasText: 'spring-post' });
    await row.getByRole('link', { name: 'Links tagged articles' }).waitFor();
    expect(await page.locator('tr', { hasText: 'spring-sale' }).getByRole('link', { name: 'Links tagged newsletter' }).count()).toBe(0);
    await page.context().close();
  });

  it('edits the selected links, then every link a filter keeps, all or nothing', async () => {
    const domain = await createDomain(api, user);
    await createLink(api, user, { custom: 'summer-sale', domain: domain.domain });
    const page = await signedIn();
    // With the keyboard: each row's checkbox, then the toolbar's button.
    for (const alias of ['summer-sale', 'winter-sale']) {
      await page.getByRole('checkbox', { name: `Select ${new URL(base).host}/${alias}` }).focus();
      await page.keyboard.press('Space');
    }
    await page.getByRole('button', { name: 'Edit selected (2)' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit 2 links' });
    await dialog.waitFor();
    await page.keyboard.type('Clearance');
    await page.keyboard.press('Enter');
    await dialog.getByLabel('Visibility').selectOption('public');
    expect(await accessibilityProblems(page)).toEqual([]);
    await saveDocsPicture(join(DOCS, 'dashboard-bulk-edit.png'), await page.screenshot());
    await dialog.getByRole('button', { name: 'Apply to 2 links' }).click();
    await page.getByText('2 links were changed.').waitFor();
    for (const alias of ['summer-sale', 'winter-sale']) {
      await page.locator('tr', { hasText: alias }).getByRole('link', { name: 'Links tagged clearance' }).waitFor();
      expect(await page.getByRole('checkbox', { name: `Select ${new URL(base).host}/${alias}` }).isChecked()).toBe(false);
    }

    // Refused for one link (its alias is taken on the domain): none moves, and the dialog says which and why.
    await page.getByRole('checkbox', { name: `Select ${new URL(base).host}/summer-sale` }).check();
    await page.getByRole('checkbox', { name: `Select ${new URL(base).host}/spring-sale` }).check();
    await page.getByRole('button', { name: 'Edit selected (2)' }).click();
    await dialog.getByLabel('Domain').selectOption(domain.domain);
    await dialog.getByRole('button', { name: 'Apply to 2 links' }).click();
    const alert = dialog.getByRole('alert');
    await alert.getByText('1 of the 2 links cannot take these changes; none was changed.').waitFor();
    expect(await alert.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/\/summer-sale: The alias "summer-sale" is already taken on the new domain\.$/),
    ]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.locator('tr', { hasText: 'spring-sale' }).innerText()).not.toContain(new URL(domain.domain).host);

    // Every link the spring tag keeps, page or not: archived at once, and the list says none is left.
    await page.locator('tr', { hasText: 'spring-post' }).getByRole('link', { name: 'Links tagged spring' }).click();
    await page.waitForURL(/tag=%5B%22spring%22%5D/);
    await page.getByRole('button', { name: 'Edit all 3 matching' }).click();
    await page.getByRole('dialog', { name: 'Edit 3 links' }).getByLabel('Archive').selectOption('archive');
    await page.getByRole('button', { name: 'Apply to 3 links' }).click();
    await page.getByText('3 links were changed.').waitFor();
    await page.getByText('No link matches the filters in force.').waitFor();
    await page.context().close();
  });

  it('edits links on a phone', async () => {
    const page = await signedIn(375);
    await page.getByRole('checkbox', { name: `Select ${new URL(base).host}/summer-sale` }).check();
    await page.getByRole('button', { name: 'Edit selected (1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit 1 link' });
    await dialog.getByLabel('Expiry').selectOption('set');
    await dialog.getByLabel('Expires at (your time zone)').fill('2031-05-01T12:00');
    await dialog.getByLabel('Click limit', { exact: true }).selectOption('set');
    const limit = dialog.getByLabel("People's clicks (those so far count)");
    await limit.fill('0');
    await dialog.getByRole('button', { name: 'Apply to 1 link' }).click();
    await dialog.getByRole('alert').getByText('A click limit is a whole number of clicks from 1', { exact: false }).waitFor();
    await limit.fill('100');
    expect(await accessibilityProblems(page)).toEqual([]);
    await saveDocsPicture(join(DOCS, 'dashboard-narrow-bulk-edit.png'), await page.screenshot());
    await dialog.getByRole('button', { name: 'Apply to 1 link' }).click();
    await page.getByText('The link was changed.').waitFor();
    const id = (await api.request('GET', '/l/api/urls?q=summer-sale&domain=default', { key: user.apikey })).body.data.urls[0].id as number;
    expect((await api.request('GET', `/l/api/url/${id}`, { key: user.apikey })).body.details).toMatchObject({
      expiry: expect.stringMatching(/^2031-05-01 /),
      clicklimit: 100,
      startdate: null,
    });
    await page.context().close();
  });

  it('gives a link a click limit and a start date from its form, and its page says what is left', async () => {
    const page = await signedIn();
    await page.keyboard.press('c');
    await page.getByRole('heading', { name: 'New link', level: 1 }).waitFor();
    await page.locator('#url').fill('https://shop.example.com/limited');
    await page.getByLabel('Click limit').fill('250');
    await page.getByLabel('Starts (your time zone)').fill('2020-01-01T09:00');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create link' }).click();
    await page.waitForURL(/\/links\/\d+$/);
    await page.getByText('250 people’s clicks: 250 left').waitFor();
    await page.getByText('Starts', { exact: true }).waitFor();
    // A link at its limit: the list's filter "Over its click limit" keeps it alone, kept in the address.
    await createLink(api, user, { url: 'https://shop.example.com/once', custom: 'only-once', clicklimit: 1 });
    await api.request('GET', '/only-once', { key: null, remoteAddress: '198.51.100.200', headers: { 'user-agent': FIREFOX } });
    await api.flushClicks();
    const list = await signedIn();
    await list.locator('.filter-panel summary').click();
    await list.getByLabel('State').selectOption({ label: 'Over its click limit' });
    await list.getByRole('button', { name: 'Remove the filter Over its click limit' }).waitFor();
    await list.waitForURL(/state=limited/);
    await linksShown(list);
    expect(await shownAliases(list)).toEqual(['only-once']);
    await list.context().close();
    // A limit that is no number is refused by the service, and said.
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Click limit').fill('many');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page
      .getByText(/clicklimit/)
      .first()
      .waitFor();
    await page.context().close();
  });

  it('splits a link between two destinations from its form, and its statistics say which variant won', async () => {
    const page = await signedIn();
    await page.keyboard.press('c');
    await page.getByRole('heading', { name: 'New link', level: 1 }).waitFor();
    await page.locator('#url').fill('https://shop.example.com/boots');
    await page.locator('#custom').fill('boots-ab');
    await page.getByRole('button', { name: 'Add a destination to split visits with' }).click();
    await page.getByLabel('Destination B').fill('https://shop.example.com/boots-new');
    await page.getByLabel('Weight (%) of B').fill('40');
    await page.getByLabel('Weight (%) of A, the destination above').fill('50');
    await page.getByText('The weights add up to 90 of 100.').waitFor();
    // Weights that miss 100: the service says so, and nothing is made.
    await page.getByRole('button', { name: 'Create link' }).click();
    await page.getByText(/the weights must sum to 100 \(they sum to 90\)/).waitFor();
    await page.getByLabel('Weight (%) of A, the destination above').fill('60');
    await page.getByText('The weights add up to 100 of 100.').waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create link' }).click();
    await page.waitForURL(/\/links\/\d+$/);
    const id = Number(/\/links\/(\d+)$/.exec(page.url())![1]);
    await page.getByText('A: 60% to https://shop.example.com/boots').waitFor();
    await page.getByText('B: 40% to https://shop.example.com/boots-new').waitFor();

    const sent = new Map<string, number>();
    for (let n = 0; n < 60; n += 1) {
      const answer = await api.request('GET', '/boots-ab', {
        key: null,
        remoteAddress: `198.51.100.${n + 1}`,
        headers: { 'user-agent': FIREFOX },
      });
      sent.set(answer.headers.location as string, (sent.get(answer.headers.location as string) ?? 0) + 1);
    }
    await api.flushClicks();
    const b = sent.get('https://shop.example.com/boots-new')!;
    await page.reload();
    const variants = page.getByRole('region', { name: 'A/B variants' });
    await variants.getByText('B: https://shop.example.com/boots-new').waitFor();
    // The split over time: a line per variant, each one's clicks against the share it was given, and which leads.
    await page.getByRole('heading', { name: 'A/B split over time' }).waitFor();
    await page.getByText(`Variant B: ${b === 1 ? '1 click' : `${b} clicks`}, ${Math.round((1000 * b) / 60) / 10}% (given 40%)`).waitFor();
    expect(await page.getByTestId('variants-lead').textContent()).toBe(
      b === 30
        ? 'No variant leads: the first ones have 30 clicks each.'
        : `Variant ${b > 30 ? 'B' : 'A'} leads with ${Math.max(b, 60 - b)} clicks of 60.`,
    );
    await page.locator('[data-testid="compare-chart"][data-lines="2"]').waitFor();
    const lead = await page.getByTestId('variants-lead').textContent();
    await page.getByRole('button', { name: 'Only a/b variants: B: https://shop.example.com/boots-new' }).click();
    await page.waitForURL(/variant=B/);
    await page.getByRole('button', { name: /A\/B variant: B/ }).waitFor();
    await page.getByText(`${b} clicks by people`, { exact: false }).waitFor();
    // Narrowed to one variant, the split's chart still sets every variant side by side, with its clicks.
    await page.locator('[data-testid="compare-chart"][data-lines="2"]').waitFor();
    expect(await page.getByTestId('variants-lead').textContent()).toBe(lead);
    expect(await accessibilityProblems(page)).toEqual([]);
    await saveDocsPicture(join(DOCS, 'dashboard-ab-split.png'), await page.screenshot({ fullPage: true }));
    await page.context().close();

    // On a phone: the form's split and the link's page, readable.
    const phone = await signedIn(375);
    await phone.goto(`${base}/dashboard/links/${id}`);
    await phone.locator('[data-testid="compare-chart"][data-lines="2"]').waitFor();
    expect(await accessibilityProblems(phone)).toEqual([]);
    await saveDocsPicture(join(DOCS, 'dashboard-narrow-ab-split.png'), await phone.screenshot({ fullPage: true }));
    await phone.goto(`${base}/dashboard/links/${id}/edit`);
    await phone.getByLabel('Destination B').waitFor();
    expect(await phone.getByLabel('Weight (%) of A, the destination above').inputValue()).toBe('60');
    expect(await accessibilityProblems(phone)).toEqual([]);
    await phone.getByRole('button', { name: 'Remove other destinations row B' }).click();
    await phone.getByRole('button', { name: 'Save changes' }).click();
    await phone.waitForURL(/\/links\/\d+$/);
    await phone.getByText('Destination', { exact: true }).waitFor();
    await phone.getByText('A/B split', { exact: true }).waitFor({ state: 'detached' });
    expect((await api.request('GET', `/l/api/url/${id}`, { key: user.apikey })).body.details.variants).toEqual([]);
    await phone.context().close();
  });

  it('shares a campaign’s statistics with someone without an account, who sees them alone, until revoked', async () => {
    const campaign = await createCampaign(api, user, { name: 'Autumn launch' });
    const inside = await createLink(api, user, { url: 'https://shop.example.com/autumn', custom: 'autumn-launch', campaign });
    for (const address of [UK, UK, US]) {
      const answer = await api.request('GET', '/autumn-launch', { key: null, remoteAddress: address, headers: { 'user-agent': FIREFOX } });
      expect(answer.status).toBe(302);
    }
    await api.flushClicks();
    const page = await signedIn();
    await page.goto(`${base}/dashboard/campaigns/${campaign}`);
    const panel = page.getByRole('region', { name: 'Shared reports' });
    await panel.getByText('No shared report yet.').waitFor();
    await panel.getByLabel('For whom (only you see it)').fill('Acme Ltd');
    await panel.getByRole('button', { name: 'Make a shared report' }).click();
    await panel.getByText('Copy its address now: it is shown only this once.').waitFor();
    const address = await panel.locator('.notice a').getAttribute('href');
    expect(address).toMatch(new RegExp(`^${base}/dashboard/shared/[A-Za-z0-9_-]{32}$`));
    await panel.getByText('Acme Ltd', { exact: true }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);

    // Someone without an account, on a phone: the statistics, filtered, and no way into the dashboard.
    for (const width of [1280, 375]) {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        locale: 'en-GB',
        timezoneId: 'UTC',
        colorScheme: 'light',
      });
      const reader = await context.newPage();
      reader.on('pageerror', (error) => errors.push(error.message));
      await reader.goto(address!);
      await reader.getByRole('heading', { name: 'Campaign Autumn launch', level: 1 }).waitFor();
      await reader.getByText('3 clicks by people', { exact: false }).waitFor();
      await reader.getByRole('button', { name: 'Only countries: United Kingdom' }).click();
      await reader.getByText('2 clicks by people', { exact: false }).waitFor();
      expect(reader.url()).toContain('country=GB');
      expect(await reader.getByRole('navigation').count()).toBe(0);
      expect(await reader.getByText('Sign out').count()).toBe(0);
      expect(await reader.content()).not.toContain('shop.example.com/autumn');
      expect(await accessibilityProblems(reader)).toEqual([]);
      if (width === 1280) await saveDocsPicture(join(DOCS, 'dashboard-shared-report.png'), await reader.screenshot({ fullPage: true }));
      await context.close();
    }
    expect(inside).toBeGreaterThan(0);

    // Revoked, the address opens nothing.
    await panel.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await panel.getByText('No shared report yet.').waitFor();
    const context = await browser.newContext();
    const reader = await context.newPage();
    await reader.goto(address!);
    await reader.getByRole('heading', { name: 'Report not found', level: 1 }).waitFor();
    await context.close();
    await page.context().close();
  });

  it('compares two links, a campaign and a tag on one chart, kept in the address, on a phone too', async () => {
    const first = await createLink(api, user, {
      url: 'https://shop.example.com/cmp-a',
      custom: 'cmp-a',
      title: 'Compare A',
      tags: ['duo'],
    });
    await createLink(api, user, { url: 'https://shop.example.com/cmp-b', custom: 'cmp-b', title: 'Compare B', tags: ['duo'] });
    for (const alias of ['cmp-a', 'cmp-a', 'cmp-a', 'cmp-b']) {
      const answer = await api.request('GET', `/${alias}`, { key: null, remoteAddress: UK, headers: { 'user-agent': FIREFOX } });
      expect(answer.status).toBe(302);
    }
    await api.flushClicks();
    const page = await signedIn();
    await page.goto(`${base}/dashboard/links/${first}`);
    await page.getByRole('link', { name: 'Compare with other links or campaigns' }).click();
    await page.waitForURL(/\/compare\?links=/);
    await page.getByText('Choose one more to compare.').waitFor();
    await page.getByLabel('Alias, address or title').fill('cmp-b');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('button', { name: /^Compare http.*\/cmp-b$/ }).click();
    await page.getByRole('img', { name: /^Clicks compared\. Compare A: 3 clicks; Compare B: 1 click,/ }).waitFor();
    await page.getByLabel('Campaign', { exact: true }).selectOption({ label: 'Seasons' });
    await page.getByRole('region', { name: 'Add a campaign' }).getByRole('button', { name: 'Compare', exact: true }).click();
    await page.getByRole('img', { name: /Campaign Seasons: 0 clicks/ }).waitFor();
    expect(page.url()).toMatch(/campaigns=/);
    // A tag: the clicks of the links carrying it, both of them here.
    await page.getByLabel("Tag (its links' clicks)").selectOption('duo');
    await page.getByRole('region', { name: 'Add a tag' }).getByRole('button', { name: 'Compare', exact: true }).click();
    await page.getByRole('img', { name: /Campaign Seasons: 0 clicks; Tag duo: 4 clicks/ }).waitFor();
    expect(decodeURIComponent(page.url())).toContain('tags=["duo"]');
    expect(await accessibilityProblems(page)).toEqual([]);
    await saveDocsPicture(join(DOCS, 'dashboard-compare.png'), await page.screenshot({ fullPage: true }));
    const address = page.url();
    await page.getByRole('button', { name: 'Remove Compare B from the comparison' }).click();
    await page
      .getByRole('img', { name: /^Clicks compared\. Compare A: 3 clicks; Campaign Seasons: 0 clicks; Tag duo: 4 clicks/ })
      .waitFor();
    await page.context().close();

    const phone = await signedIn(375);
    await phone.goto(address);
    await phone
      .getByRole('img', { name: /Compare A: 3 clicks; Compare B: 1 click; Campaign Seasons: 0 clicks; Tag duo: 4 clicks/ })
      .waitFor();
    expect(await accessibilityProblems(phone)).toEqual([]);
    await phone.context().close();
  });

  it('narrows a link’s statistics to a value chosen in a top list, kept in the address, and the account’s alike', async () => {
    const id = await createLink(api, user, { url: 'https://shop.example.com/filtered', custom: 'filtered' });
    const visits: [string, string][] = [
      [UK, FIREFOX],
      [UK, FIREFOX],
      [UK, IPHONE],
      [US, CHROME_MAC],
      [US, CHROME_MAC],
      [US, CHROME_MAC],
    ];
    for (const [address, agent] of visits) {
      const answer = await api.request('GET', '/filtered', { key: null, remoteAddress: address, headers: { 'user-agent': agent } });
      expect(answer.status).toBe(302);
    }
    await api.flushClicks();
    const page = await signedIn();
    await page.goto(`${base}/dashboard/links/${id}`);
    const browsers = page.getByRole('region', { name: 'Browsers' });
    await browsers.getByText('Chrome').waitFor();
    // The map: the countries shaded, summed up for screen readers; a click on one chooses it.
    await page.getByRole('img', { name: 'World map of the clicks by country: United Kingdom 3, United States 3.' }).waitFor();
    await page.locator('.clicks-map path[data-country="US"]').click();
    await page.waitForURL(/country=US/);
    await page.getByRole('button', { name: /Country: United States/ }).click();
    await page.getByRole('img', { name: /United Kingdom 3, United States 3/ }).waitFor();
    await page.getByRole('button', { name: 'Only countries: United Kingdom' }).click();
    await page.waitForURL(/country=GB/);
    await page.getByRole('button', { name: /Country: United Kingdom/ }).waitFor();
    await browsers.getByText('Chrome').waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Only countries: United Kingdom' }).getAttribute('aria-pressed')).toBe('true');
    // A second value narrows further; each chip takes its own filter away.
    await page.getByRole('button', { name: 'Only browsers: Firefox' }).click();
    await page.waitForURL(/browser=Firefox/);
    await page.getByText('2 clicks by people', { exact: false }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await saveDocsPicture(join(DOCS, 'dashboard-click-filter.png'), await page.screenshot({ fullPage: true }));
    await page.reload();
    await page.getByRole('button', { name: /Browser: Firefox/ }).waitFor();
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.getByText('6 clicks by people', { exact: false }).waitFor();
    expect(page.url()).not.toContain('country=');

    // The account's clicks add up several links (an A/B link's among them): a split's letters would
    // mean nothing there.
    await page.goto(`${base}/dashboard/account`);
    await page.getByRole('region', { name: 'Browsers' }).getByText('Firefox').waitFor();
    expect(await page.getByRole('region', { name: 'A/B variants' }).count()).toBe(0);
    await page.goto(`${base}/dashboard/account?device=mobile`);
    await page.getByRole('button', { name: /Device: mobile/ }).waitFor();
    await page.getByRole('button', { name: 'Only devices: mobile', pressed: true }).waitFor();
    await page.context().close();
  });

  it("narrows a campaign's clicks with a click, and every organising and reading page holds at 375 px", async () => {
    const campaign = await createCampaign(api, user, { name: 'Phones' });
    const id = await createLink(api, user, { url: 'https://shop.example.com/phones', custom: 'phones', campaign, tags: ['mobile'] });
    await createLink(api, user, { url: 'https://shop.example.com/old-phones', custom: 'old-phones', archived: true });
    for (const [address, agent] of [
      [UK, FIREFOX],
      [UK, IPHONE],
      [US, CHROME_MAC],
    ] as const) {
      expect((await api.request('GET', '/phones', { key: null, remoteAddress: address, headers: { 'user-agent': agent } })).status).toBe(
        302,
      );
    }
    await api.flushClicks();

    // A campaign's page: a country chosen narrows its chart and lists, as a chip kept in the address.
    const page = await signedIn();
    await page.goto(`${base}/dashboard/campaigns/${campaign}`);
    await page.getByRole('region', { name: 'Browsers' }).getByText('Chrome').waitFor();
    await page.getByRole('button', { name: 'Only countries: United Kingdom' }).click();
    await page.waitForURL(/country=GB/);
    await page.getByRole('button', { name: /Country: United Kingdom/ }).waitFor();
    await page.getByRole('region', { name: 'Browsers' }).getByText('Chrome').waitFor({ state: 'detached' });
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.context().close();

    // On a phone: each page readable and axe-clean.
    const phone = await signedIn(375);
    const checks: [string, () => Promise<void>][] = [
      [`/campaigns/${campaign}?country=GB`, () => phone.getByRole('button', { name: /Country: United Kingdom/ }).waitFor()],
      [
        `/links/${id}`,
        () => phone.getByRole('img', { name: /World map of the clicks by country: United Kingdom 2, United States 1/ }).waitFor(),
      ],
      ['/tags', () => phone.getByRole('link', { name: 'mobile' }).first().waitFor()],
      ['/links?archived=only', () => phone.getByText('old-phones').first().waitFor()],
      ['/links?state=limited', () => phone.getByRole('button', { name: 'Remove the filter Over its click limit' }).waitFor()],
      ['/links/new', () => phone.getByLabel('Click limit').waitFor()],
    ];
    for (const [path, shown] of checks) {
      await phone.goto(`${base}/dashboard${path}`);
      await shown();
      expect([path, await accessibilityProblems(phone)]).toEqual([path, []]);
    }
    await phone.goto(`${base}/dashboard/links`);
    await phone.locator('.filter-panel summary').click();
    await phone.getByLabel('State').waitFor();
    expect(await accessibilityProblems(phone)).toEqual([]);
    await phone.keyboard.press('Control+k');
    await phone.getByRole('dialog', { name: 'Commands' }).waitFor();
    expect(await accessibilityProblems(phone)).toEqual([]);
    await phone.context().close();
  });
});
