import { Column, Entity } from 'typeorm';
import { OwnedEntity } from '../../database/owned.entity';

export type OverlayType = 'message' | 'contact';

/** A call-to-action overlay shown over a link's destination. */
@Entity('overlays')
export class OverlayEntity extends OwnedEntity {
  @Column({ type: 'varchar', length: 10 })
  type: OverlayType;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 500 })
  message: string;

  @Column({ type: 'varchar', length: 50, default: '' })
  label: string;

  @Column({ type: 'varchar', length: 2000, default: '' })
  link: string;

  @Column({ type: 'varchar', length: 6, default: 'bottom' })
  position: 'top' | 'bottom';

  @Column({ type: 'char', length: 7, default: '#ffffff' })
  color: string;

  @Column({ type: 'char', length: 7, default: '#1f2937' })
  bg: string;

  @Column({ type: 'varchar', length: 254, default: '' })
  email: string;

  @Column({ type: 'varchar', length: 21, default: '' })
  phone: string;
}
