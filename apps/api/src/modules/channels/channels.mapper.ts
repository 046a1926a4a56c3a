import type { Ok } from '../../common/contract';
import type { ChannelEntity } from './channel.entity';

type Channel = Ok<'listChannels'>['data']['channels'][number];
export type ChannelItem = Ok<'getChannelItems'>['data']['items'][number];

export function toChannel(channel: ChannelEntity): Channel {
  return { id: channel.id, name: channel.name, description: channel.description, color: channel.color, starred: channel.starred };
}
