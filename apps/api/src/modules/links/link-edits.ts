import { Inject, Injectable } from '@nestjs/common';
import type { Account } from '../../common/account';
import { ApiError, badRequest, conflict, onField } from '../../common/api-error';
import { Clock } from '../../common/clock';
import { parseDateTime } from '../../common/dates';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { Transactions } from '../../database/write-events';
import { CampaignsService } from '../campaigns/campaigns.service';
import { ChannelsService } from '../channels/channels.service';
import { DomainsService } from '../domains/domains.service';
import { WebhookEvents } from '../webhooks/webhook-events.repository';
import { bodyFilter } from './link-filter';
import { MAX_BULK_EDIT, type UpdateUrlsDto } from './links.dto';
import { toListedRecord } from './links.mapper';
import { LinksService } from './links.service';
import { LinksRepository, type EditedLink, type LinkChanges } from './links.repository';
import { MAX_TAGS } from './tags';

/** One link's outcome in a bulk edit's answer. */
export type EditDone = { id: number; error: 0; shorturl: string };
/** A link that cannot take a bulk edit's changes, and why. */
export type EditRefusal = { id: number; error: 1; status: 400 | 404 | 409; field: string; message: string };

/**
 * Bulk edits (`PUT /urls/update`): the same changes to many links, all or nothing. The links are
 * read and locked, every one is checked (its tags' count, its alias on a new domain), and either
 * one statement changes them all, with their `link.updated` events, or none is changed and the
 * answer says which links could not take the changes and why.
 */
