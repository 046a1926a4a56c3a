import { Inject, Injectable } from '@nestjs/common';
import {
  IMPORT_SOURCES,
  type ImportedLink,
  type ImportRecord,
  type ImportSource,
  type ImportWorkerInput,
  type ImportWorkerOutput,
} from '@linkyard/formats';
import type { Account } from '../../common/account';
import { ApiError, badRequest } from '../../common/api-error';
import type { Ok } from '../../common/contract';
import { shortUrl } from '../../common/public-urls';
import { normalizeBody } from '../../common/request-body';
import { checkItem } from '../../common/validation.pipe';
import { Turns } from '../../common/turns';
import { FairLimit } from '../../infrastructure/fair-limit';
import { runInWorker, WorkerLimitError } from '../../infrastructure/worker-task';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { DomainsService } from '../domains/domains.service';
import { isReservedAlias } from '../../common/aliases';
import { LinksRepository } from './links.repository';
import { MAX_TAGS, tagName } from './tags';
import { ALIAS, AddUrlDto, MAX_BULK_LINKS } from './links.dto';
import { LinksService, type LinkHistory } from './links.service';
import { Clock } from '../../common/clock';
import { OverlaysService } from '../overlays/overlays.service';
import { SplashService } from '../splash/splash.service';

type ImportAnswer = Ok<'importUrls'>['data'];
type ImportResult = ImportAnswer['results'][number];

/** Most records one import call takes (the body is at most 8 MiB too). */
export const MAX_IMPORT_LINKS = 10_000;

/**
 * Files are read in a worker thread of their own (`@linkyard/formats/import-worker`), never on the
 * thread that answers requests, with this much heap and time: a legitimate 8 MiB export takes a
 * fraction of either, and a hostile one is stopped by them.
 */
export const IMPORT_WORKER_HEAP_MB = 256;
export const IMPORT_WORKER_TIMEOUT_MS = 20_000;
/**
 * Files read at once by this instance (each takes a core while it is read), and per account; a
 * waiting account is served in turn with the others, and past two waiting files per account the
 * next is refused (503, try again).
 */
export const IMPORTS_AT_ONCE = 1;
const IMPORTS_WAITING_PER_ACCOUNT = 2;

const IMPORT_WORKER = require.resolve('@linkyard/formats/import-worker');

/** A record of the file on its way in: its line, the url/add body made of it, the alias it asked for. */
interface Candidate {
  line: number;
  body: AddUrlDto;
  /** The source's alias; undefined when it gave none. */
  alias: string | undefined;
  /** The date and clicks the source gave the link. */
  history: LinkHistory;
}

/** The account's splash pages and overlays named by the file's link types (Linkyard's own export). */
interface OwnTypes {
  splash: Set<number>;
  overlay: Set<number>;
}

/**
 * Imports the export of another shortener (or of Linkyard): each record becomes a `url/add` body,
 * checked by the same rules, and is created through the same path as a bulk call. A record keeps
 * its alias where the alias is free; a taken alias gets a new one (`renamed`), except when the
 * account already has that alias for the same URL (`existing`: importing twice creates nothing
 * twice). The source's domain is kept only when it is one of the account's branded domains.
 */
@Injectable()
export class LinkImport {
  private readonly reading = new FairLimit(IMPORTS_AT_ONCE, 1, IMPORTS_WAITING_PER_ACCOUNT);

