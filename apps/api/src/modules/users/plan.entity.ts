import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

const money = { to: (value: number) => value, from: (value: string) => Number(value) };

@Entity('plans')
export class PlanEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 50 })
  name: string;

  @Column({ type: 'boolean' })
  free: boolean;

  /** Requests a minute for accounts on this plan. */
  @Column({ type: 'integer' })
  ratelimit: number;

  @Column({ type: 'numeric', precision: 10, scale: 2, transformer: money })
  price: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
