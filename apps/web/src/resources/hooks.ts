import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { ListItem, ListPath } from '@linkyard/client';
import { api } from '../api';
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