  constructor(
    @Inject(LinksRepository) private readonly links: LinksRepository,
    @Inject(LinksService) private readonly service: LinksService,
    @Inject(DomainsService) private readonly domains: DomainsService,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(SplashService) private readonly splashPages: SplashService,
    @Inject(OverlaysService) private readonly overlays: OverlaysService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async run(account: Account, from: unknown, text: string): Promise<ImportAnswer> {
    const { source, records } = await this.read(account, sourceOf(from), text);
    const results = new Map<number, ImportResult>();
    const ownDomains = await this.ownDomains(account, records);
    const ownTypes = await this.ownTypes(account, records);
    const now = this.clock.now();
    const candidates: Candidate[] = [];
    const turns = new Turns();
    for (const record of records) {
      await turns.take();
      if ('error' in record) {
        results.set(record.line, { line: record.line, result: 'failed', field: null, message: record.error });
        continue;
      }
      const body = asBody(record.link, ownDomains, ownTypes);
      const checked = body instanceof ApiError ? body : await checkItem(AddUrlDto, body);
      if (checked instanceof ApiError) {
        results.set(record.line, { line: record.line, result: 'failed', field: checked.field, message: checked.message });
        continue;
      }
      candidates.push({ line: record.line, body: checked, alias: record.link.alias, history: historyOf(record.link, now) });
    }
    const fresh = await this.withoutExisting(account, candidates, ownDomains, results);
    for (let start = 0; start < fresh.length; start += MAX_BULK_LINKS) {
      const chunk = fresh.slice(start, start + MAX_BULK_LINKS);
      const creations = await this.service.create(
        account,
        chunk.map((candidate) => candidate.body),
        { renameTaken: true, history: chunk.map((candidate) => candidate.history) },
      );
      creations.forEach((creation, index) => {
        const { line, alias } = chunk[index]!;
        if ('error' in creation) {
          results.set(line, { line, result: 'failed', field: creation.error.field, message: creation.error.message });
          return;
        }
        const { link } = creation;
        const renamed = alias !== undefined && alias !== link.alias;
        results.set(line, {
          line,
          result: renamed ? 'renamed' : 'created',
          id: link.id,
          alias: link.alias,
          shorturl: shortUrl(this.config.publicUrl, link.alias, link.domain),
          // Why it has a new alias: the source's was another link's here, or one this service cannot use.
          ...(renamed ? { previousAlias: alias, reason: usableAlias(alias) ? ('taken' as const) : ('unusable' as const) } : {}),
        });
      });
    }
    const ordered = [...results.values()].sort((a, b) => a.line - b.line);
    const count = (result: ImportResult['result']) => ordered.filter((entry) => entry.result === result).length;
    return {
      from: source,
      total: records.length,
      created: count('created'),
      renamed: count('renamed'),
      existing: count('existing'),
      failed: count('failed'),
      results: ordered,
    };
  }

  /** The file's records, read in a worker thread, in turn with other accounts' files. */
  private async read(
    account: Account,
    source: ImportSource | undefined,
    text: string,
  ): Promise<{ source: ImportSource; records: ImportRecord[] }> {
    const input: ImportWorkerInput = { text, source, maxRecords: MAX_IMPORT_LINKS };
    let output: ImportWorkerOutput;
    try {
      output = await this.reading.run(account.id, () =>
        runInWorker<ImportWorkerInput, ImportWorkerOutput>(IMPORT_WORKER, input, {
          timeoutMs: IMPORT_WORKER_TIMEOUT_MS,
          maxHeapMb: IMPORT_WORKER_HEAP_MB,
        }),
      );
    } catch (error) {
      if (!(error instanceof WorkerLimitError)) throw error;
      throw badRequest(
        error.limit === 'time'
          ? `The file cannot be imported: it could not be read within ${IMPORT_WORKER_TIMEOUT_MS / 1000} seconds.`
          : `The file cannot be imported: reading it would take more than ${IMPORT_WORKER_HEAP_MB} MB of memory.`,
      );
    }
    if (output.ok) return output;
    if (output.unrecognized) {
      throw badRequest(`The file's format was not recognized; name its source with "from" (${IMPORT_SOURCES.join(', ')}).`);
    }
    throw badRequest(`The file cannot be imported: ${output.message}.`);
  }

  /** The splash pages and overlays the file's link types name that are the account's. */
  private async ownTypes(account: Account, records: ImportRecord[]): Promise<OwnTypes> {
    const named = (pattern: RegExp) =>
      records.flatMap((record) => {
        const match = 'link' in record && record.link.type ? pattern.exec(record.link.type) : null;
        const id = match ? Number(match[1]) : NaN;
        return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? [id] : [];
      });
    const [splash, overlay] = await Promise.all([
      this.splashPages.idsAmong(account, [...new Set(named(/^(\d{1,10})$/))]),
      this.overlays.idsAmong(account, [...new Set(named(/^overlay-(\d{1,10})$/))]),
    ]);
    return { splash, overlay };
  }

  /** The domains the file names that are branded domains of the account: name as written -> its URL. */
  private async ownDomains(account: Account, records: ImportRecord[]): Promise<Map<string, string>> {
    const named = records.flatMap((record) => ('link' in record && record.link.domain ? [record.link.domain] : []));
    const owned = await this.domains.ownedAmong(account, named);
    return new Map([...owned].map(([name, domain]) => [name, domain.domain]));
  }

  /**
   * Answers as `existing` the records whose alias the account already has on the same domain for
   * the same URL, and hands back the others.
   */
  private async withoutExisting(
    account: Account,
    candidates: Candidate[],
    ownDomains: Map<string, string>,
    results: Map<number, ImportResult>,
  ): Promise<Candidate[]> {
    const asking = candidates.filter((candidate) => candidate.body.custom !== undefined);
    if (asking.length === 0) return candidates;
    const rows = await this.links.withAliases(account, [...new Set(asking.map((candidate) => candidate.body.custom!))]);
    const held = new Map(rows.map((row) => [`${row.domain ?? ''}/${row.alias}`, row]));
    return candidates.filter((candidate) => {
      const { custom, domain, url } = candidate.body;
      if (custom === undefined) return true;
      const row = held.get(`${domain === undefined ? '' : (ownDomains.get(domain) ?? '')}/${custom}`);
      if (!row || row.url !== url) return true;
      results.set(candidate.line, {
        line: candidate.line,
        result: 'existing',
        id: row.id,
        alias: row.alias,
        shorturl: shortUrl(this.config.publicUrl, row.alias, row.domain === null ? null : { domain: row.domain }),
      });
      return false;
    });
  }
}

/** The source the caller named, or undefined: told from the file's content. */
function sourceOf(from: unknown): ImportSource | undefined {
  if (from === undefined) return undefined;
  if (typeof from !== 'string' || !(IMPORT_SOURCES as readonly string[]).includes(from)) {
    throw badRequest(`Invalid parameter "from": must be one of ${IMPORT_SOURCES.join(', ')}.`);
  }
  return from as ImportSource;
}

/**
 * The type of a link of Linkyard's own export, where this account can have it: `direct` and
 * `frame` always, a splash page or an overlay when it is the account's own (the same service and
 * account the file came from); otherwise none (the link is `direct`).
 */
function keptType(type: string | undefined, own: OwnTypes): string | undefined {
  if (type === 'direct' || type === 'frame') return type;
  if (type !== undefined && /^\d{1,10}$/.test(type) && own.splash.has(Number(type))) return type;
  if (type !== undefined && /^overlay-\d{1,10}$/.test(type) && own.overlay.has(Number(type.slice('overlay-'.length)))) return type;
  return undefined;
}

/**
 * The date and clicks a source gave a link: its date when it is a real one in the past (a date
 * ahead of now is the source's clock, not the link's age), its clicks when it gave a count.
 */
function historyOf(link: ImportedLink, now: number): LinkHistory {
  const date = link.date === undefined ? undefined : new Date(`${link.date.replace(' ', 'T')}Z`);
  return {
    ...(date !== undefined && !Number.isNaN(date.getTime()) && date.getTime() <= now ? { createdAt: date } : {}),
    ...(link.clicks !== undefined && link.clicks > 0 ? { clicks: link.clicks } : {}),
  };
}

/**
 * The url/add body of an imported link: the fields url/add takes, with the values a body would
 * have after the request rules (strings trimmed, NUL and lone surrogates refused: a failed record).
 * An alias this service cannot use is left out (the link gets a new one: `renamed`), and so is a
 * domain that is not the account's.
 */
/** Whether an alias of another shortener's can be a link's here (its length and characters, not a reserved word). */
function usableAlias(alias: string): boolean {
  return ALIAS.test(alias) && !isReservedAlias(alias);
}

/**
 * The tags of an imported link that can be tags here, each once, the first 20: a tag another
 * shortener allowed (longer, with control characters) is left behind rather than the link.
 */
function keptTags(tags: string[]): string[] {
  const kept = new Set<string>();
  for (const tag of tags) {
    const name = tagName(tag);
    if (name !== null) kept.add(name);
  }
  return [...kept].slice(0, MAX_TAGS);
}

function asBody(link: ImportedLink, ownDomains: Map<string, string>, ownTypes: OwnTypes): unknown {
  const body: Record<string, unknown> = {
    type: keptType(link.type, ownTypes),
    url: link.longurl,
    custom: link.alias !== undefined && usableAlias(link.alias) ? link.alias : undefined,
    domain: link.domain !== undefined && ownDomains.has(link.domain) ? link.domain : undefined,
    title: link.title,
    description: link.description,
    metadescription: link.metadescription,
    metaimage: link.metaimage,
    expiry: link.expiry,
    status: link.status,
    geotarget: link.geotarget,
    devicetarget: link.devicetarget,
    languagetarget: link.languagetarget,
    deeplink: link.deeplink,
    parameters: link.parameters,
    tags: link.tags === undefined ? undefined : keptTags(link.tags),
    archived: link.archived,
    startdate: link.startdate,
    clicklimit: link.clicklimit,
    variants: link.variants,
  };
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  try {
    return normalizeBody(body);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}
