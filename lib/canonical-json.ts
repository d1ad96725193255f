/**
 * Canonical JSON: object keys sorted, no whitespace, `undefined` members dropped. Two values with
 * the same meaning give the same string, so it is what change detection, diffs and `configHash`
 * compare, and what snapshots are stored as (export can then reproduce them byte for byte). Free of
 * Node modules and of other modules, so the pure layers and the browser's rule linter use it too;
 * its hash is `configHash` (lib/versions/config-hash.ts).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonicalForm(value)) ?? 'null';
}

/**
 * A copy of a JSON value as its canonical JSON parses back: keys sorted, `undefined` members
 * dropped, `undefined` array items turned into `null`.
 */
export function canonicalForm<T>(value: T): T;
export function canonicalForm(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : canonicalForm(item)));
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) sorted[key] = canonicalForm(item);
  }
  return sorted;
}

/** Deep equality by canonical JSON (key order never matters; array order does). */
export function sameJson(left: unknown, right: unknown): boolean {
  // Text is the same JSON exactly when it is the same text, so it need not be written out.
  if (typeof left === 'string' || typeof right === 'string') return left === right;
  return canonicalJson(left) === canonicalJson(right);
}
