import { Injectable } from '@nestjs/common';
import type { Account } from '../../common/account';
import type { ChannelItemRef } from './channels.repository';
import type { ChannelItem } from './channels.mapper';

export const ITEM_TYPES = ['links', 'bio', 'qr'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** What a channel shows of an item: all but the date it joined. */
export type ItemView = Omit<ChannelItem, 'date' | 'type'>;

/** What a channel needs of a kind of item, from the module that owns that kind. */
export interface ChannelItemKind {
  /** The account's item of this id as a membership names it; 404 for anyone else's or none. */
  owned(account: Account, id: number): Promise<ChannelItemRef>;
  /** How the channel shows the items of these ids (an id missing from the answer is gone). */
  views(ids: number[]): Promise<Map<number, ItemView>>;
}

/**
 * The kinds of items channels hold, each told by the module that owns it (links, bio pages, QR
 * codes register as they start): a channel knows what it holds without reaching into the modules
 * that put things in it.
 */
@Injectable()
export class ChannelItemKinds {
  private readonly kinds = new Map<ItemType, ChannelItemKind>();

  register(type: ItemType, kind: ChannelItemKind): void {
    this.kinds.set(type, kind);
  }

  of(type: ItemType): ChannelItemKind {
    const kind = this.kinds.get(type);
    if (!kind) throw new Error(`No module told channels of its items of type ${type}`);
    return kind;
  }
}
