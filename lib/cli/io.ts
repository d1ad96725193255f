/**
 * Output channels and exit codes of the CLI: 0 ok, 1 bad input or a refusal (problems on stderr),
 * 2 the server cannot be reached, 3 not authorised. Results go to stdout, everything else (errors,
 * progress) to stderr, so `agent-studio ... > file` captures only the result.
 */
import { errorMessage } from '../errors';

export const exitCodes = { ok: 0, badInput: 1, unreachable: 2, unauthorized: 3 } as const;
export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes];

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Whether stderr is a terminal: progress is drawn only there (never into logs or pipes). */
  stderrIsTerminal?: boolean;
  /** Terminal-only output without a trailing newline (a progress line redrawn in place). */
  stderrRaw?(text: string): void;
  /** Writes to stdout as is, without ending the line (streamed text); falls back to `stdout`. */
  write?(text: string): void;
  /** All of stdin, read to its end (`--password-stdin`). */
  readStdin?(): Promise<string>;
}

async function readProcessStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

export const processIo: CliIo = {
  write: (text) => process.stdout.write(text),
  stdout: (text) => process.stdout.write(text.endsWith('\n') ? text : text + '\n'),
  stderr: (text) => process.stderr.write(text.endsWith('\n') ? text : text + '\n'),
  stderrIsTerminal: process.stderr.isTTY === true,
  stderrRaw: (text) => process.stderr.write(text),
  readStdin: readProcessStdin,
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
    throw new CliError(`${what} is not valid JSON: ${errorMessage(error)}`);
  }
}

/** A `--context '<json>'` value: a JSON object. */
export function parseContextArgument(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  const context = parseJsonArgument(text, 'The --context value');
  if (typeof context !== 'object' || context === null || Array.isArray(context)) {
    throw new CliError('The --context value must be a JSON object, e.g. \'{"tenantId":"acme"}\'.');
  }
  return context as Record<string, unknown>;
}
