import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PageInfo } from '../resources/hooks';
import { DataTable, type Header } from './DataTable';
import { Pager } from './Pager';
import { QueryView } from './QueryView';

/**
 * A page of a list the service pages, as a table: loading, the error with a way to try again,
 * what an empty list says, the rows, and the pager. For lists that are one section of a page.
 */
export function PagedTable<D extends PageInfo, T>({
  query,
  records,
  loading,
  empty,
  label,
  headers,
  row,
  noun,
  page,
  onPage,
}: {
  query: UseQueryResult<D>;
  records: (data: D) => T[];
  loading: string;
  /** What an empty list says; none: an empty table. */
  empty?: ReactNode;
  label: string;
  headers: Header[];
  row: (record: T) => ReactNode;
  noun: string;
  page: number;
  onPage: (page: number) => void;
}) {
  return (
    <QueryView query={query} loading={loading} empty={(data) => (empty && records(data).length === 0 ? empty : null)}>
      {(data) => (
        <>
          <DataTable label={label} headers={headers} busy={query.isPlaceholderData}>
            {records(data).map(row)}
          </DataTable>
          <Pager page={page} info={data} noun={noun} onPage={onPage} />
        </>
      )}
    </QueryView>
  );
}
