/**
 * What `web_fetch` hands the model from a fetched body: readable text. HTML becomes text through
 * `html-to-text` (links kept, made absolute against the page's URL, so the model can follow them;
 * images, scripts and styles left out), other text types are returned as they are, and binary
 * types are named so the tool can refuse them. Pure: bytes and headers in, text out.
 */

export type BodyKind = 'html' | 'text' | 'binary';

/** Media types outside `text/*` that are text all the same. */
const textApplicationTypes = new Set([
  'application/json',
  'application/ld+json',
  'application/xml',
  'application/javascript',
  'application/ecmascript',
  'application/x-javascript',
  'application/x-ndjson',
  'application/x-yaml',
  'application/yaml',
  'application/toml',
  'application/graphql',
  'application/sql',
  'application/csv',
  'application/x-www-form-urlencoded',
  'application/x-sh',
]);

/** Types servers send when they do not know better: the bytes decide. */
const undeclaredTypes = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/** `text/html; charset=utf-8` → `text/html`. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

function looksBinary(body: Uint8Array): boolean {
  const sample = body.subarray(0, 1024);
  return sample.includes(0);
}

function looksLikeHtml(body: Uint8Array): boolean {
  const start = Buffer.from(body.subarray(0, 512)).toString('utf8').trimStart().toLowerCase();
  return start.startsWith('<!doctype html') || start.startsWith('<html');
}

export function bodyKind({ contentType, body }: { contentType: string | undefined; body: Uint8Array }): BodyKind {
  const type = mediaType(contentType);
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type.startsWith('text/') || textApplicationTypes.has(type) || /\+(json|xml)$/.test(type)) return 'text';
  if (undeclaredTypes.has(type)) {
    if (looksBinary(body)) return 'binary';
    return looksLikeHtml(body) ? 'html' : 'text';
  }
  return 'binary';
}

const headings = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({
  selector,
  options: { uppercase: false },
}));

function absoluteLink(path: string, pageUrl: string): string {
  try {
    return new URL(path, pageUrl).href;
  } catch {
    return path;
  }
}

/**
 * Readable text of an HTML page; relative links are resolved against `pageUrl`. The converter is
 * loaded at the first page, not with the studio.
 */
export async function htmlToText({ html, pageUrl }: { html: string; pageUrl: string }): Promise<string> {
  const { convert } = await import('html-to-text');
  return convert(html, {
    // The model reads paragraphs, not a terminal: no hard line breaks inside them.
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { pathRewrite: (path: string) => absoluteLink(path, pageUrl) } },
      // Inline images are often `data:` URLs many kilobytes long, and the model cannot see them anyway.
      { selector: 'img', format: 'skip' },
      ...headings,
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    ],
  });
}

/**
 * Cuts `text` to at most `maxCharacters` (UTF-16 code units, JavaScript's `length`), without
 * leaving half of a surrogate pair at the end.
 */
export function cutText({ text, maxCharacters }: { text: string; maxCharacters: number }): {
  text: string;
  truncated: boolean;
} {
  if (text.length <= maxCharacters) return { text, truncated: false };
  let end = maxCharacters;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return { text: text.slice(0, end), truncated: true };
}
