/**
 * The editor's pages are bundled by Next separately from server.ts, so they cannot share module
 * instances with it. The running studio is published on `globalThis` under one symbol; pages read
 * it through `currentStudio()`.
 */
import type { ErrorBody, ErrorCode } from '../errors';
import type { Studio } from '../index';

const key = Symbol.for('agent-studio.studio');

type Holder = { [key]?: Studio };

export function publishStudio(studio: Studio) {
  (globalThis as Holder)[key] = studio;
}

export function currentStudio(): Studio {
  const studio = (globalThis as Holder)[key];
  if (!studio) throw new Error('The studio is not running in this process: start the app with `npm start`.');
  return studio;
}

/**
 * The API error body of a `StudioError` thrown by the studio, or `undefined` for anything else.
 * The error class lives in server.ts's bundle, not the page's, so `instanceof` cannot tell: the
 * error is recognised by its name and code instead.
 */
export function studioErrorBody(error: unknown): ErrorBody | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { name, code, message, details } = error as {
    name?: unknown;
    code?: unknown;
    message?: unknown;
    details?: unknown;
  };
  if (name !== 'StudioError' || typeof code !== 'string' || typeof message !== 'string') return undefined;
  const body: ErrorBody = { error: { code: code as ErrorCode, message } };
  if (typeof details === 'object' && details !== null) body.error.details = details as Record<string, unknown>;
  return body;
}

export type { ErrorBody, ErrorCode, Issue } from '../errors';
export type { Studio } from '../index';
