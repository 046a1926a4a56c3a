import { readFileSync } from 'node:fs';
import type { BuiltService } from '../support/built-service';

/** What the fault suites check of a built service, whichever server they stop. */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the service holds no click (all written), or fails after `ms`. */
export async function drained(service: BuiltService, ms = 90_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const health = await service.request('GET', '/healthz', { timeoutMs: 3000 });
    const clicks = (health.body as { clicks?: Record<string, unknown> } | undefined)?.clicks;
    if (health.status === 200 && clicks && clicks.buffered === 0 && clicks.spooledBatches === 0 && clicks.failingSince === null)
      return clicks;
    if (Date.now() > deadline) throw new Error(`Clicks were not all written within ${ms / 1000} s: ${health.text}`);
    await sleep(500);
  }
}

/** Resident memory of a process, in MiB. */
export function residentMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
}

/** Fails, with the end of the service's log, on statuses outside the allowed ones (0: no answer). */
export function expectOnly(statuses: Map<number, number>, allowed: number[], service: BuiltService): void {
  const others = [...statuses.entries()].filter(([status]) => !allowed.includes(status));
  if (others.length > 0) {
    throw new Error(
      `Statuses outside ${allowed.join(', ')}: ${JSON.stringify(others)} ([status, count]). The service's log ends:\n${service.output().slice(-4000)}`,
    );
  }
}
