/**
 * The HTTP view of resolved tools (an array sorted by name, without the executable part) and the
 * `resolvedToolsHash`: hex sha256 of the canonical JSON of `[{ name, description, inputSchema,
 * outputSchema, source }]` sorted by name. Runs record the hash, so any answer can be traced to the
 * exact tool set the model saw.
 */
import { LRUCache } from 'lru-cache';
import { knownSchemaNumber } from '../tools';
import { canonicalJson, hashCanonicalJson } from '../versions';
import type { ResolvedTool } from './types';

export type ResolvedToolDescription = Pick<
  ResolvedTool,
  'name' | 'description' | 'inputSchema' | 'outputSchema' | 'source' | 'origin' | 'annotations'
>;

const byName = (left: { name: string }, right: { name: string }) =>
  left.name < right.name ? -1 : left.name > right.name ? 1 : 0;

export function describeResolvedTools(tools: Readonly<Record<string, ResolvedTool>>): ResolvedToolDescription[] {
  return Object.values(tools)
    .map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
      ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }),
      source: tool.source,
      origin: tool.origin,
      ...(tool.annotations === undefined ? {} : { annotations: tool.annotations }),
    }))
    .sort(byName);
}

/*
 * Sorting the keys of every schema and hashing the whole text were most of a resolution's cost, and
 * providers hand out equal schemas as new objects on every request. So each distinct schema gets its
 * canonical text and a small number once (found by object, or by the number `createTool` gave its
 * JSON text), and the hash is kept by the short key those numbers make with names, descriptions and
 * sources. The tables are bounded.
 */
interface CanonicalSchema {
  text: string;
  number: number;
}
const canonicalBySchema = new WeakMap<object, CanonicalSchema>();
const canonicalByText = new LRUCache<string, CanonicalSchema>({ max: 5_000 });
const canonicalByToolSchemaNumber = new LRUCache<number, CanonicalSchema>({ max: 5_000 });
const hashByKey = new LRUCache<string, string>({ max: 5_000 });
let nextSchemaNumber = 1;

function canonicalSchema(schema: object): CanonicalSchema {
  const known = canonicalBySchema.get(schema);
  if (known !== undefined) return known;
  const toolSchemaNumber = knownSchemaNumber(schema);
  if (toolSchemaNumber !== undefined) {
    // A fresh object with a text seen before: found by number, and not remembered by object.
    const found = canonicalByToolSchemaNumber.get(toolSchemaNumber);
    if (found !== undefined) return found;
  }
  const text = canonicalJson(schema);
  const found = canonicalByText.get(text) ?? { text, number: nextSchemaNumber++ };
  canonicalByText.set(text, found);
  if (toolSchemaNumber !== undefined) canonicalByToolSchemaNumber.set(toolSchemaNumber, found);
  canonicalBySchema.set(schema, found);
  return found;
}

/** The same text as `canonicalJson` of the hashed array, written with the keys already in order. */
export function resolvedToolsHash(tools: Readonly<Record<string, ResolvedTool>>): string {
  const sorted = Object.values(tools).sort(byName);
  const schemas = sorted.map((tool) => ({
    input: canonicalSchema(tool.inputSchema),
    output: tool.outputSchema === undefined ? undefined : canonicalSchema(tool.outputSchema),
  }));
  const key = JSON.stringify(
    sorted.map((tool, index) => [
      tool.name,
      tool.description,
      tool.source,
      schemas[index]!.input.number,
      schemas[index]!.output?.number ?? 0,
    ]),
  );
  const known = hashByKey.get(key);
  if (known !== undefined) return known;
  const parts = sorted.map(
    (tool, index) =>
      `{"description":${JSON.stringify(tool.description)},"inputSchema":${schemas[index]!.input.text}` +
      `,"name":${JSON.stringify(tool.name)}` +
      (schemas[index]!.output === undefined ? '' : `,"outputSchema":${schemas[index]!.output!.text}`) +
      `,"source":${JSON.stringify(tool.source)}}`,
  );
  const hash = hashCanonicalJson(`[${parts.join(',')}]`);
  hashByKey.set(key, hash);
  return hash;
}
