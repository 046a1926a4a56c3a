import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { EntityMetadata, FindOptionsWhere, Repository } from 'typeorm';
import type { Account } from './account';
import { notFound } from './api-error';
import type { PageRequest } from './pagination';

/** A record that belongs to one account. */
export interface Owned {
  id: number;
  userId: number;
}

/**
 * The account's record with this id. Another account's record is "not found" too, with the same
 * message, so ids of other accounts reveal nothing.
 */
export async function findOwned<T extends Owned>(repository: Repository<T>, account: Account, id: number, label: string): Promise<T> {
  // An id beyond the integer column (e.g. overlay-9999999999 in a link's type) names nothing.
  const record = isRecordId(id) ? await repository.findOneBy({ id, userId: account.id } as FindOptionsWhere<T>) : null;
  if (!record) throw notFound(`No ${label} with id ${id}.`);
  return record;
}

export const MAX_RECORD_ID = 2_147_483_647;

export function isRecordId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_RECORD_ID;
}

/** The plain statement of a table's page, built once per entity from its metadata. */
const pageStatements = new WeakMap<EntityMetadata, { sql: string; columns: ColumnMetadata[] }>();

function pageStatement(metadata: EntityMetadata): { sql: string; columns: ColumnMetadata[] } {
  let statement = pageStatements.get(metadata);
  if (!statement) {
    const columns = metadata.columns.filter((column) => !column.isVirtual);
    const select = columns.map((column) => `"${column.databaseName}" AS "${column.propertyName}"`).join(', ');
    const table = `"${metadata.tableName}"`;
    statement = {
      // One statement for the page and the total (a window count): no second query, no query building.
      sql: `SELECT ${select}, count(*) OVER () AS "__total" FROM ${table} WHERE "user_id" = $1 ORDER BY "id" DESC OFFSET $2 LIMIT $3`,
      columns,
    };
    pageStatements.set(metadata, statement);
  }
  return statement;
}

/**
 * One page of the account's records, newest first, with the total: one plain statement, its rows
 * turned into entities by the columns' own transformers. Lists are read often and TypeORM's
 * query building and hydration cost more than the query.
 */
export async function listOwned<T extends Owned>(repository: Repository<T>, account: Account, page: PageRequest): Promise<[T[], number]> {
  const { sql, columns } = pageStatement(repository.metadata);
  const rows = await repository.query<Record<string, unknown>[]>(sql, [account.id, page.offset, page.limit]);
  const records = rows.map((row) => {
    const record = repository.metadata.create() as Record<string, unknown>;
    for (const column of columns) {
      const value = row[column.propertyName];
      const transformer = column.transformer;
      record[column.propertyName] =
        transformer && !Array.isArray(transformer) && value !== null ? (transformer.from(value) as unknown) : value;
    }
    return record as T;
  });
  // Past the last record the page is empty and says nothing of the total: count it then.
  const total =
    rows.length > 0
      ? Number(rows[0]!.__total)
      : page.offset === 0
        ? 0
        : await repository.countBy({ userId: account.id } as FindOptionsWhere<T>);
  return [records, total];
}

/** Deletes the account's record, or answers 404. */
export async function deleteOwned<T extends Owned>(repository: Repository<T>, account: Account, id: number, label: string): Promise<void> {
  const result = await repository.delete({ id, userId: account.id } as FindOptionsWhere<T>);
  if (!result.affected) throw notFound(`No ${label} with id ${id}.`);
}
