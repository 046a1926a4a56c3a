import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { OwnedEntity } from '../../database/owned.entity';

@Entity('channels')
export class ChannelEntity extends OwnedEntity {
  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  description: string;

  @Column({ type: 'char', length: 7, default: '#000000' })
  color: string;

  @Column({ type: 'boolean', default: false })
  starred: boolean;
}

/** One item (a link, a bio page or a QR code) in one channel; an item may be in many channels. */
@Entity('channel_items')
export class ChannelItemEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'channel_id', type: 'integer' })
  channelId: number;

  @Column({ name: 'link_id', type: 'integer', nullable: true })
  linkId: number | null;

  @Column({ name: 'qr_id', type: 'integer', nullable: true })
  qrId: number | null;

  @Column({ name: 'bio_id', type: 'integer', nullable: true })
  bioId: number | null;

  /** When the item was assigned. */
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
