import { mkdtemp, rm } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
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
  ) {}

  /**
   * `dataDir` is a folder (created when missing) or `memory://` for a throw-away database, which
   * may start from `seed`, a dump of another one (see dump): tests start from a migrated database.
   */
  static async start(dataDir: string, seed?: Blob): Promise<EmbeddedPostgres> {
    let location = dataDir;
    if (!dataDir.startsWith('memory://')) {
      location = resolve(dataDir);
      mkdirSync(location, { recursive: true });
    }
    const db = await PGlite.create(seed && location.startsWith('memory://') ? { loadDataDir: seed } : { dataDir: location });
    // pg looks for `<host>/.s.PGSQL.<port>`; a private temporary folder keeps the path short and
    // the socket unreachable by other users.
    const socketDir = await mkdtemp(join(tmpdir(), 'linkyard-db-'));
    // The service's pool holds one connection (PGlite runs one session). The migration connection
    // is closed before the pool opens, but the server lets it go a moment later: a second socket
    // is allowed so the pool is not refused meanwhile.
    const server = new PGLiteSocketServer({ db, path: join(socketDir, '.s.PGSQL.5432'), maxConnections: 2 });
    await server.start();
    return new EmbeddedPostgres(db, server, socketDir);
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
  }
}