@Injectable()
export class LinkEdits {
  constructor(
    @Inject(LinksRepository) private readonly links: LinksRepository,
    @Inject(LinksService) private readonly service: LinksService,
    @Inject(Transactions) private readonly transactions: Transactions,
    @Inject(CampaignsService) private readonly campaigns: CampaignsService,
    @Inject(ChannelsService) private readonly channels: ChannelsService,
    @Inject(DomainsService) private readonly domains: DomainsService,
    @Inject(WebhookEvents) private readonly events: WebhookEvents,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async run(account: Account, body: UpdateUrlsDto): Promise<{ updated: number; results: EditDone[] }> {
    if ((body.ids === undefined) === (body.filter === undefined)) {
      throw badRequest('Give the links to change as either "ids" or "filter", not both.', body.ids === undefined ? 'ids' : 'filter');
    }
    const filter = body.filter === undefined ? undefined : await this.service.filter(account, bodyFilter(body.filter));
    const given = body.changes;
    if (Object.values(given).every((value) => value === undefined)) {
      throw badRequest('Invalid field "changes": name at least one change.', 'changes');
    }
    const both = (given.addtags ?? []).filter((tag) => given.removetags?.includes(tag));
    if (both.length > 0) throw badRequest(`Invalid field "changes": the tag "${both[0]}" is both added and removed.`, 'changes');
    const ids = body.ids === undefined ? undefined : [...new Set(body.ids)];

    return this.transactions.run(async (scope) => {
      const field = (name: string) => (error: unknown) => {
        throw error instanceof ApiError ? onField(error, `changes.${name}`) : error;
      };
      // The records the changes name, each the account's (404 or 400 otherwise), before any link is read.
      const changes: LinkChanges = {
        addTags: given.addtags,
        removeTags: given.removetags,
        status: given.status,
        expiry: given.expiry === undefined ? undefined : given.expiry === '' ? null : parseDateTime(given.expiry),
        archivedAt: given.archived === undefined ? undefined : given.archived ? new Date(this.clock.now()) : null,
        clickLimit: given.clicklimit === undefined ? undefined : given.clicklimit === 0 ? null : given.clicklimit,
        startsAt: given.startdate === undefined ? undefined : given.startdate === '' ? null : parseDateTime(given.startdate),
        campaign:
          given.campaign === undefined
            ? undefined
            : given.campaign === 0
              ? null
              : (await this.campaigns.get(account, given.campaign, scope).catch(field('campaign'))).id,
        domain:
          given.domain === undefined
            ? undefined
            : ((await this.domains.forLink(account, given.domain, scope).catch(field('domain')))?.id ?? null),
      };
      const channel =
        given.channel === undefined ? undefined : await this.channels.get(account, given.channel, scope).catch(field('channel'));

      const selected = await this.links.forEdit(scope, account, ids ? { ids } : { filter: filter! }, MAX_BULK_EDIT + 1);
      if (selected.length > MAX_BULK_EDIT) {
        throw badRequest(
          `Invalid field "filter": it keeps more than ${MAX_BULK_EDIT.toLocaleString('en')} links, and one bulk edit changes at most that many; narrow it (by the dates made, say) and edit in parts.`,
          'filter',
        );
      }
      const refusals = await this.refusals(scope, selected, ids, changes);
      if (refusals.size > 0) {
        const order = ids ?? selected.map((link) => link.id);
        // Every link named, in order: those refused with why, the others as they were (unchanged).
        const results = order.map((id) => refusals.get(id) ?? { id, error: 0 as const });
        throw new ApiError(409, `${refusals.size} of the ${order.length} links cannot take these changes; none was changed.`, {}, null, {
          updated: 0,
          failed: refusals.size,
          results,
        });
      }
      if (selected.length === 0) return { updated: 0, results: [] };
      const changed = await this.links.editMany(
        scope,
        account,
        selected.map((link) => link.id),
        changes,
      );
      if (channel)
        await this.channels.addItems(
          scope,
          account,
          changed.map((link) => ({ channelId: channel.id, linkId: link.id })),
        );
      const records = changed.map((link) => toListedRecord(link, this.config.publicUrl));
      await this.events.record(scope, account.id, 'link.updated', records);
      const byId = new Map(records.map((record) => [record.id, record]));
      const order = ids ?? selected.map((link) => link.id);
      return { updated: records.length, results: order.map((id) => ({ id, error: 0 as const, shorturl: byId.get(id)!.shorturl })) };
    });
  }

  /** Why each link that cannot take the changes cannot, by id: not the account's, too many tags, its alias taken on the new domain. */
  private async refusals(
    scope: Parameters<LinksRepository['forEdit']>[0],
    selected: EditedLink[],
    ids: number[] | undefined,
    changes: LinkChanges,
  ): Promise<Map<number, EditRefusal>> {
    const refused = new Map<number, EditRefusal>();
    const found = new Set(selected.map((link) => link.id));
    for (const id of ids ?? []) {
      if (!found.has(id)) refused.set(id, { id, error: 1, status: 404, field: 'ids', message: `No link with id ${id}.` });
    }
    if (changes.addTags !== undefined) {
      for (const link of selected) {
        const tags = new Set([...link.tags, ...changes.addTags].filter((tag) => !changes.removeTags?.includes(tag)));
        if (tags.size > MAX_TAGS) {
          refused.set(link.id, {
            id: link.id,
            error: 1,
            status: 400,
            field: 'changes.addtags',
            message: `The link would carry ${tags.size} tags; a link carries at most ${MAX_TAGS}.`,
          });
        }
      }
    }
    if (changes.domain !== undefined) {
      const moving = selected.filter((link) => link.domainId !== changes.domain);
      const taken = await this.links.aliasesTaken(
        scope,
        changes.domain,
        moving.map((link) => link.alias),
        moving.map((link) => link.id),
      );
      // Two links of the edit with one alias, from two domains: the first moved keeps it.
      const claimed = new Set(selected.filter((link) => link.domainId === changes.domain).map((link) => link.alias));
      for (const link of moving) {
        if (taken.has(link.alias) || claimed.has(link.alias)) {
          const refusal = conflict(`The alias "${link.alias}" is already taken on the new domain.`, 'changes.domain');
          refused.set(link.id, { id: link.id, error: 1, status: 409, field: refusal.field!, message: refusal.message });
        }
        claimed.add(link.alias);
      }
    }
    return refused;
  }
}
