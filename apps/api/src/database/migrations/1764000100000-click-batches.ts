import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ids of the click batches written from the disk spool: recorded in the batch's own
 * transaction, so a batch taken up again after a crash is never counted twice.
 */
export class ClickBatches1764000100000 implements MigrationInterface {
  name = 'ClickBatches1764000100000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE click_batches (id varchar(80) PRIMARY KEY, written_at timestamptz NOT NULL DEFAULT now())`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE click_batches`);
  }
}
