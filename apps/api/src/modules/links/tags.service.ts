import { Inject, Injectable } from '@nestjs/common';
import type { Account } from '../../common/account';
import { conflict, notFound } from '../../common/api-error';
import type { PageRequest } from '../../common/pagination';
import { Transactions } from '../../database/write-events';
import { TagReads } from './tag-reads';
import type { AddTagDto, UpdateTagDto } from './tags.dto';
import { TagsRepository, type TagRow } from './tags.repository';
import { toListedRecord, type LinkListed } from './links.mapper';
import { WebhookEvents } from '../webhooks/webhook-events.repository';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';

/** A colour as stored: `#rrggbb`, or null for none (`""`). */
const storedColor = (color: string) => (color === '' ? null : color.toLowerCase());

/** The account's tags: listed with their counts, kept ahead of use, coloured, renamed and deleted across its links. */
@Injectable()
export class TagsService {
  constructor(
    @Inject(TagsRepository) private readonly tags: TagsRepository,
    @Inject(Transactions) private readonly transactions: Transactions,
    @Inject(TagReads) private readonly reads: TagReads,
    @Inject(WebhookEvents) private readonly events: WebhookEvents,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /**
   * A page of the account's tags and the total. Without a search, read again only once a write of
   * the account's links or tags dropped it (TagReads): counting reads every tagged link.
   */
  async list(account: Account, page: PageRequest, search: string | undefined): Promise<[TagRow[], number]> {
    const read = async () => {
      const [tags, total] = await this.tags.list(account, page, search);
      return { userId: account.id, tags, total };
    };
    const listed = search === undefined ? await this.reads.get(`tags:${account.id}:${page.offset}:${page.limit}`, read) : await read();
    return [listed.tags, listed.total];
  }

  async add(account: Account, input: AddTagDto): Promise<TagRow> {
    return this.transactions.run(async (scope) => {
      if (!(await this.tags.add(scope, account, input.name, storedColor(input.color ?? '')))) {
        throw conflict(`The tag "${input.name}" already exists; change its colour with its update.`, 'name');
      }
      return this.existing(scope, account, input.name);
    });
  }

  /** Renames (merging into a tag of that name) and colours a tag, all at once or not at all. */
  async update(account: Account, name: string, changes: UpdateTagDto): Promise<TagRow> {
    return this.transactions.run(async (scope) => {
      await this.existing(scope, account, name);
      const target = changes.name ?? name;
      // Each link renamed on is a link changed: its `link.updated` event, as a bulk edit sends.
      if (target !== name) await this.updated(scope, account, await this.tags.rename(scope, account, name, target));
      if (changes.color !== undefined) await this.tags.setColor(scope, account, target, storedColor(changes.color));
      return this.existing(scope, account, target);
    });
  }

  /** The account's tag of this name (404 when it has none). */
  get(account: Account, name: string): Promise<TagRow> {
    return this.transactions.run((scope) => this.existing(scope, account, name));
  }

  /** Answers how many links carried it. */
  async delete(account: Account, name: string): Promise<number> {
    return this.transactions.run(async (scope) => {
      await this.existing(scope, account, name);
      const changed = await this.tags.delete(scope, account, name);
      await this.updated(scope, account, changed);
      return changed.length;
    });
  }

  /** The `link.updated` events of links a tag's rename or deletion changed, in the same transaction. */
  private updated(scope: Parameters<TagsRepository['get']>[0], account: Account, links: LinkListed[]): Promise<void> {
    return this.events.record(
      scope,
      account.id,
      'link.updated',
      links.map((link) => toListedRecord(link, this.config.publicUrl)),
    );
  }

  private async existing(scope: Parameters<TagsRepository['get']>[0], account: Account, name: string): Promise<TagRow> {
    const tag = await this.tags.get(scope, account, name);
    if (!tag) throw notFound(`No tag "${name}".`);
    return tag;
  }
}
