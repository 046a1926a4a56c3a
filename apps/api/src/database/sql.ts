import type { EntityManager } from 'typeorm';
import type { Account } from '../common/account';

/**
 * Where a repository method runs: the manager of the transaction it is part of, or (by default)
 * the connection's own. Services hold the transactions (Transactions.run) and hand the scope on.
 */
export type Scope = EntityManager;

/**
 * The records the SQL test makes before it calls the repositories (test/repositories.e2e-spec.ts):
 * an account with one of everything, another account, and spare records for the methods that
 * delete. An example of a call is written as a function of them.
 */
export interface SqlFixtures {
  account: Account;
  other: Account;
  ids: Record<
    | 'link'
    | 'domain'
    | 'campaign'
    | 'channel'
    | 'pixel'
    | 'qr'
    | 'splash'
    | 'overlay'
    | 'bio'
    | 'block'
    | 'webhook'
    | 'user'
    | 'session'
    | 'report',
    number
  >;
  /** Records made for a method to delete. */
  spare: Record<
    'link' | 'domain' | 'campaign' | 'channel' | 'pixel' | 'qr' | 'splash' | 'overlay' | 'bio' | 'webhook' | 'user' | 'workspace',
    number
  >;
  alias: string;
  host: string;
  keyHash: string;
  /** The connection's manager, for the methods that take a scope. */
  scope: Scope;
}

/** An example call of a repository method: its arguments, from the fixtures. */
export type SqlExample = (fixtures: SqlFixtures) => unknown[];

export const SQL_EXAMPLES = Symbol('linkyard:sql-examples');

/**
 * Marks a repository method for the SQL test, with example calls: the test runs each on a real
 * database, writes the statements it sent to the `.sql` file beside the repository (so a reviewer
 * sees every statement a change adds), fails when that file is stale, and fails when a method
 * that writes an account's links, domains, QR codes, campaigns, bio pages, pages, keys or account
 * does not announce it (WriteEvents). Every public method of a repository carries it.
 */
export function Sql(...examples: SqlExample[]): MethodDecorator {
  return (target, key) => {
    Reflect.defineMetadata(SQL_EXAMPLES, examples, target, key);
  };
}

/** The examples of a repository's methods, in the order the methods are declared. */
export function sqlExamplesOf(repository: object): [method: string, examples: SqlExample[]][] {
  const prototype = Object.getPrototypeOf(repository) as object;
  return Object.getOwnPropertyNames(prototype).flatMap((name) => {
    const examples = Reflect.getMetadata(SQL_EXAMPLES, prototype, name) as SqlExample[] | undefined;
    return examples ? [[name, examples] as [string, SqlExample[]]] : [];
  });
}
