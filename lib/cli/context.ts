/**
 * What every command gets: the output channels, the environment it was started with, the options
 * of studio.config.ts (for the commands that open the database themselves) and a typed API client
 * for the server that `--url` / STUDIO_URL names.
 */
import type { Command } from 'commander';
import { createStudioClient, type StudioClient } from '../client';
import { cliEnvironment } from '../env';
import type { StudioOptions } from '../index';
import type { CliIo } from './io';

export interface CliContext {
  io: CliIo;
  environment: Record<string, string | undefined>;
  /** The options of studio.config.ts, loaded on first use (only `db` commands need them). */
  studioOptions(): Promise<StudioOptions>;
  /** The client for the server of this invocation (`--url`, `--key`, or the environment). */
  connect(command: Command): StudioClient;
}

export function createCliContext({
  io,
  environment,
  studioOptions,
}: {
  io: CliIo;
  environment: Record<string, string | undefined>;
  studioOptions: StudioOptions | (() => Promise<StudioOptions>);
}): CliContext {
  const defaults = cliEnvironment(environment);
  let loaded: Promise<StudioOptions> | undefined;
  return {
    io,
    environment,
    studioOptions: () =>
      (loaded ??= typeof studioOptions === 'function' ? studioOptions() : Promise.resolve(studioOptions)),
    connect(command) {
      const { url, key } = command.optsWithGlobals<{ url?: string; key?: string }>();
      return createStudioClient({ url: url ?? defaults.url, apiKey: key ?? defaults.apiKey });
    },
  };
}
