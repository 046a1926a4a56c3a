import type { FindOptionsOrder, FindOptionsWhere, Repository } from 'typeorm';
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

/** One page of the account's records, newest first. */
export function listOwned<T extends Owned>(repository: Repository<T>, account: Account, page: PageRequest): Promise<[T[], number]> {
  return repository.findAndCount({
    where: { userId: account.id } as FindOptionsWhere<T>,
    order: { id: 'DESC' } as FindOptionsOrder<T>,
    skip: page.offset,
    take: page.limit,
  });
}

/** Deletes the account's record, or answers 404. */
export async function deleteOwned<T extends Owned>(repository: Repository<T>, account: Account, id: number, label: string): Promise<void> {
  const result = await repository.delete({ id, userId: account.id } as FindOptionsWhere<T>);
  if (!result.affected) throw notFound(`No ${label} with id ${id}.`);
}
