/**
 * The API reference page's renderer (Scalar's browser bundle, an npm dependency) served by this
 * server from node_modules: the page loads nothing from another host, and the bundle is a script
 * from this origin, which the page's Content-Security-Policy already allows (`script-src 'self'`).
 */
import { createReadStream, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';

export const apiReferenceBundlePath = '/api-reference/standalone.js';

/** A week; the ETag (size and modification time) lets a browser revalidate after an upgrade. */
const cacheControl = 'public, max-age=604800';

/** Where the installed `@scalar/api-reference` keeps its self-contained browser build (`root`: the package's folder). */
export function apiReferenceBundleFile(root: string): string {
  return join(root, 'node_modules', '@scalar', 'api-reference', 'dist', 'browser', 'standalone.js');
}

/** Answers a request for the bundle (true), or leaves every other request alone (false). */
export function serveApiReferenceBundle(
  { file }: { file: string },
  request: IncomingMessage,
  response: ServerResponse,
): boolean {
  const path = (request.url ?? '/').split('?')[0];
  if (path !== apiReferenceBundlePath) return false;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
    response.end('Method not allowed');
    return true;
  }
  let size: number;
  let modified: number;
  try {
    ({ size, mtimeMs: modified } = statSync(file));
  } catch {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    response.end('The API reference renderer is not installed (@scalar/api-reference).');
    return true;
  }
  const etag = `"${size.toString(16)}-${Math.trunc(modified).toString(16)}"`;
  const headers = { 'cache-control': cacheControl, etag };
  if (request.headers['if-none-match'] === etag) {
    response.writeHead(304, headers);
    response.end();
    return true;
  }
  response.writeHead(200, {
    ...headers,
    'content-type': 'text/javascript; charset=utf-8',
    'content-length': String(size),
  });
  if (request.method === 'HEAD') response.end();
  else createReadStream(file).pipe(response);
  return true;
}
