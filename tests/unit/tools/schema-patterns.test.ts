import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createTool,
  findSchemaPatterns,
  findUnsupportedPatterns,
  linearRegExp,
  ToolDefinitionError,
  UnsupportedPatternError,
  withoutUnsupportedPatterns,
} from '@/lib/tools';
import { createJsonSchemaValidator } from '@/lib/tools/json-schema-validator';
import { catastrophicPattern } from '../../support/bounded-patterns';
import { callWithTimeLimit } from '../../support/time-limited-call';

describe('patterns RE2 cannot run', () => {
  it(
    'are refused before a 30-character input can hold the thread (JavaScript took 35 s)',
    { timeout: 30_000 },
    async () => {
      const result = await callWithTimeLimit({
        module: 'tests/support/bounded-patterns.ts',
        exportName: 'validateAgainstPattern',
        args: [catastrophicPattern, `${'a'.repeat(30)}b`],
        timeLimitMs: 10_000,
      });
      expect(result).toMatchObject({
        outcome: 'threw',
        message: expect.stringContaining(`the pattern "${catastrophicPattern}" at pattern cannot run on RE2`),
      });
    },
  );

  it.each(['^(?=a)', '(?!b)c', '(?<=x)y', '(?<!x)y', '^(a)\\1$', '(?<name>a)\\k<name>'])(
    'refuses %s in the regular-expression engine itself',
    (pattern) => {
      expect(() => linearRegExp(pattern, 'u')).toThrow(UnsupportedPatternError);
    },
  );

  it.each([
    ['^[a-z]+$', 'abc', true],
    ['^\\u00e9+$', 'éé', true],
    ['^\\u{1F600}$', '😀', true],
    ['^\\\\u0041$', '\\u0041', true],
    ['^(a|a)*$', `${'a'.repeat(5_000)}!`, false],
    ['\\d{3}', 'ab123', true],
  ])('runs %s on RE2', (pattern, input, expected) => {
    expect(linearRegExp(pattern, 'u').test(input)).toBe(expected);
  });

  it('refuse a code tool at definition, naming the tool, the schema and the place', () => {
    const define = () =>
      createTool({
        id: 'codes',
        description: 'Looks codes up',
        outputSchema: { type: 'object', patternProperties: { '^(?!x)': { type: 'string' } } },
      });
    expect(define).toThrow(ToolDefinitionError);
    expect(define).toThrow(
      /Tool codes: outputSchema .*"\^\(\?!x\)" at patternProperties\.\^\(\?!x\) cannot run on RE2/,
    );
  });
});

describe('patterns RE2 can run', () => {
  it('check a value only as long as the pattern can check quickly, and say so instead of stalling', () => {
    // About 5,000 instructions: a 100 KB value took RE2 ten seconds.
    const pattern = `${'(?:x|[\\s\\S]{1000})'.repeat(5)}$`;
    const validate = createJsonSchemaValidator({ type: 'object', properties: { s: { type: 'string', pattern } } });
    const started = performance.now();
    const long = validate({ s: 'a'.repeat(100_000) });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(long).toEqual({
      success: false,
      issues: [
        {
          path: [],
          message: expect.stringMatching(
            /^A value of 100,000 characters is too long to check against the pattern .*, which can check values up to 3,989 characters\.$/,
          ),
        },
      ],
    });
    expect(validate({ s: 'x'.repeat(3_000) }).success).toBe(true);
    // A small pattern checks values as long as a request may be.
    expect(createJsonSchemaValidator({ type: 'string', pattern: '^[a-z]+$' })('a'.repeat(1_000_000)).success).toBe(
      true,
    );
  });
});

describe('finding the patterns of a schema', () => {
  const schema = {
    type: 'object',
    properties: {
      pattern: { type: 'string', pattern: '^p$' },
      default: { type: 'string', pattern: '(?=d)' },
      list: { type: 'array', items: [{ pattern: '^i$' }], prefixItems: [{ pattern: '(a)\\1' }] },
    },
    patternProperties: { '^x-': { pattern: '^v$' } },
    $defs: { const: { anyOf: [{ pattern: '^c$' }] } },
    default: { pattern: '(?=not-a-schema)' },
    examples: [{ pattern: '(?=nor-this)' }],
    'x-vendor': { pattern: '(?=nor-this)' },
  };

  it('finds pattern values and patternProperties keys, and skips data and extensions', () => {
    expect(findSchemaPatterns(schema).map(({ path, pattern }) => [path.join('.'), pattern])).toEqual([
      ['properties.pattern.pattern', '^p$'],
      ['properties.default.pattern', '(?=d)'],
      ['properties.list.items.0.pattern', '^i$'],
      ['properties.list.prefixItems.0.pattern', '(a)\\1'],
      ['patternProperties.^x-', '^x-'],
      ['patternProperties.^x-.pattern', '^v$'],
      ['$defs.const.anyOf.0.pattern', '^c$'],
    ]);
  });

  it('drops only the ones RE2 cannot run, from a copy', () => {
    const copy = structuredClone(schema);
    const { schema: kept, dropped } = withoutUnsupportedPatterns(schema);
    expect(dropped.map(({ path }) => path.join('.'))).toEqual([
      'properties.default.pattern',
      'properties.list.prefixItems.0.pattern',
    ]);
    expect(schema).toEqual(copy);
    expect(findUnsupportedPatterns(kept)).toEqual([]);
    expect(findSchemaPatterns(kept)).toHaveLength(5);
    expect(kept.default).toEqual(schema.default);
  });
});

/** Pattern text with the constructs RE2 refuses mixed in, and plain strings. */
const patternText = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '(?=',
          '(?!',
          '(?<=',
          '(?<!',
          '\\1',
          '\\k<n>',
          '(?<n>',
          ')',
          '(',
          'a',
          'a+',
          '*',
          '|',
          '$',
          '^',
        ),
        fc.constantFrom('[a-z]', '\\d', '\\u00e9', '.', '{2,}', '?', '\\', '[', ']'),
      ),
      { maxLength: 12 },
    )
    .map((parts) => parts.join('')),
);

describe('schema patterns (property)', () => {
  it('are refused when the validator is made, or run on RE2: never on JavaScript’s engine', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(patternText, fc.string({ maxLength: 40 }), fc.boolean(), (pattern, input, asKey) => {
        const schema = asKey
          ? { type: 'object', patternProperties: { [pattern]: { type: 'number' } } }
          : { type: 'string', pattern };
        const built: string[] = [];
        const NativeRegExp = globalThis.RegExp;
        globalThis.RegExp = new Proxy(NativeRegExp, {
          construct(target, args: [string | RegExp, string?]) {
            built.push(String(args[0] instanceof NativeRegExp ? args[0].source : args[0]));
            return new target(...args);
          },
          apply(target, _this, args: [string | RegExp, string?]) {
            built.push(String(args[0] instanceof NativeRegExp ? args[0].source : args[0]));
            return target(...args);
          },
        });
        try {
          let validate: ReturnType<typeof createJsonSchemaValidator>;
          try {
            validate = createJsonSchemaValidator(schema);
          } catch (error) {
            // A refusal names the pattern (or is ajv's own schema check).
            expect(String(error)).toMatch(/cannot run on RE2|must be|schema/);
            return;
          }
          const result = validate(asKey ? { [input]: input } : input);
          expect(typeof result.success).toBe('boolean');
        } finally {
          globalThis.RegExp = NativeRegExp;
        }
        expect(built).not.toContain(pattern);
      }),
      { numRuns: 500 },
    );
  });
});
