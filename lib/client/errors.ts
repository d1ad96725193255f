/**
 * What the typed client throws. Its methods reject, like the editor service's do: an answer that
 * is not a success becomes a `StudioApiError` carrying the API's own `{ code, message, details }`
 * and the HTTP status; a server that cannot be reached is a `StudioUnreachableError`.
 */
import { definedFields } from '../defined-fields';
import type { ErrorCode, Issue } from '../errors';

export class StudioApiError extends Error {
  /** An `ErrorCode` of the API, or `unexpected_response` when the answer was not in the API's error shape. */
  readonly code: ErrorCode | 'unexpected_response';
  readonly status: number;
  readonly details?: Record<string, unknown>;

  constructor({
    status,
    code,
    message,
    details,
  }: {
    status: number;
    code: ErrorCode | 'unexpected_response';
    message: string;
    details?: Record<string, unknown>;
  }) {
    super(message);
    this.name = 'StudioApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** `details.issues` of an `invalid_input` answer: every problem with its path. */
  get issues(): Issue[] {
    const issues = this.details?.issues;
    return Array.isArray(issues) ? (issues as Issue[]) : [];
  }

  /** The API's error body, as the server sent it. */
  toBody() {
    return { error: definedFields({ code: this.code, message: this.message, details: this.details }) };
  }

  /** The error a refused answer carries (its body read here). */
  static async fromResponse(response: Response): Promise<StudioApiError> {
    return StudioApiError.fromAnswer({ status: response.status, body: await readAnswerBody(response) });
  }

  static fromAnswer({ status, body }: { status: number; body: unknown }): StudioApiError {
    const error = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)?.error;
    if (typeof error?.code === 'string' && typeof error.message === 'string') {
      const details =
        typeof error.details === 'object' && error.details !== null
          ? (error.details as Record<string, unknown>)
          : undefined;
      return new StudioApiError({ status, code: error.code as ErrorCode, message: error.message, details });
    }
    return new StudioApiError({
      status,
      code: 'unexpected_response',
      message: `The server answered HTTP ${status} without an API error body.`,
      details: { body: typeof body === 'string' ? body.slice(0, 500) : body },
    });
  }
}

/** An answer's body: its JSON, its text when it is not JSON, null when empty. */
export async function readAnswerBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export class StudioUnreachableError extends Error {
  constructor(
    readonly url: string,
    options: { cause: unknown },
  ) {
    const cause = options.cause;
    const reason =
      cause instanceof Error && cause.cause instanceof Error
        ? cause.cause.message
        : cause instanceof Error
          ? cause.message
          : String(cause);
    super(`Cannot reach the Agent Studio server at ${url} (${reason}).`, options);
    this.name = 'StudioUnreachableError';
  }
}

export const isStudioApiError = (value: unknown): value is StudioApiError => value instanceof StudioApiError;
