import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { freePort } from './built-service';

/**
 * A real ClickHouse server (Debian's 18.16; scripts/clickhouse.sh installs it when missing) for the
 * tests that need one: each suite or run starts its own in a fresh temp directory on loopback ports,
 * and stops, stalls (SIGSTOP) and resumes it as it likes. Call destroy() in afterAll: nothing is
 * left running, nor on disk.
 */

const ROOT = join(__dirname, '..', '..', '..', '..');
// util-linux's setpriv asks the kernel to kill the server when the process that started it dies,
// however it dies (a jest worker killed on a timeout runs no 'exit' handler).
const SETPRIV = '/usr/bin/setpriv';
const START_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 10_000;

function config(dir: string, httpPort: number, tcpPort: number): string {
  // 18.16 takes its users from the main file too, so one file is all a server needs. Its keep-alive
  // timeout is 10 s, and on SIGTERM it waits for idle keep-alive connections to time out: 3 s (newer
  // servers' default, which @clickhouse/client's 2.5 s idle socket TTL is made for) stops it in 1 s, not 8.
  return `<?xml version="1.0"?>
<yandex>
    <logger><level>warning</level><log>${dir}/log/server.log</log><errorlog>${dir}/log/server.err.log</errorlog><size>10M</size><count>2</count></logger>
    <listen_host>127.0.0.1</listen_host>
    <http_port>${httpPort}</http_port>
    <tcp_port>${tcpPort}</tcp_port>
    <path>${dir}/data/</path>
    <tmp_path>${dir}/data/tmp/</tmp_path>
    <user_files_path>${dir}/data/user_files/</user_files_path>
    <format_schema_path>${dir}/data/format_schemas/</format_schema_path>
    <mark_cache_size>268435456</mark_cache_size>
    <uncompressed_cache_size>268435456</uncompressed_cache_size>
    <max_concurrent_queries>50</max_concurrent_queries>
    <timezone>UTC</timezone>
    <display_name>${basename(dir)}</display_name>
    <keep_alive_timeout>3</keep_alive_timeout>
    <users><default><password></password><networks><ip>127.0.0.1</ip><ip>::1</ip></networks><profile>default</profile><quota>default</quota></default></users>
    <profiles><default><max_memory_usage>2000000000</max_memory_usage></default></profiles>
    <quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors><result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval></default></quotas>
</yandex>
`;
}

function running(child: ChildProcess | null): child is ChildProcess {
  return child !== null && child.exitCode === null && child.signalCode === null;
}

export class ClickHouseServer {
  private child: ChildProcess | null = null;
  private killOnExit: (() => void) | null = null;

  private constructor(
    readonly httpPort: number,
    readonly tcpPort: number,
    /** Holds the config, the data (kept from stop() to resume()) and the logs. */
    readonly dir: string,
    private readonly binary: string,
  ) {}

  static async start(): Promise<ClickHouseServer> {
    const binary = execFileSync(join(ROOT, 'scripts', 'clickhouse.sh'), ['install'], { stdio: ['ignore', 'pipe', 'inherit'] })
      .toString()
      .trim();
    const dir = mkdtempSync(join(tmpdir(), 'linkyard-clickhouse-'));
    const httpPort = await freePort();
    let tcpPort = await freePort();
    // The port just closed can come back at once.
    while (tcpPort === httpPort) tcpPort = await freePort();
    writeFileSync(join(dir, 'config.xml'), config(dir, httpPort, tcpPort));
    const server = new ClickHouseServer(httpPort, tcpPort, dir, binary);
    try {
      await server.resume();
    } catch (error) {
      await server.destroy();
      throw error;
    }
    return server;
  }

  /** Its HTTP interface, with no database in it. */
  get url(): string {
    return `http://127.0.0.1:${this.httpPort}`;
  }

  /** Starts it again on the same directory (its tables kept) and ports, once it answers /ping. */
  async resume(): Promise<void> {
    if (running(this.child)) return;
    const args = [`--config-file=${join(this.dir, 'config.xml')}`];
    const child = existsSync(SETPRIV)
      ? spawn(SETPRIV, ['--pdeathsig', 'KILL', '--', this.binary, ...args], { stdio: 'ignore' })
      : spawn(this.binary, args, { stdio: 'ignore' });
    let spawnError: Error | null = null;
    child.on('error', (error) => (spawnError = error));
    this.child = child;
    this.killOnExit = () => child.kill('SIGKILL');
    process.once('exit', this.killOnExit);

    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (spawnError || !running(child)) {
        this.forget();
        throw new Error(
          `clickhouse-server could not start (${spawnError ?? `exit ${child.exitCode ?? child.signalCode}`}):\n${this.errorLog()}`,
        );
      }
      if (await this.answers()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await this.stop();
    throw new Error(`clickhouse-server did not answer /ping within ${START_TIMEOUT_MS / 1000} s:\n${this.errorLog()}`);
  }

  /** Shuts it down (SIGTERM, then SIGKILL after 10 s), keeping its directory for resume(). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!running(child)) return this.forget();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    // A stalled server would only act on the SIGTERM once woken.
    child.kill('SIGCONT');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
    this.forget();
  }

  /** Every thread of it stops where it is: connections stay open and go silent. */
  stall(): void {
    if (running(this.child)) this.child.kill('SIGSTOP');
  }

  unstall(): void {
    if (running(this.child)) this.child.kill('SIGCONT');
  }

  async destroy(): Promise<void> {
    this.unstall();
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /**
   * It answers /ping, and it is this one: a server left on the port by someone else answers too (this
   * one then exits, unable to listen, and says so in its error log). 18.16 names itself in a header of
   * its query answers, not of /ping's.
   */
  private async answers(): Promise<boolean> {
    try {
      const ping = await fetch(`${this.url}/ping`, { signal: AbortSignal.timeout(1_000) });
      await ping.arrayBuffer();
      if (ping.status !== 200) return false;
      const select = await fetch(`${this.url}/?query=SELECT%201`, { signal: AbortSignal.timeout(1_000) });
      await select.arrayBuffer();
      return select.status === 200 && select.headers.get('x-clickhouse-server-display-name') === basename(this.dir);
    } catch {
      return false; // not listening yet
    }
  }

  private forget(): void {
    if (this.killOnExit) process.off('exit', this.killOnExit);
    this.killOnExit = null;
    this.child = null;
  }

  private errorLog(): string {
    const path = join(this.dir, 'log', 'server.err.log');
    if (!existsSync(path)) return '(no error log)';
    return readFileSync(path, 'utf8').split('\n').slice(-30).join('\n');
  }
}
