/**
 * The error vocabulary of the whole product: one code union, one code-to-status table and one JSON
 * shape. A service that cannot do what was asked throws a `StudioError`; checks return what they
 * found, and failures that are part of an answer are values in it (docs/architecture.md, "Errors").
 * Anything else that reaches the API is an `internal_error` whose details only go to the log.
 */
import type { z } from 'zod';
import { meantBranchIssues, unionMessage } from './union-issues';

export const errorStatus = {
  invalid_input: 400,
  invalid_version_label: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  version_not_found: 404,
  version_label_not_found: 404,
  no_published_version: 404,
  /** A known path asked with a method it does not answer (the `Allow` header lists those it does). */
  method_not_allowed: 405,
  conflict: 409,
  version_conflict: 409,
  version_in_use: 409,
  /** Publishing was refused by its checks; `details.problems` lists each with its code and path. */
  publish_blocked: 409,
  /** A run of an unsaved draft reached a call that waits for an answer; a paused run needs a saved version. */
  draft_cannot_pause: 409,
  payload_too_large: 413,
  /** The `Host` is not one this server answers (a DNS-rebinding page, a misrouted request). */
  misdirected_request: 421,
  unsupported_media_type: 415,
  /** The request line and headers are over Node's `maxHeaderSize` (a very long URL, too many headers). */
  request_header_fields_too_large: 431,
  /** Too many requests of one kind for one target (connection tests, tool runs): retry after `Retry-After`. */
  rate_limited: 429,
  mcp_unavailable: 502,
  tool_failed: 502,
  /** The model answered against the run's rules (e.g. no tool call although `toolChoice` required one). */
  model_error: 502,
  internal_error: 500,
  unavailable: 503,
  /** The database is locked by another process for longer than the busy timeout: retry shortly. */
  busy: 503,
  /** The agent's model provider has no key (or base URL); the message names the variable to set. */
  model_not_configured: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export type ErrorStatus = (typeof errorStatus)[ErrorCode];

/** One problem with an input, addressed by a dotted path (`items.0.tags`; `root` for the whole value). */
export interface Issue {
  path: string;
  message: string;
}

/**
 * What a check found (docs/architecture.md, "One convention for expected failures", kind 2): the
 * checked value, or every problem with its path. The check does not decide whether a finding is an
 * error; its caller does (throws it, collects it with others, or shows it). A check whose issues say
 * more than a path (the rule builder's node id) names their type.
 */
export type CheckResult<TValue, TIssue extends Issue = Issue> =
  { ok: true; value: TValue } | { ok: false; issues: TIssue[] };

/** A check that found one problem; `path` is the field it concerns (`root`: the value as a whole). */
export function checkFailed(message: string, path = 'root'): { ok: false; issues: Issue[] } {
  return { ok: false, issues: [{ path, message }] };
}

/** What a caught value says: an error's message, anything else as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The issues' messages as one sentence, for a caller that shows a check's findings as text. */
export function issueMessages(issues: readonly Issue[]): string {
  return issues.map((issue) => issue.message).join('; ');
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: Record<string, unknown> };
}

export class StudioError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StudioError';
    this.code = code;
    this.details = details;
  }

  get status(): ErrorStatus {
    return errorStatus[this.code];
  }

  toBody(): ErrorBody {
    return errorBody(this.code, this.message, this.details);
  }
}

/**
 * Whether `error`, or an error it wraps (its `cause`, the errors of an `AggregateError`, a few
 * levels deep), is one `matches` recognises: drivers' errors arrive wrapped by drizzle or in the
 * attempts at several addresses.
 */
function someCause(error: unknown, matches: (error: Error & { code?: unknown }) => boolean): boolean {
  const pending: unknown[] = [error];
  for (let seen = 0; seen < 10 && pending.length > 0; seen += 1) {
    const current = pending.shift();
    if (!(current instanceof Error)) continue;
    if (matches(current)) return true;
    if (current instanceof AggregateError) pending.push(...(current.errors as unknown[]));
    pending.push(current.cause);
  }
  return false;
}

/** SQLite's "database is locked" (SQLITE_BUSY and its variants), possibly wrapped. */
export const isDatabaseBusy = (error: unknown): boolean =>
  someCause(error, ({ code }) => typeof code === 'string' && code.startsWith('SQLITE_BUSY'));

export const busyRetryAfterSeconds = 1;

/** Another process held the write lock longer than the busy timeout: worth retrying, not a bug. */
export function databaseBusyError(cause: unknown): StudioError {
  return new StudioError(
    'busy',
    'The database is busy with another process; retry in a moment.',
    { retryAfterSeconds: busyRetryAfterSeconds },
    { cause },
  );
}

/**
 * Why the database server cannot be reached: the socket's codes (refused, reset, no route, no such
 * host), PostgreSQL's SQLSTATE of a lost connection (class 08) or of a server going down or not up
 * yet (57P01 terminated by the administrator, 57P02 crash, 57P03 shutting down or starting up), and
 * the `pg` driver's words for a connection it lost or could not open in time.
 */
const unreachableSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const unreachableServerCodes = new Set(['57P01', '57P02', '57P03']);
const unreachableMessages =
  /^Connection terminated|^timeout exceeded when trying to connect|^Client has encountered a connection error|the database system is (shutting down|starting up|in recovery mode|not yet accepting connections)|terminating connection due to administrator command/i;

function isUnreachableCode(code: unknown): boolean {
  if (typeof code !== 'string') return false;
  return unreachableSocketCodes.has(code) || unreachableServerCodes.has(code) || /^08[0-9A-Z]{3}$/.test(code);
}

/**
 * The database server is down, restarting or out of reach (a PostgreSQL connection refused or
 * lost, possibly wrapped by drizzle or in an `AggregateError` of several addresses): worth retrying
 * shortly, not a bug. A model provider's failures are recognised before this is asked.
 */
export const isDatabaseUnreachable = (error: unknown): boolean =>
  someCause(error, (current) => isUnreachableCode(current.code) || unreachableMessages.test(current.message));

/**
 * A write refused because another row has the same value in a unique column: SQLite's
 * SQLITE_CONSTRAINT_UNIQUE (`UNIQUE constraint failed: users.email`) or PostgreSQL's 23505 on the
 * table's `<table>_<column>_unique` constraint, possibly wrapped. The expected answer of two
 * requests that add the same thing at once, where the second finds the first's row only now.
 */
export function isUniqueViolation(error: unknown, { table, column }: { table: string; column: string }): boolean {
  return someCause(error, (current) => {
    const found = current as { code?: unknown; table?: unknown; constraint?: unknown; detail?: unknown };
    if (found.code === 'SQLITE_CONSTRAINT_UNIQUE') return current.message.includes(`${table}.${column}`);
    return (
      found.code === '23505' &&
      found.table === table &&
      (found.constraint === `${table}_${column}_unique` ||
        (typeof found.detail === 'string' && found.detail.startsWith(`Key (${column})=`)))
    );
  });
}

export const unavailableRetryAfterSeconds = 5;

/** The database server cannot be reached: a 503 `unavailable` the caller may retry after a few seconds. */
export function databaseUnavailableError(cause: unknown): StudioError {
  return new StudioError(
    'unavailable',
    'The database cannot be reached right now; try again shortly.',
    { reason: 'database', retryAfterSeconds: unavailableRetryAfterSeconds },
    { cause },
  );
}

export function errorBody(code: ErrorCode, message: string, details?: Record<string, unknown>): ErrorBody {
  return details === undefined ? { error: { code, message } } : { error: { code, message, details } };
}

export function isStudioError(value: unknown): value is StudioError {
  return value instanceof StudioError;
}

/** Dotted path of a validation issue; an empty path is the root. */
export function formatPath(path: ReadonlyArray<PropertyKey | { key: PropertyKey }>): string {
  if (path.length === 0) return 'root';
  return path.map((segment) => String(typeof segment === 'object' ? segment.key : segment)).join('.');
}

/**
 * zod's default words for a missing field, a bad record key and a union that takes none of the
 * value say what went wrong in zod's terms ("expected nonoptional, received undefined", "Invalid
 * key in record", "Invalid input"); these say what to send.
 */
function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && (issue.expected === 'nonoptional' || /received undefined$/.test(issue.message)))
    return issue.expected === 'nonoptional'
      ? 'Required: send this field'
      : `Required: send a value of type ${issue.expected}`;
  if (issue.code === 'invalid_key')
    return `Invalid key: ${issue.issues.map((inner) => inner.message).join('; ') || 'not an accepted key'}`;
  return unionMessage(issue) ?? issue.message;
}

/** One problem of a zod error in words for people, its path still in segments. */
export interface ExplainedIssue {
  path: PropertyKey[];
  message: string;
}

/**
 * Every problem of a zod error in words for people: an unknown key at the key itself (the path
 * points at what to remove), a union's failure as the problems of the branch the value meant or
 * as what the union accepts.
 */
export function explainZodIssues(issues: readonly z.core.$ZodIssue[]): ExplainedIssue[] {
  return issues.flatMap((issue): ExplainedIssue[] => {
    const path = [...issue.path];
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => ({ path: [...path, key], message: 'Unknown field' }));
    const meant = meantBranchIssues(issue);
    if (meant)
      return explainZodIssues(meant).map((inner) => ({ path: [...path, ...inner.path], message: inner.message }));
    return [{ path, message: messageOf(issue) }];
  });
}

export function issuesFromZod(error: z.ZodError, prefix: ReadonlyArray<PropertyKey> = []): Issue[] {
  return explainZodIssues(error.issues).map(({ path, message }) => ({
    path: formatPath([...prefix, ...path]),
    message,
  }));
}

/** A 400 listing every problem with its path. */
export function invalidInput(issues: Issue[], message?: string): StudioError {
  const summary =
    message ??
    (issues.length === 1
      ? `Invalid input at ${issues[0]!.path}: ${issues[0]!.message}`
      : `Invalid input: ${issues.length} problems (see details.issues)`);
  return new StudioError('invalid_input', summary, { issues });
}

/** For a failure the caller must handle on the spot because it goes on (e.g. an MCP listing that becomes a warning). */
export type Result<T, E = StudioError> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const fail = <E = StudioError>(error: E): Result<never, E> => ({ ok: false, error });
