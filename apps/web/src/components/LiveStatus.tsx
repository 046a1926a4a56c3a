import type { LiveState } from '../live';

const WORDS: Record<LiveState, string> = {
  connecting: '',
  live: 'live',
  reconnecting: 'reconnecting…',
  offline: 'offline: the numbers may be out of date',
};

/** Whether the counters beside it follow the clicks as they land, in words (and colour: never colour alone). */
export function LiveStatus({ state }: { state: LiveState }) {
  return (
    <span className={`live live-${state}`} role="status">
      {WORDS[state] && ` · ${WORDS[state]}`}
    </span>
  );
}
