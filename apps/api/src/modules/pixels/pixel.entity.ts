import { Column, Entity } from 'typeorm';
import { OwnedEntity } from '../../database/owned.entity';

@Entity('pixels')
export class PixelEntity extends OwnedEntity {
  @Column({ type: 'varchar', length: 20 })
  type: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 100 })
  tag: string;
}
