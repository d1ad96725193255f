/**
 * PURE: whether a tool call's arguments match the partial object an expectation gives, and how to
 * say a call's arguments in a sentence. Objects match partially at every depth (each key given must
 * be there and match); anything else (arrays, strings, numbers) must be the same canonical JSON.
 */
import { canonicalJson } from '../versions';
import { isRecord } from '../is-record';

export function matchesPartially(expected: unknown, actual: unknown): boolean {
  if (isRecord(expected))
    return (
      isRecord(actual) &&
      Object.entries(expected).every(([key, value]) => key in actual && matchesPartially(value, actual[key]))
    );
  return canonicalJson(expected) === canonicalJson(actual);
}

/** Longer values are cut here in sentences: a detail is read, not parsed. */
const shownLength = 120;

/** A value as a sentence shows it: its JSON, cut when long. */
export function shown(value: unknown): string {
  const text = canonicalJson(value);
  return text.length > shownLength ? `${text.slice(0, shownLength)}…` : text;
}

/** `city "Paris", days 3`: the keys of `keys` as `actual` has them (`city missing` when it lacks one). */
export function describeArgs(keys: Record<string, unknown>, actual: unknown): string {
  const names = Object.keys(keys);
  if (names.length === 0) return 'no arguments';
  return names
    .map((name) => (isRecord(actual) && name in actual ? `${name} ${shown(actual[name])}` : `${name} missing`))
    .join(', ');
}
