import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { isStatus } from '../api';
import { ErrorState, Loading } from './states';

/** The lists a record's page goes back to. */
type ListPath = '/links' | '/bio' | '/campaigns' | '/channels' | '/qr' | '/webhooks' | '/domains';

/**
 * A record's page until the record is there: loading, "not found" (another account's record, or
 * none: never told apart), or the error with a way to try again; then the page itself.
 */
export function RecordGate<T>({
  query,
  id,
  noun,
  list,
  fresh,
  children,
}: {
  query: UseQueryResult<T>;
  /** The record's id; none on a page that makes a new one (`fresh`). */
  id?: number;
  fresh?: ReactNode;
  noun: string;
  list: ListPath;
  children: (record: T) => ReactNode;
}) {
  if (id === undefined) return fresh;
  if (query.isPending) return <Loading label={`Loading the ${noun}`} />;
  if (query.data !== undefined) return children(query.data);
  const missing = isStatus(query.error, 404);
  const title = noun[0]!.toUpperCase() + noun.slice(1);
  return (
    <main id="main">
      <h1 tabIndex={-1}>{missing ? `${title} not found` : title}</h1>
      {missing ? (
        <p>
          There is no {noun} {id} in your account. <Link to={list}>Back to your {noun}s</Link>
        </p>
      ) : (
        <ErrorState error={query.error} retry={() => void query.refetch()} />
      )}
    </main>
  );
}
