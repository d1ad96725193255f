/**
 * Demo tool: unit conversion within one kind of quantity (length, mass, volume, temperature).
 * Pure and offline. A conversion across kinds is a validation error, so a model can retry.
 */
import { z } from 'zod';
import { createTool } from '../tools';

type Kind = 'length' | 'mass' | 'volume' | 'temperature';

interface Unit {
  kind: Kind;
  name: string;
  /** To and from the kind's base unit (metre, kilogram, litre, kelvin). */
  toBase: (value: number) => number;
  fromBase: (value: number) => number;
}

const scaled = (kind: Kind, name: string, factor: number): Unit => ({
  kind,
  name,
  toBase: (value) => value * factor,
  fromBase: (value) => value / factor,
});

export const units = {
  mm: scaled('length', 'millimetre', 0.001),
  cm: scaled('length', 'centimetre', 0.01),
  m: scaled('length', 'metre', 1),
  km: scaled('length', 'kilometre', 1000),
  in: scaled('length', 'inch', 0.0254),
  ft: scaled('length', 'foot', 0.3048),
  yd: scaled('length', 'yard', 0.9144),
  mi: scaled('length', 'mile', 1609.344),
  mg: scaled('mass', 'milligram', 0.000001),
  g: scaled('mass', 'gram', 0.001),
  kg: scaled('mass', 'kilogram', 1),
  t: scaled('mass', 'tonne', 1000),
  oz: scaled('mass', 'ounce', 0.028349523125),
  lb: scaled('mass', 'pound', 0.45359237),
  ml: scaled('volume', 'millilitre', 0.001),
  l: scaled('volume', 'litre', 1),
  m3: scaled('volume', 'cubic metre', 1000),
  'fl-oz': scaled('volume', 'US fluid ounce', 0.0295735295625),
  cup: scaled('volume', 'US cup', 0.2365882365),
  gal: scaled('volume', 'US gallon', 3.785411784),
  c: {
    kind: 'temperature',
    name: 'degree Celsius',
    toBase: (value) => value + 273.15,
    fromBase: (value) => value - 273.15,
  },
  f: {
    kind: 'temperature',
    name: 'degree Fahrenheit',
    toBase: (value) => ((value - 32) * 5) / 9 + 273.15,
    fromBase: (value) => ((value - 273.15) * 9) / 5 + 32,
  },
  k: { kind: 'temperature', name: 'kelvin', toBase: (value) => value, fromBase: (value) => value },
} satisfies Record<string, Unit>;

export type UnitSymbol = keyof typeof units;

const unitSymbols = Object.keys(units) as [UnitSymbol, ...UnitSymbol[]];
const unitList = unitSymbols.map((symbol) => `${symbol} (${units[symbol].name})`).join(', ');

const unitSchema = z.enum(unitSymbols);

export const convertUnitsInputSchema = z
  .object({
    value: z.number().describe('The amount to convert'),
    from: unitSchema.describe(`The unit of value: ${unitList}`),
    to: unitSchema.describe('The unit to convert to; the same kind of quantity as from'),
  })
  .superRefine(({ value, from, to }, context) => {
    if (units[from].kind !== units[to].kind) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Cannot convert ${units[from].kind} (${from}) to ${units[to].kind} (${to}); pick a ${units[from].kind} unit`,
      });
    } else if (units[from].kind === 'temperature' && units[from].toBase(value) < 0) {
      context.addIssue({ code: 'custom', path: ['value'], message: 'The temperature is below absolute zero' });
    } else if (!Number.isFinite(units[to].fromBase(units[from].toBase(value)))) {
      // Checked on the input, so the model reads what to change rather than an output it cannot fix.
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: `${value} ${from} is too large to express in ${to}; give a smaller amount`,
      });
    }
  });

export const convertUnitsOutputSchema = z.object({
  value: z.number(),
  from: unitSchema,
  to: unitSchema,
  kind: z.enum(['length', 'mass', 'volume', 'temperature']),
  result: z.number(),
  formatted: z.string().describe('e.g. "10 km = 6.21371 mi"'),
});

export type ConvertUnitsOutput = z.infer<typeof convertUnitsOutputSchema>;

/** Rounds away binary noise (0.30000000000000004) while keeping the result exact enough. */
function round(value: number): number {
  return Number(value.toPrecision(12));
}

export const convertUnitsTool = createTool({
  id: 'convert-units',
  description:
    'Convert an amount between units of length, mass, volume or temperature (metric, imperial and US units). ' +
    'Use it whenever a user asks how much something is in another unit.',
  inputSchema: convertUnitsInputSchema,
  outputSchema: convertUnitsOutputSchema,
  inputExamples: [{ input: { value: 10, from: 'km', to: 'mi' } }, { input: { value: 72, from: 'f', to: 'c' } }],
  mcp: {
    // A pure calculation: it changes nothing, repeating it changes nothing, it reaches nothing outside.
    annotations: { title: 'Convert units', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  execute: ({ value, from, to }): ConvertUnitsOutput => {
    const result = round(units[to].fromBase(units[from].toBase(value)));
    return {
      value,
      from,
      to,
      kind: units[from].kind,
      result,
      formatted: `${value} ${from} = ${Number(result.toPrecision(6))} ${to}`,
    };
  },
});
