import { describe, expect, it } from 'vitest';
import { withWholeNumberBounds } from '@/lib/api/openapi-whole-numbers';

const safe = { minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };

describe('whole numbers in the OpenAPI document', () => {
  it('bounds an integer schema on each side it leaves open, keeping its own bounds', () => {
    expect(withWholeNumberBounds({ type: 'integer' })).toEqual({ type: 'integer', ...safe });
    expect(withWholeNumberBounds({ type: 'integer', minimum: 1 })).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
    });
    expect(withWholeNumberBounds({ type: ['integer', 'null'], minimum: 1, maximum: 100 })).toEqual({
      type: ['integer', 'null'],
      minimum: 1,
      maximum: 100,
    });
    expect(withWholeNumberBounds({ type: 'integer', exclusiveMinimum: 0 })).toEqual({
      type: 'integer',
      exclusiveMinimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
    });
  });

  it('finds integers at any depth, also properties named like schema keywords', () => {
    const document = {
      paths: { '/x': { get: { parameters: [{ name: 'n', in: 'path', schema: { type: 'integer', minimum: 1 } }] } } },
      components: {
        schemas: {
          Page: {
            type: 'object',
            properties: {
              default: { type: 'integer' },
              items: { type: 'array', items: { anyOf: [{ type: 'integer' }, { type: 'string' }] } },
            },
          },
        },
      },
    };
    const bounded = withWholeNumberBounds(document);
    expect(bounded.paths['/x'].get.parameters[0]!.schema).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 2 ** 53 - 1,
    });
    expect(bounded.components.schemas.Page.properties.default).toEqual({ type: 'integer', ...safe });
    expect(bounded.components.schemas.Page.properties.items.items.anyOf).toEqual([
      { type: 'integer', ...safe },
      { type: 'string' },
    ]);
  });

  it('leaves values alone: examples, defaults and constants are not schemas', () => {
    const schema = {
      type: 'object',
      example: { type: 'integer' },
      default: { type: 'integer' },
      enum: [{ type: 'integer' }],
      properties: { kind: { type: 'string', const: 'integer' } },
    };
    expect(withWholeNumberBounds(schema)).toEqual(schema);
  });
});
