/**
 * Turns what the typed client throws into CLI failures: an unreachable server is exit code 2 with
 * how to start it, as is a database server out of reach (the `db` commands); 401/403 is exit code 3
 * with the server's message and how to pass a key; every other API error is exit code 1 with the
 * server's message and every problem it listed.
 */
import { StudioApiError, StudioUnreachableError } from '../client';
import { errorMessage, isDatabaseUnreachable, isStudioError } from '../errors';
import { CliError, exitCodes } from './io';

function problemLines(error: StudioApiError): string[] {
  const lines = error.issues.map((issue) => `- ${issue.path}: ${issue.message}`);
  const details = error.details ?? {};
  for (const listed of [details.conflicts, details.problems]) {
    if (!Array.isArray(listed)) continue;
    for (const problem of listed as Array<{ path?: string; message: string }>)
      lines.push(problem.path ? `- ${problem.path}: ${problem.message}` : `- ${problem.message}`);
  }
  if (error.code === 'version_conflict' && Array.isArray(details.changedFields)) {
    lines.push(
      `Version ${String(details.latestVersionNumber)} is the latest; changed since version ${String(details.baseVersionNumber)}: ${(details.changedFields as string[]).join(', ') || '(nothing)'}`,
    );
  }
  return lines;
}

/** The server's message without its pointer to the answer's details: the lines below it print them. */
const withoutDetailsPointer = (message: string) => message.replace(/\s*\(see details\.\w+\)|;\s*see details\.\w+/g, '');

/** The request fields the server's words name, as the CLI's options spell them. */
const optionWords: ReadonlyArray<[RegExp, string]> = [
  [/\bimport withoutSecrets\b/g, 'import with --without-secrets'],
  [/\bwithoutSecrets: true\b/g, '--without-secrets'],
  [/\bwith mode=append\b/g, 'with --mode append'],
  [/\bgive (its|a) passphrase\b/g, 'give $1 passphrase (--passphrase-file)'],
];

/** A server message in the CLI's words. */
const inCliWords = (message: string) =>
  optionWords.reduce((text, [apiWords, cliWords]) => text.replace(apiWords, cliWords), withoutDetailsPointer(message));

export function cliFailure(error: unknown): CliError | undefined {
  if (error instanceof CliError) return error;
  if (error instanceof StudioUnreachableError) {
    return new CliError(
      `${error.message}\nStart it with \`npm start\` in the project folder, or point the CLI at a running server with --url or STUDIO_URL.`,
      exitCodes.unreachable,
    );
  }
  if (error instanceof StudioApiError) {
    if (error.status === 401 || error.status === 403) {
      // 401: no key or one the server does not know; 403: a known key whose scope is too low.
      const hint =
        error.status === 401
          ? 'Pass an API key with --key or STUDIO_API_KEY.'
          : 'Pass a key with that scope with --key or STUDIO_API_KEY.';
      return new CliError(`Not authorised: ${error.message}\n${hint}`, exitCodes.unauthorized);
    }
    return new CliError([error.message, ...problemLines(error)].map(inCliWords).join('\n'), exitCodes.badInput);
  }
  // A `db` command whose database server is down or restarting.
  if (isDatabaseUnreachable(error))
    return new CliError(
      `The database cannot be reached right now (${errorMessage(error)}); try again shortly.`,
      exitCodes.unreachable,
    );
  // Local checks made with the library (a migration script that does not load, ...).
  if (isStudioError(error)) return new CliError(error.message, exitCodes.badInput);
  return undefined;
}
