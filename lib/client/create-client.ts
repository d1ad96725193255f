/**
 * `createStudioClient({ url, apiKey })`: one typed method per API operation, named by its
 * operationId (`client.getAgent({ params: { id } })`). Requests carry JSON and no `Origin`, as the
 * API's cross-site rules expect of a script; answers are parsed JSON (or, for `streamAgent`, the
 * run's chunks as they arrive); failures reject with a `StudioApiError` or a
 * `StudioUnreachableError` (see `errors.ts`).
 */
// The file, not the playground's index: that one pulls in the chat UI helpers and zod.
import { readRunEvents } from '../playground/read-run-events';
import { readAnswerBody, StudioApiError, StudioUnreachableError } from './errors';
import { operationTable } from './operation-table';
import type { ClientOperationId, OperationParams, RequestOptions, StudioOperations } from './operation-types';

export interface StudioClientOptions {
  /** Where the studio runs, e.g. `http://localhost:3000` (the `/api` prefix is added). */
  url: string;
  /** Sent as `Authorization: Bearer <apiKey>` (once the server checks keys). */
  apiKey?: string;
  /**
   * The fetch to use (default: the global one). `studio.api.request` fits, for a client that talks
   * to an in-process studio with no server.
   */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
}

export type StudioClient = StudioOperations & {
  /** The server's base URL, without a trailing slash. */
  readonly url: string;
};

type AnyInput = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };

function pathWith(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '')
      throw new TypeError(`The path parameter "${name}" is missing (${template}).`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The address of an operation under `/api`, its path parameters filled in
 * (`operationPath('approveRun', { runId: 'r1' })` is `/api/runs/r1/approve`), for a caller that sends
 * the request itself (the editor's streamed runs).
 */
export function operationPath<Id extends ClientOperationId>(operationId: Id, params: OperationParams<Id>): string {
  return `/api${pathWith(operationTable[operationId].path, params as Record<string, unknown> | undefined)}`;
}

function queryString(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    search.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function createStudioClient({ url, apiKey, fetch = globalThis.fetch }: StudioClientOptions): StudioClient {
  const base = url.replace(/\/+$/, '');

  async function call(
    { method, path, stream }: { method: string; path: string; stream?: boolean },
    input: AnyInput = {},
    { signal }: RequestOptions = {},
  ) {
    const target = `${base}/api${pathWith(path, input.params)}${queryString(input.query)}`;
    const headers: Record<string, string> = { accept: stream ? 'text/event-stream' : 'application/json' };
    if (input.body !== undefined) headers['content-type'] = 'application/json';
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    let response: Response;
    try {
      response = await fetch(target, {
        method: method.toUpperCase(),
        headers,
        body: input.body === undefined ? undefined : JSON.stringify(input.body),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new StudioUnreachableError(base, { cause: error });
    }
    if (!response.ok) throw await StudioApiError.fromResponse(response);
    if (stream && response.body) return readRunEvents(response.body);
    return readAnswerBody(response);
  }

  const methods = Object.fromEntries(
    (Object.keys(operationTable) as ClientOperationId[]).map((id) => [
      id,
      (input?: AnyInput, options?: RequestOptions) => call(operationTable[id], input, options),
    ]),
  ) as unknown as StudioOperations;
  return Object.assign(methods, { url: base });
}
