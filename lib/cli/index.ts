/**
 * The `agent-studio` command line (docs/cli.md). `runCli` never exits the process and never
 * throws: it answers an exit code, with results on stdout and problems on stderr.
 */
import { CommanderError } from 'commander';
import { processEnvironment, SettingsError } from '../env';
import type { StudioOptions } from '../index';
import { createCliContext } from './context';
import { cliFailure } from './failures';
import { exitCodes, processIo, type CliIo } from './io';
import { buildProgram } from './program';
import { errorMessage } from '../errors';
import { MissingSecretsKeyError } from '../secrets/key';

export { exitCodes, type CliIo } from './io';

export async function runCli(
  argv: string[],
  {
    io = processIo,
    environment = processEnvironment(),
    studioOptions = {},
  }: {
    io?: CliIo;
    environment?: Record<string, string | undefined>;
    /** The options of studio.config.ts (or a loader of them), for the commands that open the database. */
    studioOptions?: StudioOptions | (() => Promise<StudioOptions>);
  } = {},
): Promise<number> {
  const program = buildProgram(createCliContext({ io, environment, studioOptions }));
  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCodes.ok;
  } catch (error) {
    // Commander has printed its own message (usage errors, --help, --version).
    if (error instanceof CommanderError) return error.exitCode === 0 ? exitCodes.ok : exitCodes.badInput;
    const failure = cliFailure(error);
    if (failure) {
      io.stderr(failure.message);
      return failure.exitCode;
    }
    if (error instanceof SettingsError || error instanceof MissingSecretsKeyError) {
      io.stderr(error.message);
      return exitCodes.badInput;
    }
    io.stderr(`Unexpected error: ${errorMessage(error)}`);
    return 70;
  }
}
