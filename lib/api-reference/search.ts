/**
 * The API reference's search: what each operation is found by (its summary, path, operationId
 * and tag) and which operations a query finds. Every word of the query must occur somewhere in
 * that text, in any order and case ("resolve the tools" finds "Resolve the tools of an agent").
 * Pure and small: the page's search box runs it in the browser.
 */
export interface SearchEntry {
  /** The element id of the operation's section (and of its entry in the table of contents). */
  anchor: string;
  tag: string;
  /** Lower-case text the words are looked for in. */
  text: string;
}

export function searchEntryOf(operation: {
  anchor: string;
  tag: string;
  summary: string;
  path: string;
  operationId: string;
  method: string;
}): SearchEntry {
  const { anchor, tag, summary, path, operationId, method } = operation;
  return { anchor, tag, text: [summary, method, path, operationId, tag].join(' ').toLowerCase() };
}

const wordsOf = (query: string) => query.toLowerCase().split(/\s+/).filter(Boolean);

/** The anchors of the operations a query finds; `undefined` when the query is empty (everything shows). */
export function matchingAnchors(entries: readonly SearchEntry[], query: string): Set<string> | undefined {
  const words = wordsOf(query);
  if (words.length === 0) return undefined;
  return new Set(
    entries.filter((entry) => words.every((word) => entry.text.includes(word))).map((entry) => entry.anchor),
  );
}

/** What the search's status says: "76 operations", "12 operations match", "1 operation matches", "No operation matches". */
export function matchCountText(matches: Set<string> | undefined, total: number): string {
  if (!matches) return `${total} ${total === 1 ? 'operation' : 'operations'}`;
  if (matches.size === 0) return 'No operation matches';
  return matches.size === 1 ? '1 operation matches' : `${matches.size} operations match`;
}
