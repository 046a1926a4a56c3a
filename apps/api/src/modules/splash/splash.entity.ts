import { Column, Entity } from 'typeorm';
import { OwnedEntity } from '../../database/owned.entity';

/** A page shown for `delay` seconds before a visitor goes on to the link's destination. */
@Entity('splash_pages')
export class SplashEntity extends OwnedEntity {
  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'varchar', length: 2000, default: '' })
  text: string;

  @Column({ type: 'varchar', length: 2000, default: '' })
  image: string;

  @Column({ type: 'integer', default: 5 })
  delay: number;
}
