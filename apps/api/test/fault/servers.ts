import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../support/built-service';

/**
 * Database and cache servers of the fault tests' own, on loopback ports, that the tests stop,
 * stall (SIGSTOP) and start again. Never the servers other tests use.
 */

const ROOT = join(__dirname, '..', '..', '..', '..');
const asRoot = process.getuid?.() === 0;

function postgresBin(): string {
  const dir = readdirSync('/usr/lib/postgresql')
    .map((version) => `/usr/lib/postgresql/${version}/bin`)
    .find((bin) => existsSync(`${bin}/pg_ctl`));
  if (!dir) throw new Error('PostgreSQL is not installed: scripts/postgres.sh installs it.');
  return dir;
}

function asPostgres(command: string, args: string[]): void {
  if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'ignore' });
  else execFileSync(command, args, { stdio: 'ignore' });
}

function signalTree(pid: number, signal: 'SIGSTOP' | 'SIGCONT'): void {
  const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)])
    .toString()
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter(Boolean);
  process.kill(pid, signal);
  for (const child of children) {
    try {
      process.kill(child, signal);
    } catch {
      // gone meanwhile
    }
  }
}

export class PostgresServer {
  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  /** A fresh cluster (scripts/postgres.sh installs PostgreSQL when missing). */
  static async start(): Promise<PostgresServer> {
    const port = await freePort();
    const dir = `/tmp/linkyard-fault-pg-${port}`;
    execFileSync(join(ROOT, 'scripts', 'postgres.sh'), ['start'], {
      env: { ...process.env, PG_PORT: String(port), PG_DIR: dir },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    return new PostgresServer(port, dir);
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private get postmaster(): number {
    return Number(readFileSync(join(this.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  }

  stop(): void {
    asPostgres(`${postgresBin()}/pg_ctl`, ['-D', join(this.dir, 'data'), 'stop', '-m', 'immediate', '-w']);
  }

  resume(): void {
    asPostgres(`${postgresBin()}/pg_ctl`, [
      '-D',
      join(this.dir, 'data'),
      '-l',
      join(this.dir, 'server.log'),
      '-w',
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      'start',
    ]);
  }

  /** Every process of the cluster stops where it is: connections stay open and go silent. */
  stall(): void {
    signalTree(this.postmaster, 'SIGSTOP');
  }

  unstall(): void {
    signalTree(this.postmaster, 'SIGCONT');
  }

  destroy(): void {
    try {
      this.unstall();
    } catch {
      // not running
    }
    try {
      this.stop();
    } catch {
      // already stopped
    }
    execFileSync('rm', ['-rf', this.dir]);
  }
}

export class RedisServer {
  private child: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<RedisServer> {
    execFileSync(join(ROOT, 'scripts', 'redis.sh'), ['install'], { stdio: ['ignore', 'ignore', 'inherit'] });
    const server = new RedisServer(await freePort());
    await server.resume();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async resume(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let attempt = 0; attempt < 50; attempt += 1) {
      try {
        execFileSync('redis-cli', ['-p', String(this.port), 'ping'], { stdio: 'ignore' });
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    throw new Error('redis-server did not start');
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  stall(): void {
    this.child?.kill('SIGSTOP');
  }

  unstall(): void {
    this.child?.kill('SIGCONT');
  }

  async destroy(): Promise<void> {
    this.unstall();
    await this.stop();
  }
}
