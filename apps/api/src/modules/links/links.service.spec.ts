import { type ApiError } from '../../common/api-error';
import type { Config } from '../../config/config';
import type { Scope } from '../../database/sql';
import type { Transactions } from '../../database/write-events';
import type { PasswordHasher } from '../auth/password';
import type { WebhookOutbox } from '../webhooks/webhook-outbox';
import type { LinkEntity } from './link.entity';
import type { AddUrlDto } from './links.dto';
import type { LinksRepository, NewLinkEvents } from './links.repository';
import { LinksService, type Creation } from './links.service';
import { accountFor } from '../../../test/support/accounts';

/**
 * How links get their aliases, against an in-memory stand-in of their repository that holds the
 * aliases taken (the one statement that writes them, and its conflicts, run on a real database in
 * test/repositories.e2e-spec.ts and test/links.e2e-spec.ts): an alias asked for twice in one call,
 * one another call took, one reserved, and random ones that happen to be taken.
 */

const ada = accountFor(1);

class MemoryLinks {
  /** Aliases taken, by `domain id/alias`. */
  readonly taken = new Set<string>();
  /** Random aliases the next inserts find taken (another call got there first). */
  readonly raceFor: string[] = [];
  readonly inserted: string[][] = [];
  private next = 1;
  /** The `link.created` events the inserts wrote, as receivers get them. */
  readonly events: { id: number; alias: string }[] = [];
  insert = (_scope: Scope, links: LinkEntity[], events: NewLinkEvents) => {
    this.inserted.push(links.map((link) => link.alias));
    const written = new Map<string, { id: number; createdAt: Date }>();
    for (const link of links) {
      const key = `${link.domainId ?? 0}/${link.alias}`;
      if (this.taken.has(key) || this.raceFor.includes(link.alias)) continue;
      this.taken.add(key);
      const id = this.next++;
      written.set(key, { id, createdAt: new Date(0) });
      const { middle, date } = events.record(link);
      this.events.push(JSON.parse(`{"id":${id},${middle},"date":"${date ?? '1970-01-01 00:00:00'}"}`) as { id: number; alias: string });
    }
    this.raceFor.length = 0;
    return Promise.resolve(written);
  };
  attachPixels = () => Promise.resolve();
}

function service() {
  const links = new MemoryLinks();
  /** How each call wrote: in a transaction, or its one statement alone. */
  const ways: string[] = [];
  const none = {} as never;
  const linksService = new LinksService(
    links as unknown as LinksRepository,
    {
      run: <T>(work: (scope: Scope) => Promise<T>) => (ways.push('transaction'), work({} as Scope)),
      outside: <T>(work: (scope: Scope) => Promise<T>) => (ways.push('alone'), work({} as Scope)),
    } as unknown as Transactions,
    none,
    none,
    none,
    none,
    none,
    none,
    none,
    { part: () => ({ sql: '', params: [], settle: () => undefined }) } as unknown as WebhookOutbox,
    { publicUrl: 'https://lnk.example' } as Config,
    {
      hashAll: (_account: number, passwords: (string | undefined)[]) => Promise.resolve(passwords.map(() => undefined)),
    } as unknown as PasswordHasher,
    // The lists are not read here (test/links.e2e-spec.ts and test/hot-paths.e2e-spec.ts read them).
    none,
    none,
  );
  return { linksService, links, ways };
}

const url = 'https://example.com/';
/** What each input became: its alias, or the status and message of its refusal. */
const outcomes = (created: Creation[]) =>
  created.map((item) =>
    'error' in item
      ? { status: item.error.status, message: item.error.message }
      : { alias: item.link.alias, renamedFrom: item.renamedFrom },
  );

describe('LinksService.create', () => {
  it('gives an alias asked for twice in one call to the first input, and 409 to the second', async () => {
    const { linksService, links } = service();
    const created = await linksService.create(ada, [
      { url, custom: 'spring' },
      { url, custom: 'spring' },
      { url, custom: 'summer' },
    ] as AddUrlDto[]);
    expect(outcomes(created)).toEqual([
      { alias: 'spring', renamedFrom: undefined },
      { status: 409, message: 'The alias "spring" is already taken on this domain.' },
      { alias: 'summer', renamedFrom: undefined },
    ]);
    // The webhooks hear of the links made, in their order, once, as GET /urls lists them.
    expect(links.events).toEqual([
      {
        id: 1,
        alias: 'spring',
        shorturl: 'https://lnk.example/spring',
        longurl: url,
        clicks: 0,
        title: '',
        description: '',
        tags: [],
        archived: false,
        date: '1970-01-01 00:00:00',
      },
      {
        id: 2,
        alias: 'summer',
        shorturl: 'https://lnk.example/summer',
        longurl: url,
        clicks: 0,
        title: '',
        description: '',
        tags: [],
        archived: false,
        date: '1970-01-01 00:00:00',
      },
    ]);
  });

  it('writes one link by its statement alone, and several in one transaction', async () => {
    const { linksService, ways } = service();
    await linksService.create(ada, [{ url }] as AddUrlDto[]);
    await linksService.create(ada, [{ url }, { url }] as AddUrlDto[]);
    expect(ways).toEqual(['alone', 'transaction']);
  });

  it('refuses an alias another call has taken, or with renameTaken gives the link another one and says which it asked for', async () => {
    const { linksService, links } = service();
    links.taken.add('0/spring');
    expect(outcomes(await linksService.create(ada, [{ url, custom: 'spring' }] as AddUrlDto[]))).toEqual([
      { status: 409, message: 'The alias "spring" is already taken on this domain.' },
    ]);
    const [renamed] = outcomes(await linksService.create(ada, [{ url, custom: 'spring' }] as AddUrlDto[], { renameTaken: true }));
    expect(renamed).toEqual({ alias: expect.stringMatching(/^[A-Za-z0-9]{6}$/), renamedFrom: 'spring' });
  });

  it("refuses an alias of the service's own pages on the field that named it, and makes the others of the call", async () => {
    const { linksService } = service();
    const created = await linksService.create(ada, [{ url, custom: 'dashboard' }, { url }] as AddUrlDto[]);
    expect(created[0]).toMatchObject({ error: { status: 400, field: 'custom' } });
    expect((created[0] as { error: ApiError }).error.message).toBe(
      `Invalid field "custom": "dashboard" is reserved for the service's own pages.`,
    );
    expect(outcomes(created)[1]).toEqual({ alias: expect.stringMatching(/^[A-Za-z0-9]{6}$/), renamedFrom: undefined });
  });

  it('draws a random alias again when another call took it meanwhile', async () => {
    const { linksService, links } = service();
    const original = links.insert;
    let first = true;
    links.insert = (scope, rows, events) => {
      // The first random alias drawn is taken by the time the row is written.
      if (first) links.raceFor.push(rows[0]!.alias);
      first = false;
      return original(scope, rows, events);
    };
    const [created] = outcomes(await linksService.create(ada, [{ url }] as AddUrlDto[]));
    expect(links.inserted).toHaveLength(2);
    expect(created).toEqual({ alias: links.inserted[1]![0], renamedFrom: undefined });
    expect(links.inserted[1]![0]).not.toBe(links.inserted[0]![0]);
    // One event, of the link written.
    expect(links.events).toEqual([expect.objectContaining({ alias: links.inserted[1]![0] })]);
  });
});
