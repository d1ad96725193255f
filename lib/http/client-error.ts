/**
 * Requests Node's HTTP parser refuses before any handler runs: a request line plus headers over
 * its `maxHeaderSize` (16 KiB by default: a long URL counts), or a request that is not HTTP. Node
 * would answer a bare 431 or 400 with no body; with a `clientError` listener the server answers
 * them in the API's JSON error shape instead (Node's documented way to do so).
 */
import type { Duplex } from 'node:stream';
import { errorBody, type ErrorCode } from '../errors';

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
