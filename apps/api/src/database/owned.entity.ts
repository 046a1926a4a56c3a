import { Column, CreateDateColumn, PrimaryGeneratedColumn } from 'typeorm';

/** The columns every record of an account has: its id, its owner and when it was made. */
export abstract class OwnedEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
