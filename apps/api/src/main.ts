import cluster from 'node:cluster';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import type { LinkyardApp } from './app';
import { ConfigError, loadConfig, type Config } from './config/config';
import { tuneHeap } from './heap';
import { serveWorkers } from './infrastructure/workers';

/**
 * What the service says of itself (listening, the first admin's key, stopping): readable text on
 * standard error when a person watches a terminal, JSON lines on standard output otherwise, like
 * every other log line. Said whatever LOG_LEVEL is: the first admin's key must never be lost.
 */
function announce(message: string, fields: Record<string, unknown> = {}, text: string = message): void {
  if (process.stderr.isTTY) process.stderr.write(`${text}\n`);
  else
    process.stdout.write(
      `${JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, hostname: hostname(), msg: message, ...fields })}\n`,
    );
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // WORKERS > 1: this process starts the workers, keeps them running and stops them; each is a whole service.
  if (config.workers > 1 && cluster.isPrimary) return runWorkers(config);
  // A heap that stays near what it holds under load (heap.ts), unless node was given its own growth.
  tuneHeap();

  // Tracing patches `http` and `pg` as they load: it starts before the service's modules are
  // loaded, and without an endpoint its SDK is never loaded at all.
  const tracing = config.tracing ? (await import('./tracing')).startTracing(config.tracing) : null;
  // A stop asked for from here on is a clean one, even while the service starts (the database
  // opened and migrated, listening, the first admin made): it waits for the start, then closes.
  // A start that does not finish within START_STOP_TIMEOUT_MS of the stop (a database that does not
  // answer), or a second signal, ends the process without it (exit code 1).
  let linkyard: LinkyardApp | undefined;
  let starting = true;
  const started = (async () => {
    const { createApp } = await import('./app');
    linkyard = await createApp(config);
    await finishStart(config, linkyard);
  })();
  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) {
      if (starting) {
        announce(`${signal} received again: stopping before the start finished`, { signal });
        process.exit(1);
      }
      return;
    }
    stopping = true;
    announce(`${signal} received: finishing requests in flight, then stopping`, { signal });
    try {
      const start = await Promise.race([
        started.then(
          () => 'done' as const,
          () => 'failed' as const,
        ),
        new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), config.startStopTimeoutMs).unref()),
      ]);
      if (start === 'late') {
        announce(`the start did not finish within ${config.startStopTimeoutMs / 1000} s of the stop: stopping without it`, { signal });
        process.exit(1);
      }
      // A start that failed ends the process itself (below, in main's catch).
      if (start === 'failed' || !linkyard) return;
      await linkyard.close();
      // The last spans go out before the process ends, unless the collector is slow to take them.
      if (tracing) await Promise.race([tracing.shutdown(), new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
      process.exit(0);
    } catch (error) {
      console.error('Unclean stop:', error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  await started;
  starting = false;
  // A worker tells its primary it serves (the first start of every worker is awaited there).
  if (cluster.isWorker) process.send?.({ ly: 'ready' });
}

/** How long a worker that ended unexpectedly waits before it is started again. */
const RESTART_WAIT_MS = 1000;

/**
 * The primary process of WORKERS > 1: starts the workers (node:cluster; they share the ports),
 * relays what they share without Redis (infrastructure/workers.ts), starts again a worker that
 * ends unexpectedly, and stops them all on SIGTERM or SIGINT (each finishes its requests and
 * writes its clicks). A worker that fails its first start (a port taken, the database away) ends
 * the whole instance with its error, as a single process would.
 */
function runWorkers(config: Config): void {
  serveWorkers();
  const slots = new Map<number, number>();
  const served = new Set<number>();
  let stopping = false;
  let failed = false;
  const fork = (slot: number) => {
    const worker = cluster.fork({ LINKYARD_WORKER: String(slot) });
    slots.set(worker.id, slot);
    worker.on('message', (message: unknown) => {
      if ((message as { ly?: unknown } | null)?.ly === 'ready') served.add(slot);
    });
  };
  for (let slot = 1; slot <= config.workers; slot += 1) fork(slot);
  const stopAll = (signal: NodeJS.Signals) => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  cluster.on('exit', (worker, code, signal) => {
    const slot = slots.get(worker.id)!;
    slots.delete(worker.id);
    if (!stopping && !served.has(slot)) {
      // Its own error is on the log already; the others are stopped with it.
      announce(`worker ${slot} could not start: stopping the instance`, { worker: slot, code });
      failed = true;
      stopping = true;
      stopAll('SIGTERM');
    } else if (!stopping) {
      served.delete(slot);
      announce(`worker ${slot} ended (${signal ?? `exit code ${code}`}): starting it again`, { worker: slot, code, signal });
      setTimeout(() => !stopping && fork(slot), RESTART_WAIT_MS).unref();
    } else if (code !== 0 && signal === null) failed = true;
    if (stopping && Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    announce(`${signal} received: stopping ${config.workers} workers`, { signal });
    stopAll('SIGTERM');
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** Listens, says so, and makes the first admin when there is none (its key said once). */
async function finishStart(config: Config, linkyard: LinkyardApp): Promise<void> {
  try {
    await linkyard.app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await linkyard.close();
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'EADDRINUSE'
        ? `port ${config.port} on ${config.host} is already in use (another Linkyard?); set PORT to another port`
        : `cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`,
    );
  }
  if (linkyard.https && config.acme) await listenHttps(config, linkyard);
  // One line for the instance, from its first worker.
  if (!cluster.isWorker || process.env.LINKYARD_WORKER === '1') announceListening(config);
  // Only now that the service listens: a start that fails never makes an admin whose key nobody
  // saw. Of several workers, one makes it.
  const adminKey = await linkyard.createFirstAdmin();
  if (adminKey) announceAdminKey(config, adminKey);
}

function announceListening(config: Config): void {
  const dataDir = config.dataDir.startsWith('memory://') ? config.dataDir : resolve(config.dataDir);
  const database = config.databaseUrl ? 'Postgres (DATABASE_URL)' : `embedded PGlite in ${dataDir}`;
  announce(
    'Linkyard listening',
    {
      address: `${config.host}:${config.port}`,
      ...(config.acme ? { httpsAddress: `${config.host}:${config.acme.httpsPort}` } : {}),
      publicUrl: config.publicUrl,
      database: config.databaseUrl ? 'postgres' : 'embedded',
      workers: config.workers,
      dataDir,
    },
    [
      `Linkyard listening on ${config.host}:${config.port}${config.workers > 1 ? ` with ${config.workers} workers` : ''}${config.acme ? ` and HTTPS on ${config.acme.httpsPort} (certificates from ${config.acme.directory})` : ''} — public address ${config.publicUrl}, database: ${database}`,
      `Dashboard: ${config.publicUrl}/dashboard/   API: ${config.publicUrl}/l/api   reference: ${config.publicUrl}/l/api/docs`,
    ].join('\n'),
  );
}

function announceAdminKey(config: Config, adminKey: string): void {
  announce(
    'An admin account was created; its API key is shown only once',
    { adminApiKey: adminKey },
    [
      '',
      '============================================================',
      ' An admin account was created. Its API key, shown only once:',
      '',
      `   ${adminKey}`,
      '',
      ` Sign in to the dashboard with it: ${config.publicUrl}/dashboard/`,
      ' Keep it secret. Rotate it with POST /l/api/account/apikey/rotate.',
      ' Lost it? Stop the service and run: pnpm admin:key',
      '============================================================',
      '',
    ].join('\n'),
  );
}

/** Listens for HTTPS (automatic HTTPS) once HTTP listens: the CA's challenges come over HTTP. */
async function listenHttps(config: Config, linkyard: LinkyardApp): Promise<void> {
  const server = linkyard.https!;
  const port = config.acme!.httpsPort;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await linkyard.close();
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'EADDRINUSE'
        ? `HTTPS_PORT ${port} on ${config.host} is already in use; set HTTPS_PORT to another port`
        : code === 'EACCES'
          ? `HTTPS_PORT ${port} needs privileges this process does not have: use a port above 1023 and forward 443 to it (docs/deployment.md)`
          : `cannot listen for HTTPS on ${config.host}:${port}: ${(error as Error).message}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error('Linkyard could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
