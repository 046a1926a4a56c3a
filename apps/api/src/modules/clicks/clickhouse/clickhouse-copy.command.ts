import type { INestApplicationContext } from '@nestjs/common';
import { ClickCopyRepository } from '../click-copy.repository';
import { CLICKHOUSE, type ClickHouse } from './clickhouse';
import { ClickHouseCopy } from './clickhouse-copy';

/**
 * The copy command's work, in the service's context (the command and the tests run it alike):
 * progress to `say` (a line a page), the check to `report` (a line a count); true when every count
 * of ClickHouse matches PostgreSQL's.
 */
export async function copyClicksToClickHouse(
  app: INestApplicationContext,
  say: (line: string) => void,
  report: (line: string) => void,
): Promise<boolean> {
  const clickhouse = app.get<ClickHouse | null>(CLICKHOUSE);
  if (!clickhouse) throw new Error('CLICKHOUSE_URL is not set');
  const copy = new ClickHouseCopy(clickhouse, app.get(ClickCopyRepository, { strict: false }));
  const started = Date.now();
  const checks = await copy.run(({ step, copied, position }) =>
    say(
      step === 'settle'
        ? `copied hours: counted once their marks settle, in ${position}`
        : step === 'count'
          ? `copied hours: ${copied.toLocaleString('en')} counted (to ${position})`
          : `${step === 'clicks' ? 'raw clicks' : step.startsWith('hours:') ? `hourly rollups of ${step.slice(6)}` : `all-time visitors of ${step.slice(9)}`}: ${copied.toLocaleString('en')} copied (at ${position})`,
    ),
  );
  let same = true;
  for (const { what, postgres, clickhouse: copied } of checks) {
    const ok = postgres === copied;
    same &&= ok;
    report(`${ok ? 'same' : 'DIFFERENT'}  ${what}: PostgreSQL ${postgres.toLocaleString('en')}, ClickHouse ${copied.toLocaleString('en')}`);
  }
  report(
    same ? `Copied in ${Math.round((Date.now() - started) / 1000)} s; every count matches.` : 'Some counts differ: run the command again.',
  );
  return same;
}
