/**
 * `__proto__` as a key of a JSON body. `JSON.parse` keeps it as a plain property, but every copy a
 * schema or a spread makes assigns it, which sets the copy's prototype instead: the key and what it
 * holds vanish without a word (a `metadata.__proto__` saved as nothing). Such a body is refused.
 */
import { formatPath } from '../errors';

const reservedKey = '__proto__';

/** Where a parsed JSON value holds the key `__proto__` (the first place found), or undefined. */
export function reservedKeyPath(value: unknown, path: Array<string | number> = []): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = [...path, Array.isArray(value) ? Number(key) : key];
    if (key === reservedKey) return formatPath(at);
    const found = reservedKeyPath(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Whether a JSON text may hold the key at all: most bodies are spared the walk. */
export const mayHoldReservedKey = (text: string) => text.includes(`"${reservedKey}"`);
