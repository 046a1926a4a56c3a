import type { EntityManager, EntityMetadata, FindOptionsWhere, Repository } from 'typeorm';
import type { Account } from '../common/account';
import { notFound } from '../common/api-error';
import type { PageRequest } from '../common/pagination';
import { plainColumns } from '../common/plain-rows';
import { isRecordId } from '../common/record-id';
import { prepared, statementText } from './guarded-pg';

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

/**
 * One page of the account's records, newest first, with the total (a window count): one plain
 * statement (see plain-rows). Lists are read often.
 */
/** listOwned's statement for each entity, built once (the same string every call). */
const listTexts = new Map<EntityMetadata, string>();

export async function listOwned<T extends Owned>(repository: Repository<T>, account: Account, page: PageRequest): Promise<[T[], number]> {
  const metadata = repository.metadata;
  const columns = plainColumns<T>(metadata);
  const text = statementText(listTexts, metadata, () =>
    prepared(`SELECT ${columns.select('r', 'r')}, count(*) OVER () AS total FROM "${metadata.tableName}" r
      WHERE r."user_id" = $1 ORDER BY r."id" DESC OFFSET $2 LIMIT $3`),
  );
  const rows = await repository.query<Record<string, unknown>[]>(text, [account.id, page.offset, page.limit]);
  const records = rows.map((row) => columns.read(row, 'r')!);
  // Past the last record the page is empty and says nothing of the total: count it then.
  const total =
    rows.length > 0
      ? Number(rows[0]!.total)
      : page.offset === 0
        ? 0
        : await repository.countBy({ userId: account.id } as FindOptionsWhere<T>);
  return [records, total];
}

/**
 * Deletes the account's record, or answers 404. `then` runs in the same transaction once it is
 * deleted (the repository's announcement, the event for webhooks).
 */
export async function deleteOwned<T extends Owned>(
  repository: Repository<T>,
  account: Account,
  id: number,
  label: string,
  then?: (manager: EntityManager) => Promise<void>,
): Promise<void> {
  await repository.manager.transaction(async (manager) => {
    const result = await manager.delete(repository.target, { id, userId: account.id });
    if (!result.affected) throw notFound(`No ${label} with id ${id}.`);
    await then?.(manager);
  });
}
