import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
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
      if (location.startsWith('memory://')) {
        db = await PGlite.create(
          seed ? { loadDataDir: seed, postgresqlconf: SETTINGS } : { dataDir: 'memory://', postgresqlconf: SETTINGS },
        );
      } else {
        if (!existsSync(join(location, 'PG_VERSION'))) await initialize(location);
        db = await PGlite.create({ dataDir: location, postgresqlconf: SETTINGS });
      }
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
 * Memory of the embedded database, which PGlite's WebAssembly heap holds for the life of the
 * process (it grows, never shrinks): shared buffers of 32 MB rather than its 160 MB (an embedded
 * database serves one small deployment, and the files it reads stay in the system's page cache).
 */
const SETTINGS = ['shared_buffers=32MB', 'wal_buffers=1MB'];

/**
 * Makes a new database in `folder` (PostgreSQL's initdb) in a process of its own. initdb takes some
 * 400 MB of WebAssembly heap, which a process never gives back (not even a worker thread's, to the
 * system): made elsewhere, the service then opens the folder with only what it needs. (A database
 * in memory is made in the service's own process: loading one made elsewhere from its dump takes
 * more memory still.)
 */
async function initialize(folder: string): Promise<void> {
  const output: Buffer[] = [];
  const code = await new Promise<number | null>((done, fail) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', INITIALIZE, folder, JSON.stringify(SETTINGS)], {
      // Resolved from here: the folder of this module, where @electric-sql/pglite is installed.
      cwd: __dirname,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('error', fail);
    child.once('exit', done);
  });
  if (code !== 0) {
    const reason = Buffer.concat(output).toString().trim().split('\n').slice(-1)[0] ?? '';
    throw new Error(`the embedded database could not be made in ${folder} (exit code ${code})${reason ? `: ${reason}` : ''}`);
  }
}

/** The program of `initialize` (JavaScript, run as it is, built or not). */
const INITIALIZE = `
import { PGlite } from '@electric-sql/pglite';
const [folder, settings] = process.argv.slice(1);
const db = await PGlite.create({ dataDir: folder, postgresqlconf: JSON.parse(settings) });
await db.close();
`;

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
