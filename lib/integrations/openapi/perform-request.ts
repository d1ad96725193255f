/**
 * One HTTP call for one operation: the validated tool input is placed by the operation's binding
 * (path, query, header, body), credentials are added, and the answer becomes the tool output.
 * A non-2xx answer is an output with `ok: false`; only a call that gets no answer (network error,
 * timeout) throws, with a message that says which call failed and why, never the query string
 * (an API key may be in it).
 */
import { findOutboundError } from '../../net';
import { applyCredentials, type OpenApiCredentials } from './credentials';
import type { OperationDescription } from './describe-operations';
import { readResponse, type OpenApiCallOutput } from './read-response';
import { appendQueryParameter, serializeHeaderParameter, serializePathParameter } from './serialize-parameters';
import { errorMessage } from '../../errors';

export type FetchFunction = (input: string | URL, init?: RequestInit) => Promise<Response>;

export interface PerformRequestOptions {
  operation: OperationDescription;
  input: Record<string, unknown>;
  /** The configured base URL; wins over the document's `servers`. */
  baseUrl?: string;
  credentials?: OpenApiCredentials;
  /**
   * The origins the integration may call (./server-origins), computed from the same saved config
   * as `credentials`: with credentials, a URL outside them (or no set at all) is refused before
   * anything is sent. Without credentials there is nothing to carry elsewhere.
   */
  allowedOrigins: ReadonlySet<string> | undefined;
  fetch: FetchFunction;
  timeoutMs: number;
  abortSignal: AbortSignal;
}

const dotSegment = /^(?:\.|%2e){1,2}$/i;
const isDotSegment = (segment: string) => dotSegment.test(segment);

function buildUrl({ operation, input, baseUrl }: Pick<PerformRequestOptions, 'operation' | 'input' | 'baseUrl'>): URL {
  const base = baseUrl ?? operation.serverUrl;
  if (!base || !/^https?:\/\//i.test(base)) {
    throw new Error(
      `OpenAPI tool ${operation.slug} has no absolute base URL (the document's servers give ${JSON.stringify(operation.serverUrl ?? null)}): ` +
        'configure the integration with a baseUrl.',
    );
  }
  let path = operation.pathTemplate;
  for (const binding of operation.parameters) {
    if (binding.in !== 'path') continue;
    const value = serializePathParameter(binding, input[binding.key]);
    path = path.split(`{${binding.name}}`).join(value);
    // `/` is encoded, but a whole segment of `.` or `..` (even as %2e) would still climb the path.
    if (path.split('/').some(isDotSegment))
      throw new Error(`OpenAPI tool ${operation.slug}: the path parameter "${binding.name}" may not be "." or "..".`);
  }
  const url = new URL(base.replace(/\/+$/, '') + path);
  for (const binding of operation.parameters) {
    const value = input[binding.key];
    if (binding.in === 'query' && value !== undefined && value !== null)
      appendQueryParameter(url.searchParams, binding, value);
  }
  return url;
}

function buildHeadersAndBody({ operation, input }: Pick<PerformRequestOptions, 'operation' | 'input'>): {
  headers: Headers;
  body?: string;
} {
  const headers = new Headers({ accept: 'application/json, text/plain;q=0.9, */*;q=0.8' });
  for (const binding of operation.parameters) {
    const value = input[binding.key];
    if (binding.in === 'header' && value !== undefined && value !== null)
      headers.set(binding.name, serializeHeaderParameter(binding, value));
  }
  const value = operation.body ? input.body : undefined;
  if (!operation.body || value === undefined) return { headers };
  headers.set('content-type', operation.body.mediaType);
  if (operation.body.encoding === 'json') return { headers, body: JSON.stringify(value) };
  if (operation.body.encoding === 'text') return { headers, body: String(value) };
  const form = new URLSearchParams();
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined && item !== null)
        form.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  return { headers, body: form.toString() };
}

function reasonOf(error: unknown): string {
  // The outbound guard's messages already say what happened, safely (host and address class only).
  const outbound = findOutboundError(error);
  if (outbound) return outbound.message.replace(/\.$/, '');
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  if (cause?.code)
    return `${cause.code}${cause.message && !cause.message.includes(cause.code) ? `: ${cause.message}` : ''}`;
  if (cause?.message) return cause.message;
  return errorMessage(error);
}

/** Refuses a URL whose origin the integration's config does not list (its credential would follow). */
function checkOrigin({ operation, allowedOrigins, credentials }: PerformRequestOptions, url: URL): void {
  if (!credentials || allowedOrigins?.has(url.origin)) return;
  throw new Error(
    `OpenAPI tool ${operation.slug} would call ${url.origin}, which is not one of the origins its integration ` +
      'was saved with (its baseUrl and document servers): the call was not sent.',
  );
}

export async function performRequest(options: PerformRequestOptions): Promise<OpenApiCallOutput> {
  const { operation, abortSignal, timeoutMs } = options;
  const url = buildUrl(options);
  checkOrigin(options, url);
  const { headers, body } = buildHeadersAndBody(options);
  applyCredentials({ credentials: options.credentials, headers, url });
  const method = operation.method.toUpperCase();
  const shownUrl = `${url.origin}${url.pathname}`;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = AbortSignal.any([abortSignal, timeout]);

  const failure = (error: unknown): unknown => {
    // The caller aborted (a run stopped): its reason, not a tool error of our own.
    if (abortSignal.aborted) return abortSignal.reason ?? error;
    if (timeout.aborted) {
      return new Error(`OpenAPI call ${operation.slug} (${method} ${shownUrl}) timed out after ${timeoutMs} ms.`, {
        cause: error,
      });
    }
    return new Error(`OpenAPI call ${operation.slug} (${method} ${shownUrl}) failed: ${reasonOf(error)}.`, {
      cause: error,
    });
  };

  let response: Response;
  try {
    response = await options.fetch(url, { method, headers, body, signal });
  } catch (error) {
    throw failure(error);
  }
  try {
    return await readResponse(response);
  } catch (error) {
    throw failure(error);
  }
}
