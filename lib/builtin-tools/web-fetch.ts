/**
 * `web_fetch`: the model reads a web page. The model chooses the URL, so every request goes
 * through the outbound guard's model-chosen client (`lib/net`): http and https only, the literal
 * host, every DNS answer and every redirect checked against the address rules before anything
 * connects, at most 5 redirects, one 15 s budget for the whole answer. HTML comes back as readable
 * text, other text types as they are, binary types are refused. The content is cut at 100,000
 * characters (`truncated: true`). It never throws: every failure is a result the model reads,
 * `Failed to fetch URL: <url>: <what went wrong>`. See docs/security.md.
 *
 * The studio builds its own instance bound to its outbound client (its DNS settings and
 * `STUDIO_WEB_FETCH_ADDRESS_POLICY`); `webFetchTool`, used outside a studio, opens a guarded
 * client with the default rules for each call.
 */
import {
  createOutbound,
  describeUrl,
  OutboundError,
  remoteExcerpt,
  type Outbound,
  type OutboundResponse,
} from '../net';
import { callerAbortSignal, createTool, type Tool } from '../tools';
import { bodyKind, cutText, htmlToText, mediaType } from './page-text';
import { errorMessage } from '../errors';

export interface WebFetchResult {
  content: string;
  truncated: boolean;
  status: number;
  statusText: string;
  contentType: string | null;
  /** The URL that answered, after redirects. */
  url: string;
  ok: boolean;
}

export interface WebFetchFailure {
  content: string;
  isError: true;
}

export type WebFetchOutput = WebFetchResult | WebFetchFailure;

export const webFetchDefaults = Object.freeze({
  /** Connection, redirects, headers and body together. */
  timeoutMs: 15_000,
  /** Characters of content the model receives. */
  maxCharacters: 100_000,
  /**
   * Bytes downloaded at most: pages carry far more markup than text, so this is well above the
   * character limit; the rest of a larger body is never downloaded.
   */
  maxBodyBytes: 2 * 1024 * 1024,
});

export interface WebFetchToolOptions {
  /**
   * The outbound guard whose `modelChosen` client makes the requests (the studio passes its own).
   * Without it each call opens a guarded client with the default rules and closes it afterwards.
   */
  outbound?: Outbound;
  timeoutMs?: number;
  maxCharacters?: number;
}

const requestHeaders = {
  accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,application/json;q=0.9,*/*;q=0.5',
  'user-agent': 'AgentStudio-web_fetch/1.0',
};

const failure = (reason: string): WebFetchFailure => ({ content: `Failed to fetch URL: ${reason}`, isError: true });

const isFailure = (output: WebFetchOutput): output is WebFetchFailure => 'isError' in output && output.isError;

/** The URL as messages name it: without credentials or query string. */
function shownUrl(url: string): string {
  try {
    return describeUrl(new URL(url));
  } catch {
    return JSON.stringify(remoteExcerpt(url));
  }
}

function describeFailure({ url, error, signal }: { url: string; error: unknown; signal?: AbortSignal }): string {
  if (signal?.aborted) return `${shownUrl(url)}: the request was cancelled.`;
  if (error instanceof OutboundError) {
    if (error.failure === 'invalid_url' && !URL.canParse(url)) return `${shownUrl(url)} is not a valid URL.`;
    return `${shownUrl(url)}: ${error.message}`;
  }
  const message = errorMessage(error);
  return `${shownUrl(url)}: ${remoteExcerpt(message)}`;
}

/** The model's view of an answer: its text, or the reason it has none. */
export async function readAnswer({
  response,
  maxCharacters,
}: {
  response: OutboundResponse;
  maxCharacters: number;
}): Promise<WebFetchOutput> {
  const kind = bodyKind({ contentType: response.contentType, body: response.body });
  if (kind === 'binary')
    return failure(
      `${shownUrl(response.url)} answered with ${mediaType(response.contentType) || 'binary data'}, which is not text; web_fetch reads web pages and text only.`,
    );
  const decoded = response.text();
  const text = kind === 'html' ? await htmlToText({ html: decoded, pageUrl: response.url }) : decoded;
  const cut = cutText({ text, maxCharacters });
  return {
    content: cut.text,
    // A body cut by the download limit is incomplete even when its text fits.
    truncated: cut.truncated || response.truncated,
    status: response.status,
    statusText: response.statusText,
    contentType: response.contentType ?? null,
    url: response.url,
    ok: response.ok,
  };
}

export function createWebFetchTool(options: WebFetchToolOptions = {}): Tool<{ url: string }, WebFetchOutput> {
  const timeoutMs = options.timeoutMs ?? webFetchDefaults.timeoutMs;
  const maxCharacters = options.maxCharacters ?? webFetchDefaults.maxCharacters;
  return createTool({
    id: 'web_fetch',
    description:
      'Fetch a public web page (http or https) and read it as text. Returns the content (HTML turned into readable text, cut at 100,000 characters with truncated: true), the HTTP status and the final URL after redirects.',
    inputSchema: {
      type: 'object',
      properties: { url: { type: 'string', minLength: 1, maxLength: 8192, description: 'The http(s) URL to fetch.' } },
      required: ['url'],
      additionalProperties: false,
    },
    mcp: { annotations: { readOnlyHint: true, openWorldHint: true } },
    toModelOutput: (output: WebFetchOutput) =>
      isFailure(output) ? { type: 'error-text', value: output.content } : { type: 'json', value: output },
    execute: async (input, context): Promise<WebFetchOutput> => {
      const { url } = input as { url: string };
      const signal = callerAbortSignal(context);
      const outbound = options.outbound ?? createOutbound();
      try {
        const response = await outbound.modelChosen.request({
          url,
          headers: requestHeaders,
          timeoutMs,
          maxBodyBytes: webFetchDefaults.maxBodyBytes,
          signal,
        });
        return await readAnswer({ response, maxCharacters });
      } catch (error) {
        return failure(describeFailure({ url, error, signal }));
      } finally {
        if (!options.outbound) await outbound.close().catch(() => undefined);
      }
    },
  });
}

/** `web_fetch` outside a studio: each call uses a guarded client with the default rules. */
export const webFetchTool = createWebFetchTool();
