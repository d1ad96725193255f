/**
 * The id in a page's `[id]` segment. Next hands it over still percent-encoded; a malformed escape
 * is kept as typed, so the page answers 404 for it instead of failing.
 */
export function idParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
