/**
 * One-pass copies of plain data (plain objects, arrays and the leaves a caller accepts), used where
 * the general tools (`structuredClone`, a JSON round trip) cost several times more for the usual
 * small values. A value the copy does not take as plain gives `notPlain`, and the caller falls back
 * to the general tool, so the result is always what that tool would give.
 */
export const notPlain = Symbol('not plain data');

/** Deeper than this, a value is left to the general tool (which also reports cycles its own way). */
const maxDepth = 32;

export interface PlainCopyRules {
  /** A leaf (anything but an object) as it is copied, or `notPlain`. */
  leaf(value: unknown): unknown;
  /** Whether an object or array may be copied part by part. */
  acceptsObject(value: object): boolean;
  /** Freeze every copied object and array. */
  freeze: boolean;
}

/**
 * Sets an own, enumerable property, also for the key `__proto__`, which `=` would take as the
 * prototype (`defineProperty` keeps it an ordinary property, as JSON and structured clones do).
 */
export function setOwnProperty<T>(record: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__')
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}

export function copyPlain(value: unknown, rules: PlainCopyRules, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return rules.leaf(value);
  if (depth > maxDepth || !rules.acceptsObject(value)) return notPlain;
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array(value.length);
    for (let index = 0; index < value.length; index++) {
      const item = copyPlain(value[index], rules, depth + 1);
      if (item === notPlain) return notPlain;
      copy[index] = item;
    }
    return rules.freeze ? Object.freeze(copy) : copy;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return notPlain;
  const copy: Record<string, unknown> = {};
  for (const key in value) {
    const item = copyPlain((value as Record<string, unknown>)[key], rules, depth + 1);
    if (item === notPlain) return notPlain;
    setOwnProperty(copy, key, item);
  }
  return rules.freeze ? Object.freeze(copy) : copy;
}
