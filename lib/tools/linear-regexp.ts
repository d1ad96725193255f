/**
 * The regular-expression engine JSON Schema `pattern`s run on. Schemas come from MCP servers and
 * OpenAPI documents, which anyone can write, so a pattern must not be able to stall the server
 * (catastrophic backtracking): patterns run on RE2 (the `re2js` port, linear time in the input).
 * The few patterns RE2 cannot express (look-arounds, back-references) fall back to JavaScript's
 * engine on inputs of at most `fallbackInputLimit` characters; longer inputs fail the check.
 */
import { RE2JS } from 're2js';

interface RegExpLike {
  test(input: string): boolean;
  toString(): string;
}

export const fallbackInputLimit = 256;

function compile(pattern: string, flags: string): RegExpLike {
  // ajv keys compiled patterns by `toString()`: it must differ per pattern, as a RegExp's does.
  const toString = () => `/${pattern}/${flags}`;
  try {
    const expression = RE2JS.compile(pattern, flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0);
    return { test: (input) => expression.matcher(input).find(), toString };
  } catch {
    // Throws like ajv expects when the pattern is not a regular expression at all.
    const native = new RegExp(pattern, flags);
    return { test: (input) => input.length <= fallbackInputLimit && native.test(input), toString };
  }
}

/** An ajv `code.regExp` engine: ajv calls it while compiling a schema, once per pattern. */
export const linearRegExp = Object.assign(
  (pattern: string, flags: string): RegExpLike => compile(pattern, flags),
  // Only used by ajv's standalone code generation, which this app does not use.
  { code: 'linearRegExp' },
);
