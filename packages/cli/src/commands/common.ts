import type { ListItem, ListOptions, ListPath } from '@linkyard/client';
import type { Context } from '../context';
import { ExitCode, usageError } from '../errors';
import { canAsk, confirm } from '../prompt';

const MAX_ID = 2_147_483_647;

/** An id given on the command line: a whole number from 1. */
export function parseId(text: string, what: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > MAX_ID)
    throw usageError(`${JSON.stringify(text)} is not ${what} id (1 to ${MAX_ID})`);
  return Number(text);
}

/**
 * Every record of a list, 100 a page; on a terminal, a status line says how far it has got, and a
 * rate-limit wait says so too.
 */
export async function readAll<P extends ListPath>(
  context: Context,
  path: P,
  noun: string,
  ...options: [ListOptions<P>?]
): Promise<ListItem<P>[]> {
  const records: ListItem<P>[] = [];
  const given = (options[0] ?? {}) as ListOptions<P>;
  const listOptions = {
    ...given,
    query: { limit: 100, ...given.query },
    onPage: ({ page, pages }: { page: number; pages: number }) => {
      if (pages <= 1) return;
      context.progress = `${page} of ${pages} pages`;
      context.output.status(`reading the ${noun}: ${context.progress}`);
    },
  } as ListOptions<P>;
  for await (const record of (context.client.paginate as (path: P, options: ListOptions<P>) => AsyncGenerator<ListItem<P>>)(
    path,
    listOptions,
  )) {
    records.push(record);
  }
  context.progress = null;
  context.output.status(null);
  return records;
}

/**
 * Asks before a deletion when a person is at the terminal and did not say `--yes`; a script (no
 * terminal) is not asked. Gives the exit code to end with when the answer is no.
 */
export async function confirmDeletion(context: Context, what: string, yes: boolean | undefined): Promise<ExitCode | null> {
  if (yes || !canAsk(context.session)) return null;
  if (await confirm(context.session, `Delete ${what}?`)) return null;
  context.output.note('Nothing deleted.');
  return ExitCode.cancelled;
}

export const YES_OPTION = ['-y, --yes', 'do not ask for confirmation'] as const;

/** The parser of a repeatable option (`--tag a --tag b`): its values in the order given. */
export const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

/** A boolean as a table shows it. */
export const yesNo = (value: boolean): string => (value ? 'yes' : 'no');
