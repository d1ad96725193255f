/**
 * `POST /api/agents/:id/resolve` answered straight from Node's request and response, for the
 * requests applications send on every model call. The Hono app costs several times what the
 * resolution itself does (a web `Request` and stream per body, the router, the validator layer),
 * so a well-formed request skips it: its body is read once, parsed once and checked with the same
 * zod schemas the route declares, and the answer is the route's own serialisation, kept per
 * memoised resolution (resolution-answers.ts).
 *
 * Anything else goes to the full app, which gives it the one answer it always gives: requests the
 * fast path does not take are handed over untouched, and one whose body it already read (not JSON,
 * not the schema, an unknown agent, any thrown error) is replayed through the app with that body.
 * So every error, header and status stays exactly the app's.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { allows, type Credentials } from '../auth/credentials';
import { exceedsJsonDepth, mayHoldReservedKey, setHeaderList, type HeaderList } from '../http';
import type { Runtime } from '../runtime';
import type { ApiApp } from './app';
import { createResolutionAnswers } from './resolution-answers';
import { agentIdParams } from './routes/agents-schemas';
import { resolveBodySchema, resolveRequest } from './routes/resolve';

const resolvePath = /^\/api\/agents\/([^/?#]+)\/resolve$/;
const jsonContentType = /^application\/json\s*(?:;\s*charset=utf-8\s*)?$/i;

export interface ResolveFastPath {
  /**
   * Takes the request (true) and answers it with the API's headers, or leaves it untouched for the
   * app (false).
   */
  handle(request: IncomingMessage, response: ServerResponse): boolean;
}

export function createResolveFastPath({
  api,
  runtime,
  bodyLimitBytes,
  admits,
  headers,
  credentials,
}: {
  api: ApiApp;
  runtime: Runtime;
  bodyLimitBytes: number;
  /**
   * With sign-in required: the request's key or session must allow resolving, or the app answers
   * it (401 or 403, worded by the access gate). Checked while the body arrives.
   */
  credentials?: Credentials | undefined;
  /** Whether the app's first checks (host, origin, CORS) would let the request through unchanged. */
  admits: (request: IncomingMessage) => boolean;
  /** Headers every API answer carries (the server sets them before the app answers the others). */
  headers: HeaderList;
}): ResolveFastPath {
  // An answer's headers in one flat list for a single writeHead; the last slot is its length.
  const okHeaders = [...headers.flat(), 'content-type', 'application/json', 'content-length', ''];
  const lengthSlot = okHeaders.length - 1;
  const answers = createResolutionAnswers();

  /** The full app's answer to a request whose body was already read. */
  async function replay(request: IncomingMessage, response: ServerResponse, body: Buffer) {
    setHeaderList(response, headers);
    const forwarded = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) forwarded.append(name, item);
    }
    const answer = await api.fetch(
      new Request(`http://${request.headers.host ?? '127.0.0.1'}${request.url}`, {
        method: 'POST',
        headers: forwarded,
        body: new Uint8Array(body),
      }),
      { incoming: request, outgoing: response },
    );
    response.statusCode = answer.status;
    answer.headers.forEach((value, name) => response.setHeader(name, value));
    response.end(Buffer.from(await answer.arrayBuffer()));
  }

  async function answer(
    request: IncomingMessage,
    response: ServerResponse,
    id: string,
    body: Buffer,
    allowed: Promise<boolean>,
  ) {
    try {
      if (!(await allowed)) return await replay(request, response, body);
      const text = body.toString('utf8');
      // Empty bodies, deep nesting, bad JSON and schema failures: the app words those errors.
      if (text.trim() === '' || exceedsJsonDepth(text) || mayHoldReservedKey(text))
        return await replay(request, response, body);
      const parsed = resolveBodySchema.safeParse(JSON.parse(text));
      const params = agentIdParams.safeParse({ id });
      // A draft is checked by the app (the editor scope, the save's checks) and never memoised.
      if (!parsed.success || !params.success || parsed.data.draft !== undefined)
        return await replay(request, response, body);
      const resolved = answers.bytes(await resolveRequest({ runtime, id: params.data.id, body: parsed.data }));
      // writeHead reads the list before it returns, so one list serves every answer.
      okHeaders[lengthSlot] = String(resolved.byteLength);
      response.writeHead(200, okHeaders);
      response.end(resolved);
    } catch {
      if (response.headersSent) return void response.destroy();
      await replay(request, response, body).catch(() => response.destroy());
    }
  }

  return {
    handle(request, response) {
      if (request.method !== 'POST') return false;
      const match = resolvePath.exec(request.url ?? '');
      if (!match) return false;
      const { headers } = request;
      const declared = headers['content-length'];
      if (declared === undefined || headers['transfer-encoding'] !== undefined) return false;
      if (Number(declared) > bodyLimitBytes || !jsonContentType.test(headers['content-type'] ?? '')) return false;
      if (!admits(request)) return false;
      // Without any credentials the app answers 401 before reading the body.
      if (credentials && headers.authorization === undefined && headers.cookie === undefined) return false;
      let id: string;
      try {
        id = decodeURIComponent(match[1]!);
      } catch {
        return false;
      }
      const allowed = credentials
        ? credentials
            .identify({ authorization: headers.authorization, cookie: headers.cookie })
            .then((principal) => principal !== undefined && allows(principal, 'runtime'))
            // A check that failed is left to the app, which answers it in its own words.
            .catch(() => false)
        : Promise.resolve(true);
      // Bodies this small come in one chunk; more are joined.
      let first: Buffer | undefined;
      let chunks: Buffer[] | undefined;
      request.on('data', (chunk: Buffer) => {
        if (first === undefined) first = chunk;
        else (chunks ??= [first]).push(chunk);
      });
      request.on('end', () => {
        const body = chunks ? Buffer.concat(chunks) : (first ?? Buffer.alloc(0));
        void answer(request, response, id, body, allowed);
      });
      request.on('error', () => response.destroy());
      return true;
    },
  };
}
