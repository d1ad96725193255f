/**
 * The HTTP view of resolved tools (an array sorted by name, without the executable part) and the
 * `resolvedToolsHash`: hex sha256 of the canonical JSON of `[{ name, description, inputSchema,
 * outputSchema, source }]` sorted by name. Runs record the hash, so any answer can be traced to the
 * exact tool set the model saw.
 */
import { LRUCache } from 'lru-cache';
import { knownSchemaIdentity, type SchemaIdentity } from '../tools';
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
 * canonical text and a small number once (found by object, or by the identity `createTool` gave its
 * JSON text), and the hash is kept by the short key those numbers make with names, descriptions and
 * sources. The tables are bounded (identities live as long as `createTool`'s own bounded table).
 */
interface CanonicalSchema {
  text: string;
  number: number;
}
const canonicalBySchema = new WeakMap<object, CanonicalSchema>();
const canonicalByText = new LRUCache<string, CanonicalSchema>({ max: 5_000 });
const canonicalByIdentity = new WeakMap<SchemaIdentity, CanonicalSchema>();
const hashByKey = new LRUCache<string, string>({ max: 5_000 });
let nextSchemaNumber = 1;

function canonicalSchema(schema: object): CanonicalSchema {
  // A fresh object with a text `createTool` saw before: found by its identity, not remembered by object.
  const identity = knownSchemaIdentity(schema);
  if (identity !== undefined) {
    const found = canonicalByIdentity.get(identity);
    if (found !== undefined) return found;
  }
  const known = canonicalBySchema.get(schema);
  if (known !== undefined) return known;
  const text = canonicalJson(schema);
  const found = canonicalByText.get(text) ?? { text, number: nextSchemaNumber++ };
  canonicalByText.set(text, found);
  if (identity !== undefined) canonicalByIdentity.set(identity, found);
  else canonicalBySchema.set(schema, found);
  return found;
}

/** What a hash was computed from, in the record's order, to recognise the same tools again. */
interface HashedTools {
  names: string[];
  sources: string[];
  descriptions: string[];
  /** Per tool: the schema's identity from `createTool`, else the schema object itself. */
  inputs: object[];
  outputs: Array<object | undefined>;
  hash: string;
}
const recentByHint = new WeakMap<object, HashedTools[]>();
const recentPerHint = 4;

const schemaKey = (schema: object) => knownSchemaIdentity(schema) ?? schema;

function sameTools(hashed: HashedTools, tools: Readonly<Record<string, ResolvedTool>>): boolean {
  let index = 0;
  for (const name in tools) {
    if (!Object.hasOwn(tools, name)) continue;
    const tool = tools[name]!;
    if (
      index >= hashed.names.length ||
      tool.name !== hashed.names[index] ||
      tool.source !== hashed.sources[index] ||
      tool.description !== hashed.descriptions[index] ||
      schemaKey(tool.inputSchema) !== hashed.inputs[index] ||
      (tool.outputSchema === undefined ? undefined : schemaKey(tool.outputSchema)) !== hashed.outputs[index]
    )
      return false;
    index += 1;
  }
  return index === hashed.names.length;
}

function remember(hint: object, tools: Readonly<Record<string, ResolvedTool>>, hash: string) {
  const hashed: HashedTools = { names: [], sources: [], descriptions: [], inputs: [], outputs: [], hash };
  for (const name in tools) {
    if (!Object.hasOwn(tools, name)) continue;
    const tool = tools[name]!;
    hashed.names.push(tool.name);
    hashed.sources.push(tool.source);
    hashed.descriptions.push(tool.description);
    hashed.inputs.push(schemaKey(tool.inputSchema));
    hashed.outputs.push(tool.outputSchema === undefined ? undefined : schemaKey(tool.outputSchema));
  }
  const recent = recentByHint.get(hint) ?? [];
  recent.unshift(hashed);
  if (recent.length > recentPerHint) recent.pop();
  recentByHint.set(hint, recent);
}

/**
 * The same text as `canonicalJson` of the hashed array, written with the keys already in order.
 * `hint` is an object that stays the same while the tools are likely to (the runtime passes the
 * resolution's plan): the last few tool sets hashed under it are compared field by field first, so
 * tools a source builds anew for every request, equal to the last ones, cost no key and no lookup.
 */
export function resolvedToolsHash(tools: Readonly<Record<string, ResolvedTool>>, hint?: object): string {
  const recent = hint && recentByHint.get(hint);
  if (recent) for (const hashed of recent) if (sameTools(hashed, tools)) return hashed.hash;
  const hash = hashOf(tools);
  if (hint) remember(hint, tools, hash);
  return hash;
}

function hashOf(tools: Readonly<Record<string, ResolvedTool>>): string {
  const sorted = Object.values(tools).sort(byName);
  const inputs: CanonicalSchema[] = [];
  const outputs: Array<CanonicalSchema | undefined> = [];
  // One line per tool: name and description as JSON (no raw line breaks), sources are words, so
  // two different tool sets cannot make the same key.
  let key = '';
  for (const tool of sorted) {
    const input = canonicalSchema(tool.inputSchema);
    const output = tool.outputSchema === undefined ? undefined : canonicalSchema(tool.outputSchema);
    inputs.push(input);
    outputs.push(output);
    key += `${JSON.stringify(tool.name)} ${tool.source} ${input.number} ${output?.number ?? 0} ${JSON.stringify(tool.description)}\n`;
  }
  const known = hashByKey.get(key);
  if (known !== undefined) return known;
  const parts = sorted.map(
    (tool, index) =>
      `{"description":${JSON.stringify(tool.description)},"inputSchema":${inputs[index]!.text}` +
      `,"name":${JSON.stringify(tool.name)}` +
      (outputs[index] === undefined ? '' : `,"outputSchema":${outputs[index]!.text}`) +
      `,"source":${JSON.stringify(tool.source)}}`,
  );
  const hash = hashCanonicalJson(`[${parts.join(',')}]`);
  hashByKey.set(key, hash);
  return hash;
}
