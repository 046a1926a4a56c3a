import { loopbackRequest } from '../support/built-service';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';

export interface LoadResult {
  /** Answers by status (0: no answer: a hang cut at the timeout, or the connection failed). */
  statuses: Map<number, number>;
  /** When each answer of `countStatus` arrived (ms since the epoch). */
  answeredAt: number[];
  /** The slowest answer, in ms. */
  slowestMs: number;
}

/**
 * A short, bounded load on 127.0.0.1: `concurrency` loops sending the same request until `stop`.
 * Each request is cut at `timeoutMs` (counted as status 0), so a hang shows.
 */
export class Load {
  private running = true;
  private readonly result: LoadResult = { statuses: new Map(), answeredAt: [], slowestMs: 0 };
  private readonly loops: Promise<void>[];

  constructor(
    port: number,
    path: string,
    options: { concurrency?: number; headers?: Record<string, string>; timeoutMs?: number; countStatus?: number; pauseMs?: number } = {},
  ) {
    const headers = { 'user-agent': BROWSER, ...options.headers };
    const count = options.countStatus ?? 302;
    this.loops = Array.from({ length: options.concurrency ?? 8 }, async (_unused, index) => {
      let request = 0;
      while (this.running) {
        request += 1;
        const started = Date.now();
        // A visitor address of its own per loop and request, so unique visitors are many.
        const answer = await loopbackRequest(port, 'GET', path, {
          headers: { ...headers, 'x-forwarded-for': `198.51.${index}.${request % 250}` },
          timeoutMs: options.timeoutMs ?? 10_000,
        });
        const took = Date.now() - started;
        this.result.slowestMs = Math.max(this.result.slowestMs, took);
        this.result.statuses.set(answer.status, (this.result.statuses.get(answer.status) ?? 0) + 1);
        if (answer.status === count) this.result.answeredAt.push(Date.now());
        if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
      }
    });
  }

  /** Answers so far with the counted status. */
  get answered(): number {
    return this.result.answeredAt.length;
  }

  async stop(): Promise<LoadResult> {
    this.running = false;
    await Promise.all(this.loops);
    return this.result;
  }
}
