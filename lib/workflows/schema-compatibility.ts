/**
 * The definition-time check that one schema's values fit the next one's input (a step's output and
 * the next step's input; the workflow's input and its first step; the last step and the workflow's
 * output). Pure, on the JSON Schema form: every property the input requires must be one the output
 * always has, and where both say a `type`, they must agree. It catches renamed and retyped fields
 * when a workflow is created; values are still validated when it runs.
 */
import type { JsonSchema } from '../tools';

type Schema = JsonSchema & { type?: unknown; properties?: Record<string, JsonSchema>; required?: unknown };

function types(schema: Schema | undefined): string[] | undefined {
  const type = schema?.type;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((item): item is string => typeof item === 'string') : undefined;
}

function typesFit(produced: string[] | undefined, wanted: string[] | undefined): boolean {
  if (!produced || !wanted) return true;
  // An integer is a number; everything else must be offered by the consumer.
  return produced.every((type) => wanted.includes(type) || (type === 'integer' && wanted.includes('number')));
}

/** Problems found (empty when the output fits the input), each naming the field. */
export function schemaMismatches({ output, input }: { output: JsonSchema; input: JsonSchema }): string[] {
  const produced = output as Schema;
  const wanted = input as Schema;
  if (!typesFit(types(produced), types(wanted))) {
    return [`it produces ${types(produced)!.join(' | ')} where ${types(wanted)!.join(' | ')} is expected`];
  }
  const required = Array.isArray(wanted.required)
    ? wanted.required.filter((key): key is string => typeof key === 'string')
    : [];
  if (required.length === 0 || !produced.properties) return [];
  const always = new Set(Array.isArray(produced.required) ? produced.required : []);
  const problems: string[] = [];
  for (const key of required) {
    const property = produced.properties[key] as Schema | undefined;
    if (!property) problems.push(`"${key}" is required but never produced`);
    else if (!always.has(key)) problems.push(`"${key}" is required but only sometimes produced`);
    else if (!typesFit(types(property), types(wanted.properties?.[key] as Schema | undefined))) {
      problems.push(
        `"${key}" is ${types(property)!.join(' | ')} but ${types(wanted.properties![key] as Schema)!.join(' | ')} is expected`,
      );
    }
  }
  return problems;
}
