import { describe, expect, it } from 'vitest';
import { convertUnitsTool } from '@/lib/demo-tools';
import { outputOf, validationErrorOf } from '@/tests/support/tool-execution';

const convert = (input: unknown) => convertUnitsTool.execute!(input);

describe('convert-units', () => {
  it.each([
    [10, 'km', 'mi', 6.21371192237],
    [1, 'mi', 'km', 1.609344],
    [12, 'in', 'cm', 30.48],
    [3, 'ft', 'm', 0.9144],
    [100, 'c', 'f', 212],
    [32, 'f', 'c', 0],
    [0, 'k', 'c', -273.15],
    [1, 'lb', 'kg', 0.45359237],
    [16, 'oz', 'lb', 1],
    [1, 'gal', 'l', 3.785411784],
    [2, 'cup', 'ml', 473.176473],
    [5, 'm', 'm', 5],
  ])('converts %d %s to %s', async (value, from, to, result) => {
    const output = outputOf(await convert({ value, from, to }));
    expect(output).toMatchObject({ value, from, to, result });
  });

  it('says what it did in a readable line', async () => {
    expect(await convert({ value: 10, from: 'km', to: 'mi' })).toMatchObject({
      status: 'output',
      output: { kind: 'length', formatted: '10 km = 6.21371 mi' },
    });
  });

  it.each([
    [
      'across kinds',
      { value: 1, from: 'kg', to: 'm' },
      'to',
      /Cannot convert mass \(kg\) to length \(m\); pick a mass unit/,
    ],
    ['below absolute zero', { value: -500, from: 'c', to: 'k' }, 'value', /below absolute zero/],
    ['too large for the unit', { value: 1e308, from: 'km', to: 'mm' }, 'value', /too large to express in mm/],
    ['an unknown unit', { value: 1, from: 'furlong', to: 'm' }, 'from', /./],
    ['a value that is not a number', { value: '10', from: 'km', to: 'm' }, 'value', /./],
  ])('answers a conversion %s with a validation error at %s', async (_case, input, path, message) => {
    const error = validationErrorOf(await convert(input));
    expect(error.validationErrors).toHaveLength(1);
    expect(error.validationErrors[0]!.path).toBe(path);
    expect(error.validationErrors[0]!.message).toMatch(message);
  });

  it('declares an output schema and MCP annotations of a pure calculation', () => {
    expect(convertUnitsTool.outputJsonSchema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['result', 'formatted']),
    });
    expect(convertUnitsTool.mcp?.annotations).toEqual({
      title: 'Convert units',
      readOnlyHint: true,
      idempotentHint: true,
      openWorldHint: false,
    });
  });

  it('lists every unit in its input JSON Schema', () => {
    const from = (convertUnitsTool.inputJsonSchema.properties as Record<string, { enum: string[] }>).from!;
    expect(from.enum).toEqual(expect.arrayContaining(['km', 'mi', 'kg', 'lb', 'l', 'gal', 'c', 'f', 'k']));
  });
});
