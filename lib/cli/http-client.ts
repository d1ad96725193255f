/**
 * How CLI commands talk to a running server. Network failures become exit code 2 with a message
 * saying how to start the server; API errors are printed in their own words.
 */
import { CliError, exitCodes } from './io';

export interface ApiClient {
  url: string;
  request(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  /** POSTs a JSON body asking for Server-Sent Events; the response is handed back unread. */
  postForEvents(path: string, body: unknown): Promise<Response>;
}

export interface ApiErrorBody {
  error: { code: string; message: string; details?: { issues?: Array<{ path: string; message: string }> } };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as ApiErrorBody).error?.code === 'string'
  );
}

/** Exit code 2 with how to start the server, for a request that never reached it. */
export function unreachable(base: string, error: unknown): CliError {
  const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
  return new CliError(
    `Cannot reach the Agent Studio server at ${base} (${reason}).\n` +
      'Start it with `npm start` in the project folder, or point the CLI at a running server with --url or STUDIO_URL.',
    exitCodes.unreachable,
  );
}

export function createApiClient({ url, apiKey }: { url: string; apiKey?: string }): ApiClient {
  const base = url.replace(/\/+$/, '');
  const authorization: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  return {
    url: base,
    async postForEvents(path, body) {
      try {
        return await fetch(base + path, {
          method: 'POST',
          headers: { accept: 'text/event-stream', 'content-type': 'application/json', ...authorization },
          body: JSON.stringify(body),
        });
      } catch (error) {
        throw unreachable(base, error);
      }
    },
    async request(method, path, body) {
      let response: Response;
      try {
        response = await fetch(base + path, {
          method,
          headers: {
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...authorization,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (error) {
        throw unreachable(base, error);
      }
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // Non-JSON answers are passed on as text.
      }
      if (response.status === 401 || response.status === 403) {
        const message = isApiErrorBody(parsed) ? parsed.error.message : `HTTP ${response.status}`;
        throw new CliError(
          `Not authorised: ${message}\nPass an API key with --key or STUDIO_API_KEY.`,
          exitCodes.unauthorized,
        );
      }
      return { status: response.status, body: parsed };
    },
  };
}

/** Turns an API error answer into a CLI error listing every issue. */
export function apiFailure(body: unknown, status: number): CliError {
  if (!isApiErrorBody(body)) return new CliError(`The server answered HTTP ${status}.`, exitCodes.badInput);
  const issues = body.error.details?.issues ?? [];
  const lines = [body.error.message, ...issues.map((issue) => `- ${issue.path}: ${issue.message}`)];
  return new CliError(lines.join('\n'), exitCodes.badInput);
}
