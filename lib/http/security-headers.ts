/**
 * Response headers that keep browsers from misusing what the server sends: no framing (clickjacking),
 * no content sniffing, no referrer leaks, and for pages a Content-Security-Policy whose scripts must
 * come from this origin or carry the per-request nonce Next stamps on its own inline scripts.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

export type HeaderList = ReadonlyArray<readonly [string, string]>;

/** Sets every header of a list on a response that has not been written yet. */
export function setHeaderList(response: ServerResponse, headers: HeaderList): void {
  for (const [name, value] of headers) response.setHeader(name, value);
}

const common: HeaderList = [
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
];

/** JSON answers render nothing: the strictest policy. */
export const apiSecurityHeaders: HeaderList = [
  ...common,
  ['Referrer-Policy', 'no-referrer'],
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
];

export function createScriptNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The page policy. Next reads the nonce back from the request's `content-security-policy` header
 * and puts it on the inline scripts it renders; the development server also needs `eval` and its
 * hot-reload socket.
 */
export function pageContentSecurityPolicy({ nonce, development }: { nonce: string; development: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${development ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${development ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const pageSecurityHeaders: HeaderList = [...common, ['Referrer-Policy', 'same-origin']];
