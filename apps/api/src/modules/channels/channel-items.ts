import type { EntityManager } from 'typeorm';

/**
 * Puts a link or a QR code in a channel; an item already there stays as it was (with its date).
 * Used by channel assignment and by links created or updated with a `channel`.
 */
export async function addChannelItem(
  manager: EntityManager,
  channelId: number,
  item: { linkId: number } | { qrId: number },
): Promise<void> {
  const [column, id] = 'linkId' in item ? ['link_id', item.linkId] : ['qr_id', item.qrId];
  await manager.query(`INSERT INTO channel_items (channel_id, ${column}) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [channelId, id]);
}
