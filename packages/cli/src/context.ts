import { createLinkyardClient, type LinkyardClient } from '@linkyard/client';
import type { Command } from 'commander';
import { loadConfig, serviceOrigin, type Config } from './config';
import { usageError } from './errors';
import { Output } from './output';
import { sessionOf, type CliIo, type Session } from './session';

/** The options every command takes (declared on the program, accepted anywhere on the line). */
export interface GlobalOptions {
  json?: boolean;
  profile?: string;
  workspace?: string;
}

/**
 * What a command runs with: its output, and the configuration and client, made when first asked
 * for, so that `--help` and usage errors never need a configuration.
 */
export class Context {
  readonly output: Output;
  private loaded: Config | undefined;
  private made: LinkyardClient | undefined;

  constructor(
    private readonly options: GlobalOptions,
    /** The run the command is part of: its streams, its environment and its exit code. */
    readonly session: Session,
  ) {
    this.output = new Output(options.json === true, this.io.stdout, this.io.stderr, this.io.env);
  }

  /** The run's environment and streams: a command reads and writes nothing else. */
  get io(): CliIo {
    return this.session.io;
  }

  private get env(): CliIo['env'] {
    return this.session.io.env;
  }

  get config(): Config {
    this.loaded ??= loadConfig({ profile: this.options.profile, env: this.env, warn: (message) => this.output.warn(message) });
    return this.loaded;
  }

  /** The configured service's address, once the configuration is loaded (for error messages). */
  get serviceUrl(): string | null {
    return this.loaded ? serviceOrigin(this.loaded) : null;
  }

  get client(): LinkyardClient {
    this.made ??= createLinkyardClient({
      baseUrl: this.config.url,
      apiKey: this.config.apiKey,
      workspace: this.workspace(),
      onRateLimitWait: (wait) => this.waiting(wait.seconds),
    });
    return this.made;
  }

  /** The team workspace to act in: `--workspace`, else LINKYARD_WORKSPACE, else the person's own (null). */
  private workspace(): number | null {
    const text = this.options.workspace ?? (this.env.LINKYARD_WORKSPACE || undefined);
    if (text === undefined) return null;
    if (!/^[1-9][0-9]{0,9}$/.test(text) || Number(text) > 2_147_483_647) {
      throw usageError(`the workspace must be a workspace id (a positive integer), got "${text.slice(0, 40)}"`);
    }
    return Number(text);
  }

  /** How far a long command has gone (`3 of 800 pages`), said with a rate-limit wait. */
  progress: string | null = null;

  /** Where a wait is shown: the status line, unless the command draws its own (the import's bar). */
  showWait: (text: string | null) => void = (text) => this.output.status(text);

  /**
   * A rate-limit wait, said on a terminal rather than sat through in silence: the seconds left,
   * counted down, and how far the command has gone.
   */
  private waiting(seconds: number): void {
    let left = seconds;
    const say = () => this.showWait(`rate limit: waiting ${left} s${this.progress ? `, ${this.progress}` : ''}`);
    say();
    const timer = setInterval(() => {
      left -= 1;
      if (left > 0) return say();
      clearInterval(timer);
      this.showWait(null);
    }, 1000);
    timer.unref();
  }
}

/** The context of the running command, from the options of the whole line. */
export function contextOf(command: Command): Context {
  return new Context(command.optsWithGlobals<GlobalOptions>(), sessionOf(command));
}
