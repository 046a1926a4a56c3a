import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets its old generation grow past what the last full collection kept before it
 * collects again, in percent. Left to itself V8 lets it grow up to four times the kept size when
 * the process allocates fast: under load the service's heap filled with garbage up to three times
 * what it held, given back only once the load had stopped for half a minute or more (and on the
 * embedded database on top of the about 130 MiB PGlite holds in the process). At 100% the heap
 * stays within twice what it holds, for two full collections in 8 s of redirects at 13,500 a
 * second instead of none: no throughput lost that alternated runs could show (docs/benchmarks.md,
 * Memory).
 */
export const HEAP_GROWING_PERCENT = 100;

const SETTING = /^--heap[-_]growing[-_]percent(=|$)/;

/**
 * Sets the heap's growth for the service's process, unless node was started with its own
 * `--heap-growing-percent` (`node --heap-growing-percent=0 apps/api/dist/main.js` gives V8's own
 * choice back), which then stands. Node refuses V8's settings in `NODE_OPTIONS`: node's own
 * arguments are where it is given. Takes effect from the next full collection, so it may be
 * called after the start. Whether it set the growth.
 */
export function tuneHeap(execArgv: readonly string[] = process.execArgv, setFlags: (flags: string) => void = setFlagsFromString): boolean {
  if (execArgv.some((argument) => SETTING.test(argument))) return false;
  setFlags(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
