import type { Account } from '../../common/account';

/**
 * Where the auth guard finds the account behind a key hash. The users module provides it, so the
 * auth module depends on no module above it.
 */
export abstract class AccountLookup {
  abstract findAccountByKeyHash(keyHash: string): Promise<Account | null>;
}
