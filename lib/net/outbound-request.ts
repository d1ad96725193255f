/**
 * One bounded request, for callers that want an answer rather than a stream (`web_fetch`, document
 * downloads): the guarded fetch plus an overall timeout, the caller's abort signal and a body read
 * up to a byte limit (the rest is never downloaded). Failures are `OutboundError`s with a message
 * fit for a model; an abort by the caller rejects with the signal's reason.
 */
import type { FetchFunction } from './guarded-fetch';
import { OutboundError } from './outbound-error';

export interface OutboundRequest {
  url: string | URL;
  method?: string;
  headers?: HeadersInit;
  body?: string | Uint8Array;
  /** The caller's signal (a run stopping); rejects with its reason. */
  signal?: AbortSignal;
  /** Headers, redirects and body together (default 15 s). */
  timeoutMs?: number;
  /** Bytes of body kept (default 1 MiB); `truncated` says when there was more. */
  maxBodyBytes?: number;
}

export interface OutboundResponse {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  statusText: string;
  ok: boolean;
  headers: Record<string, string>;
  contentType: string | undefined;
  body: Uint8Array;
  truncated: boolean;
  /** The body decoded with its declared charset (UTF-8 when none or unknown). */
  text(): string;
}

export const defaultOutboundTimeoutMs = 15_000;
export const defaultMaxBodyBytes = 1024 * 1024;

async function readCapped(body: ReadableStream<Uint8Array> | null, limit: number) {
  if (!body) return { bytes: new Uint8Array(0), truncated: false };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: Buffer.concat(chunks, size), truncated: false };
    if (size + value.byteLength > limit) {
      chunks.push(value.subarray(0, limit - size));
      await reader.cancel().catch(() => undefined);
      return { bytes: Buffer.concat(chunks, limit), truncated: true };
    }
    chunks.push(value);
    size += value.byteLength;
  }
}

function decoderFor(contentType: string | undefined): TextDecoder {
  const charset = /charset="?([\w-]+)"?/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}

export async function performOutboundRequest(
  fetch: FetchFunction,
  request: OutboundRequest,
): Promise<OutboundResponse> {
  const timeoutMs = request.timeoutMs ?? defaultOutboundTimeoutMs;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const timedOut = (error: unknown) => {
    if (request.signal?.aborted) return request.signal.reason ?? error;
    if (timeout.aborted)
      return new OutboundError({
        failure: 'timeout',
        message: `No complete answer within ${timeoutMs} ms.`,
        cause: error,
      });
    return error;
  };
  try {
    const response = await fetch(request.url, {
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body as BodyInit | undefined,
      signal,
    });
    const { bytes, truncated } = await readCapped(response.body, request.maxBodyBytes ?? defaultMaxBodyBytes);
    const contentType = response.headers.get('content-type') ?? undefined;
    return {
      url: response.url || String(request.url),
      status: response.status,
      statusText: response.statusText,
      ok: response.ok,
      headers: Object.fromEntries(response.headers),
      contentType,
      body: bytes,
      truncated,
      text: () => decoderFor(contentType).decode(bytes),
    };
  } catch (error) {
    throw timedOut(error);
  }
}
