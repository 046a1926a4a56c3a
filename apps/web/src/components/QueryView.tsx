import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, ErrorState, Loading } from './states';

/**
 * What a query's answer shows: loading, the error with a way to try again, what an empty answer
 * says (`empty` gives it when the answer is empty, else nothing), or the answer itself.
 */
export function QueryView<T>({
  query,
  loading,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  loading: string;
  empty: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading label={loading} />;
  if (query.data === undefined) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  const nothing = empty(query.data);
  return nothing ? <Empty>{nothing}</Empty> : children(query.data);
}

/**
 * A form that changes a record reads it again first (`id` given): loading, or the error with a
 * way to try again; a form for a new record (`id` null) shows at once.
 */
export function ReadFirst<T>({
  id,
  query,
  label,
  children,
}: {
  id: number | null;
  query: UseQueryResult<T>;
  label: string;
  children: (record?: T) => ReactNode;
}) {
  if (id === null) return children();
  if (query.isPending) return <Loading label={label} />;
  if (query.data === undefined) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  return children(query.data);
}
