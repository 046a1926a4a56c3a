import { Worker } from 'node:worker_threads';

/** A worker ended before answering: it ran past its time or its memory. */
export class WorkerLimitError extends Error {
  constructor(readonly limit: 'time' | 'memory') {
    super(limit === 'time' ? 'the worker ran past its time' : 'the worker ran out of memory');
    this.name = 'WorkerLimitError';
  }
}

export interface WorkerLimits {
  /** Ended (and WorkerLimitError('time')) past this. */
  timeoutMs: number;
  /** Its heap; past it the worker ends (WorkerLimitError('memory')). */
  maxHeapMb: number;
}

/**
 * Runs the worker script `file` on `input` in a thread of its own and resolves with the one
 * message it posts. Work that could hold the event loop for long (parsing a hostile file) runs
 * there, bounded in time and memory; the thread ends with the task, giving its memory back.
 */
export function runInWorker<Input, Output>(file: string, input: Input, limits: WorkerLimits): Promise<Output> {
  return new Promise<Output>((resolve, reject) => {
    const worker = new Worker(file, {
      workerData: input,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: Math.min(32, limits.maxHeapMb / 4) },
      // Nothing of the service's process is the worker's business.
      env: {},
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new WorkerLimitError('time'))), limits.timeoutMs);
    worker.once('message', (message: Output) => settle(() => resolve(message)));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new WorkerLimitError('memory') : error)),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`the worker stopped (exit code ${code}) without answering`))));
  });
}
