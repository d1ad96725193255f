import type { StandardSchemaV1 } from '@standard-schema/spec';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatIssuePath, normalizeSchema, ToolDefinitionError } from '@/lib/tools';
import { schemaKinds, validOrder } from './schema-fixtures';

const normalize = (schema: unknown) => normalizeSchema({ schema, toolId: 'demo-tool', role: 'inputSchema' });

function formattedPaths(result: ReturnType<ReturnType<typeof normalize>['validate']>): string[] {
  return result.success ? [] : result.issues.map((issue) => formatIssuePath(issue.path));
}

describe.each(schemaKinds)('normalizeSchema with $library', ({ order, options, text }) => {
  it('exposes the JSON Schema of the accepted input with its properties and required fields', () => {
    const { jsonSchema } = normalize(order);
    expect(jsonSchema.type).toBe('object');
    expect(Object.keys(jsonSchema.properties as object).sort()).toEqual([
      'address',
      'customer',
      'items',
      'note',
      'priority',
    ]);
    expect(jsonSchema.required).toEqual(['customer', 'items']);
  });

  it("answers a valid value with the schema's output, defaults filled in", () => {
    expect(normalize(order).validate(validOrder)).toEqual({ success: true, value: { ...validOrder, priority: 'low' } });
  });

  it('does not modify the value it validates', () => {
    const value = structuredClone(validOrder);
    normalize(order).validate(value);
    expect(value).toEqual(validOrder);
  });

  it('reports every problem with a dotted path including array indices', () => {
    const result = normalize(order).validate({ customer: 7, items: [{ sku: 'A' }, { sku: 'B', tags: 'red' }] });
    expect(formattedPaths(result).sort()).toEqual(['customer', 'items.1.tags']);
    if (!result.success) for (const issue of result.issues) expect(issue.message).not.toBe('');
  });

  it('reports a missing required property at the property itself', () => {
    expect(formattedPaths(normalize(order).validate({ items: [] }))).toEqual(['customer']);
  });

  it('reports a failure of the value itself at root', () => {
    expect(formattedPaths(normalize(text).validate(42))).toEqual(['root']);
    expect(formattedPaths(normalize(options).validate('not an object'))).toEqual(['root']);
  });
});

describe('normalizeSchema: what it accepts and rejects at creation', () => {
  it('rejects a plain Valibot schema (no JSON Schema converter) and says how to wrap it', () => {
    const create = () => normalize(v.object({ city: v.string() }));
    expect(create).toThrow(ToolDefinitionError);
    expect(create).toThrow(
      /Tool demo-tool: inputSchema is a Standard Schema from "valibot" without a JSON Schema converter/,
    );
    expect(create).toThrow(/toStandardJsonSchema\(schema\) from '@valibot\/to-json-schema'/);
  });

  it('rejects a validator declared async', () => {
    const asyncSchema = {
      '~standard': {
        version: 1,
        vendor: 'custom',
        validate: async (value: unknown) => ({ value }),
        jsonSchema: { input: () => ({ type: 'string' }), output: () => ({ type: 'string' }) },
      },
    };
    expect(() => normalize(asyncSchema)).toThrow(/validates asynchronously.*must validate synchronously/s);
  });

  it('rejects an async Valibot schema, which answers every value with a promise', () => {
    const schema = toStandardJsonSchema(v.objectAsync({ city: v.string() }) as never) as unknown;
    expect(() => normalize(schema)).toThrow(/validates asynchronously/);
  });

  it('rejects an async refinement when a value reaches it (the call fails with the same message)', () => {
    const schema = normalize(z.object({ city: z.string().refine(async () => true) }));
    expect(() => schema.validate({ city: 'Paris' })).toThrow(/Tool demo-tool: inputSchema validates asynchronously/);
  });

  it('rejects a schema its library cannot convert to JSON Schema, naming the reason', () => {
    expect(() => normalize(z.date())).toThrow(/Tool demo-tool: inputSchema cannot be converted to JSON Schema \(.+\)/);
  });

  it.each([
    ['an array', [{ type: 'string' }], /got an array/],
    ['a string', 'string', /got string/],
    ['a number', 5, /got number/],
    ['null', null, /got object/],
  ])('rejects %s as a schema', (_name, schema, message) => {
    expect(() => normalize(schema)).toThrow(message);
  });

  it('rejects an invalid JSON Schema with ajv’s reason', () => {
    expect(() => normalize({ type: 'no-such-type' })).toThrow(
      /Tool demo-tool: inputSchema is not a valid JSON Schema: /,
    );
  });

  it('accepts a Standard Schema that is a function (ArkType types are callable)', async () => {
    const { type } = await import('arktype');
    const schema = type({ city: 'string' });
    expect(typeof schema).toBe('function');
    expect(normalize(schema).validate({ city: 'Oslo' })).toEqual({ success: true, value: { city: 'Oslo' } });
  });

  it('validates a Standard JSON Schema without its own validator through its JSON Schema', () => {
    const schema = {
      '~standard': {
        version: 1,
        vendor: 'types-only',
        jsonSchema: { input: () => ({ type: 'object', properties: { n: { type: 'number', default: 1 } } }) },
      },
    };
    const normalized = normalize(schema);
    expect(normalized.validate({})).toEqual({ success: true, value: { n: 1 } });
    expect(formattedPaths(normalized.validate({ n: 'x' }))).toEqual(['n']);
  });

  it('asks the converter for draft 2020-12', () => {
    const targets: string[] = [];
    const schema = {
      '~standard': {
        version: 1,
        vendor: 'recording',
        validate: (value: unknown): StandardSchemaV1.Result<unknown> => ({ value }),
        jsonSchema: {
          input: ({ target }: { target: string }) => (targets.push(target), { type: 'object' }),
          output: () => ({}),
        },
      },
    };
    normalize(schema);
    expect(targets).toEqual(['draft-2020-12']);
  });

  it.each([
    ['draft-07', 'http://json-schema.org/draft-07/schema#'],
    ['draft 2020-12', 'https://json-schema.org/draft/2020-12/schema'],
    ['draft-04 (validated as 2020-12 without the declaration)', 'http://json-schema.org/draft-04/schema#'],
  ])('validates a plain JSON Schema declaring %s', (_name, declaration) => {
    const normalized = normalize({
      $schema: declaration,
      type: 'object',
      properties: { n: { type: 'number' } },
      required: ['n'],
    });
    expect(normalized.validate({ n: 1 }).success).toBe(true);
    expect(formattedPaths(normalized.validate({}))).toEqual(['n']);
    expect(normalized.jsonSchema.$schema).toBe(declaration);
  });

  it('lets two tools declare JSON Schemas with the same $id', () => {
    const schema = () => ({ $id: 'https://example.com/args', type: 'object', properties: { a: { type: 'string' } } });
    expect(normalize(schema()).validate({ a: 'x' }).success).toBe(true);
    expect(normalize(schema()).validate({ a: 1 }).success).toBe(false);
  });

  it('checks JSON Schema formats', () => {
    const normalized = normalize({ type: 'object', properties: { email: { type: 'string', format: 'email' } } });
    expect(normalized.validate({ email: 'ada@example.com' }).success).toBe(true);
    expect(formattedPaths(normalized.validate({ email: 'nope' }))).toEqual(['email']);
  });

  it('reports an unexpected property at the property when additionalProperties is false', () => {
    const normalized = normalize({
      type: 'object',
      properties: { a: { type: 'string' } },
      additionalProperties: false,
    });
    expect(formattedPaths(normalized.validate({ a: 'x', b: 1 }))).toEqual(['b']);
  });
});
