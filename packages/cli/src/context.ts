import { createLinkyardClient, type LinkyardClient } from '@linkyard/client';
import type { Command } from 'commander';
import { loadConfig, serviceOrigin, type Config } from './config';
import { Output } from './output';

/** The options every command takes (declared on the program, accepted anywhere on the line). */
export interface GlobalOptions {
  json?: boolean;
  profile?: string;
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
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.output = new Output(options.json === true);
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
    this.made ??= createLinkyardClient({ baseUrl: this.config.url, apiKey: this.config.apiKey });
    return this.made;
  }
}

/** The context of the running command, from the options of the whole line. */
export function contextOf(command: Command): Context {
  return new Context(command.optsWithGlobals<GlobalOptions>());
}
