import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Sql } from '../../database/sql';

/** The health checks' one statement: whether the database answers at all. */
@Injectable()
export class HealthRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  @Sql(() => [])
  async ping(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }
}
