/** Output channels and exit codes of the CLI: 0 ok, 1 bad input, 2 unreachable, 3 unauthorised. */
export const exitCodes = { ok: 0, badInput: 1, unreachable: 2, unauthorized: 3 } as const;
export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes];

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Writes to stdout as is, without ending the line (streamed text); falls back to `stdout`. */
  write?(text: string): void;
}

export const processIo: CliIo = {
  write: (text) => process.stdout.write(text),
  stdout: (text) => process.stdout.write(text.endsWith('\n') ? text : text + '\n'),
  stderr: (text) => process.stderr.write(text.endsWith('\n') ? text : text + '\n'),
};

/** An expected CLI failure: printed to stderr, mapped to an exit code, never a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = exitCodes.badInput,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export function printJson(io: CliIo, value: unknown) {
  io.stdout(JSON.stringify(value, null, 2));
}

/** Parses a JSON argument, naming the argument in the error. */
export function parseJsonArgument(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(`${what} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}
