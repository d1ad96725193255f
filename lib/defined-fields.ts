/**
 * Optional fields have one idiom in lib/ (docs/architecture.md, "optional fields"): an absent value
 * is passed as `undefined` (`{ threadId: record.threadId }`), never spread in under a condition.
 * An object that leaves the process (an HTTP answer, a stream chunk, a stored document, a value
 * handed to code outside the studio) leaves absent fields out; it is built the same way and passed
 * through this function once, where it is made.
 */
export function definedFields<Fields extends object>(fields: Fields): Fields {
  const defined: Record<string, unknown> = {};
  // The fields of an object literal; `Object.entries` would allocate a pair per field, and a page
  // of listed runs builds one of these per row.
  for (const name in fields) {
    const value = fields[name];
    if (value !== undefined) defined[name] = value;
  }
  return defined as Fields;
}
