import { mkdtemp, rm } from 'node:fs/promises';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * The embedded database: PGlite (Postgres in WebAssembly, in this process) behind a Unix socket
 * that speaks the Postgres protocol. The service then talks to it through `pg`, exactly as it talks
 * to a real Postgres server, so both databases share one driver, one set of type parsers and one
 * set of migrations. PGlite has one connection, so the pool in front of it holds one connection.
 */
export class EmbeddedPostgres {
  private constructor(
    private readonly db: PGlite,
    private readonly server: PGLiteSocketServer,
    private readonly socketDir: string,
    private readonly lockFile: string | null,
  ) {}

  /**
   * `dataDir` is a folder (created when missing) or `memory://` for a throw-away database, which
   * may start from `seed`, a dump of another one (see dump): tests start from a migrated database.
   */
  static async start(dataDir: string, seed?: Blob): Promise<EmbeddedPostgres> {
    let location = dataDir;
    let lockFile: string | null = null;
    if (!dataDir.startsWith('memory://')) {
      location = resolve(dataDir);
      mkdirSync(location, { recursive: true });
      lockFile = takeFolder(location);
    }
    let db: PGlite;
    try {
      db = await PGlite.create(seed && location.startsWith('memory://') ? { loadDataDir: seed } : { dataDir: location });
    } catch (error) {
      if (lockFile) rmSync(lockFile, { force: true });
      throw error;
    }
    // pg looks for `<host>/.s.PGSQL.<port>`; a private temporary folder keeps the path short and
    // the socket unreachable by other users.
    const socketDir = await mkdtemp(join(tmpdir(), 'linkyard-db-'));
    // The service's pool holds one connection (PGlite runs one session). The migration connection
    // is closed before the pool opens, but the server lets it go a moment later: a second socket
    // is allowed so the pool is not refused meanwhile.
    const server = new PGLiteSocketServer({ db, path: join(socketDir, '.s.PGSQL.5432'), maxConnections: 2 });
    await server.start();
    return new EmbeddedPostgres(db, server, socketDir, lockFile);
  }

  /** Connection settings for `pg`. */
  get connection(): { host: string; port: number; username: string; database: string } {
    return { host: this.socketDir, port: 5432, username: 'postgres', database: 'postgres' };
  }

  /** The whole database as a tar archive, for start's `seed`. */
  dump(): Promise<Blob> {
    return this.db.dumpDataDir('none');
  }

  async stop(): Promise<void> {
    await this.server.stop();
    await this.db.close();
    await rm(this.socketDir, { recursive: true, force: true });
    if (this.lockFile) rmSync(this.lockFile, { force: true });
  }
}

/**
 * Marks the folder as this process's (`linkyard.pid`): PGlite's files are for one process at a
 * time, and a second one (another `pnpm start`, `pnpm admin:key` while the service runs) would
 * damage them. A mark left by a process that has ended is taken over.
 */
function takeFolder(folder: string): string {
  const file = join(folder, 'linkyard.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
      throw new Error(
        `the embedded database in ${folder} is in use by another Linkyard process (pid ${holder}): stop it first, ` +
          `or set DATA_DIR to another folder (if no Linkyard runs, delete ${file})`,
      );
    }
    rmSync(file, { force: true });
  }
  throw new Error(`cannot mark ${folder} as in use (${file})`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
