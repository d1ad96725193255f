/**
 * Requests refused before any handler runs, answered in the API's JSON error shape rather than a
 * bare status with no body:
 * - by Node's HTTP parser: a request line plus headers over its `maxHeaderSize` (16 KiB by default:
 *   a long URL counts), or a request that is not HTTP (the server's `clientError` listener, Node's
 *   documented way to answer them);
 * - by the layer that turns Node's request into a web `Request` for the API (`@hono/node-server`):
 *   a `Host` it cannot read as a host name (`bad host`, `[::ffff:127.0.0.1]`) or a target it
 *   refuses (`unreadableRequestAnswer`, its error handler).
 */
import type { Duplex } from 'node:stream';
import { errorBody, type ErrorCode } from '../errors';
import type { Logger } from '../logger';

/** The parser's error codes for a request head over the limit. */
const headerOverflowCodes = new Set(['HPE_HEADER_OVERFLOW', 'HPE_URI_TOO_LONG']);

function rawJsonResponse(status: number, reason: string, code: ErrorCode, message: string): string {
  const body = JSON.stringify(errorBody(code, message));
  return [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** What to send for a parser error (`maxHeaderSize` is the server's limit, for the message). */
export function clientErrorResponse(error: { code?: string }, { maxHeaderSize }: { maxHeaderSize: number }): string {
  if (headerOverflowCodes.has(error.code ?? ''))
    return rawJsonResponse(
      431,
      'Request Header Fields Too Large',
      'request_header_fields_too_large',
      `The request line and headers together are larger than the limit of ${maxHeaderSize} bytes; send a shorter URL (a body for long values) or fewer headers.`,
    );
  return rawJsonResponse(400, 'Bad Request', 'invalid_input', 'The request is not valid HTTP.');
}

/** The `clientError` listener: answers in JSON when the socket can still take an answer. */
export function answerClientError(
  error: Error & { code?: string },
  socket: Duplex,
  { maxHeaderSize }: { maxHeaderSize: number },
): void {
  // A reset or a socket already answered: nothing can be sent.
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(clientErrorResponse(error, { maxHeaderSize }));
}

/**
 * The API listener's error handler. A request its HTTP layer could not turn into a web `Request`
 * (`RequestError`: a Host it cannot read as a host name, a target it refuses) is a 400 that says
 * what could not be read; anything else (the app answers its own errors, so this would be a bug in
 * the layer) a 500 with no details, as the app's own unexpected errors are.
 */
export function unreadableRequestAnswer(error: unknown, logger: Pick<Logger, 'error'>): Response {
  if (!(error instanceof Error) || error.name !== 'RequestError') {
    logger.error('The API could not answer a request', { error });
    const body = errorBody('internal_error', 'The server could not answer this request; the details were logged.');
    return Response.json(body, { status: 500 });
  }
  const reason = error.message.toLowerCase();
  const message = `The request's Host header and path do not make a URL this server can read (${reason}); send a Host header naming this server and a path starting with "/".`;
  return Response.json(errorBody('invalid_input', message), { status: 400 });
}
