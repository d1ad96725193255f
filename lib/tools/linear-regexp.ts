/**
 * The regular-expression engine JSON Schema `pattern`s run on. Schemas come from MCP servers and
 * OpenAPI documents, which anyone can write, so a pattern must not be able to stall the server
 * (catastrophic backtracking): patterns run on RE2 (the `re2js` port, linear time in the input) and
 * nowhere else. A pattern RE2 cannot run (look-arounds, back-references) is refused where schemas
 * come in (schema-patterns.ts); should one still reach ajv, compiling its schema fails.
 */
import { RE2JS } from 're2js';
import { errorMessage } from '../errors';

interface RegExpLike {
  test(input: string): boolean;
  toString(): string;
}

/**
 * JavaScript's `\uXXXX` and `\u{X…}` escapes (common in JSON Schema patterns) as RE2's `\x{…}`;
 * every other escape, `\\` included, is left as written.
 */
function toRe2Syntax(pattern: string): string {
  return pattern.replace(/\\(?:u([0-9a-fA-F]{4})|u\{([0-9a-fA-F]{1,6})\}|[\s\S])/g, (escape, four, braced) =>
    four !== undefined || braced !== undefined ? `\\x{${four ?? braced}}` : escape,
  );
}

/** RE2's reason for refusing a pattern, or `undefined` when RE2 can run it. */
export function re2Problem(pattern: string): string | undefined {
  try {
    RE2JS.compile(toRe2Syntax(pattern));
    return undefined;
  } catch (error) {
    return errorMessage(error);
  }
}

export class UnsupportedPatternError extends Error {
  constructor(
    readonly pattern: string,
    reason: string,
  ) {
    super(
      `The pattern ${JSON.stringify(pattern)} cannot run on RE2, the linear-time engine schema patterns use ` +
        `(look-arounds and back-references are not supported): ${reason}`,
    );
    this.name = 'UnsupportedPatternError';
  }
}

/**
 * The most steps one pattern test may take, counted as RE2 does its work: the pattern's compiled
 * instructions times the input's length (well under a tenth of a second). Linear time is still time: a
 * pattern of a few thousand instructions (`(?:x|[\s\S]{1000}){5}$`) against a 100 KB value held
 * the server for ten seconds.
 */
export const maxPatternSteps = 20_000_000;

/** A value too long to check against its pattern within `maxPatternSteps`. */
export class PatternTooCostlyError extends Error {
  constructor(pattern: string, longest: number, length: number) {
    super(
      `A value of ${length.toLocaleString('en')} characters is too long to check against the pattern ` +
        `${JSON.stringify(pattern)}, which can check values up to ${longest.toLocaleString('en')} characters.`,
    );
    this.name = 'PatternTooCostlyError';
  }
}

/** How many instructions RE2 runs per input character (its compiled program's size). */
function instructionsOf(expression: RE2JS): number {
  const program = (expression as unknown as { re2?: () => { prog?: { numInst?: () => number } } }).re2?.().prog;
  return Math.max(1, program?.numInst?.() ?? 1);
}

function compile(pattern: string, flags: string): RegExpLike {
  let expression: RE2JS;
  try {
    expression = RE2JS.compile(toRe2Syntax(pattern), flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (error) {
    throw new UnsupportedPatternError(pattern, errorMessage(error));
  }
  const longest = Math.floor(maxPatternSteps / instructionsOf(expression));
  return {
    test: (input) => {
      if (input.length > longest) throw new PatternTooCostlyError(pattern, longest, input.length);
      return expression.matcher(input).find();
    },
    // ajv keys compiled patterns by `toString()`: it must differ per pattern, as a RegExp's does.
    toString: () => `/${pattern}/${flags}`,
  };
}

/** An ajv `code.regExp` engine: ajv calls it while compiling a schema, once per pattern. */
export const linearRegExp = Object.assign(
  (pattern: string, flags: string): RegExpLike => compile(pattern, flags),
  // Only used by ajv's standalone code generation, which this app does not use.
  { code: 'linearRegExp' },
);
