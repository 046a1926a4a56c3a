import { useQuery } from '@tanstack/react-query';
import type { ListItem, ListPath } from '@linkyard/client';
import { api } from './api';

/** Every record of one of the account's lists (the choices of a select), up to 1,000. */
export function useChoices<P extends ListPath>(path: P) {
  return useQuery({
    queryKey: ['choices', path],
    queryFn: async () => {
      const items: ListItem<P>[] = [];
      for await (const item of (api.paginate as (path: P, options?: unknown) => AsyncGenerator<ListItem<P>>)(path, {
        query: { limit: 100 },
      })) {
        items.push(item);
        if (items.length >= 1000) break;
      }
      return items;
    },
    staleTime: 60_000,
  });
}
