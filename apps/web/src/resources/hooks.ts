import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { ListItem, ListPath } from '@linkyard/client';
import { api } from '../api';
import type { Operation } from '../roles';
import { invalidate, type Resource } from './registry';

/** Records a list page shows at once. */
export const PAGE_SIZE = 25;
/** The most records a select offers (a form's choice of campaign, pixel…). */
const MOST_CHOICES = 1000;

/** The query key of a resource's query: the resource first, so its writes reach it (registry.ts). */
export function keyOf(resource: Resource, ...parts: unknown[]): unknown[] {
  return [resource, ...parts];
}

/** A page of a resource's list, the previous page kept on screen while the next one comes. */
export function usePage<T>(
  resource: Resource,
  parts: unknown[],
  fetch: () => Promise<T>,
  options: { enabled?: boolean; refetchInterval?: number } = {},
) {
  return useQuery({ queryKey: keyOf(resource, 'list', ...parts), queryFn: fetch, placeholderData: keepPreviousData, ...options });
}

/** One record of a resource. */
export function useRecord<T>(
  resource: Resource,
  id: number | string,
  fetch: () => Promise<T>,
  options: Omit<UseQueryOptions<T>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery({ queryKey: keyOf(resource, 'one', id), queryFn: fetch, ...options });
}

/**
 * Every record of one of the account's lists, up to 1,000: the choices of a select. Kept under the
 * resource's key, so a write to the resource anywhere changes every form's choices at once.
 */
export function useChoices<P extends ListPath>(resource: Resource, path: P) {
  return useQuery({
    queryKey: keyOf(resource, 'choices'),
    queryFn: async () => {
      const items: ListItem<P>[] = [];
      for await (const item of (api.paginate as (path: P, options?: unknown) => AsyncGenerator<ListItem<P>>)(path, {
        query: { limit: 100 },
      })) {
        items.push(item);
        if (items.length >= MOST_CHOICES) break;
      }
      return items;
    },
  });
}

/**
 * A write to a resource: when it settles, every query it changes is marked stale (INVALIDATES),
 * whichever page shows it.
 */
export function useWrite<TVariables = void, TData = unknown>(
  resource: Resource,
  write: (variables: TVariables) => Promise<TData>,
  options: Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn' | 'onSettled'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<TData, Error, TVariables>({
    ...options,
    mutationFn: write,
    onSettled: () => invalidate(queryClient, resource),
  });
}

/** What the service answers for a page of a list. */
export interface PageInfo {
  currentpage: number;
  maxpage: number;
  result: number;
}

/**
 * A resource's list as a list page shows it: what one record is called (and many), a page of it,
 * the records in the page, a record's name (as a screen reader hears its buttons), and its removal.
 */
export interface ListSource<T extends { id: number }, D extends PageInfo> {
  noun: string;
  many: string;
  usePage: (page: number) => UseQueryResult<D, Error>;
  records: (data: D) => T[];
  name: (item: T) => string;
  useRemove: () => UseMutationResult<unknown, Error, number>;
  /** The operations that make, change and delete a record: the list offers each to the roles it allows. */
  writes: Writes;
}

/** The operations that make, change and delete a resource's records. */
export interface Writes {
  add: Operation;
  update: Operation;
  remove: Operation;
}

/** The records of a page of a list: the array under one of the page's keys. */
type ItemOf<D, K extends keyof D> = D[K] extends (infer T extends { id: number })[] ? T : never;
/** The keys of an object whose values are strings (a record's name). */
type StringKey<T> = { [P in keyof T]: T[P] extends string ? P : never }[keyof T];
/** The keys of a page of a list whose values are its records. */
type RecordsKey<D> = { [P in keyof D]: D[P] extends { id: number }[] ? P : never }[keyof D];

/** A resource's list, named by the keys of its page (`'channels'`) and of its records (`'name'`). */
export function listOf<D extends PageInfo, K extends RecordsKey<D>, N extends StringKey<ItemOf<D, K>>>(
  noun: string,
  usePage: (page: number) => UseQueryResult<D, Error>,
  records: K,
  name: N,
  useRemove: () => UseMutationResult<unknown, Error, number>,
  writes: Writes,
  many = `${noun}s`,
): ListSource<ItemOf<D, K>, D> {
  return {
    noun,
    many,
    usePage,
    records: (data) => data[records] as ItemOf<D, K>[],
    name: (item) => item[name] as string,
    useRemove,
    writes,
  };
}
