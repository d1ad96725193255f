/**
 * A JSON Schema of an OpenAPI document as a tree people can read: each property with its name, its
 * type in words, whether it is required, its description, its allowed values and its limits;
 * `$ref`s to `#/components/schemas/...` followed, `allOf` merged, `oneOf` / `anyOf` kept as
 * alternatives ("one of these"), a list's items lifted into the list. Within one scope (an
 * operation, a shared schema) a component with properties is described in full where it first
 * appears and gets an anchor; where it comes again, and where it nests inside itself (a `$ref`
 * cycle), the node names it and links there instead, so a recursive schema ends and a large one is
 * not repeated. Pure: the API reference page renders these nodes.
 */
import { limitsOf } from '../schema-form';
import { isRecord } from '../is-record';

export interface SchemaNode {
  /** The property's name; absent on a whole body, a list's items and an alternative. */
  name?: string;
  /** The type in words: "string", "integer", "object", "list of string", "one of these", "any". */
  type: string;
  /** The component (`#/components/schemas/<name>`) the schema came from, when it came through a `$ref`. */
  component?: string;
  required: boolean;
  nullable: boolean;
  description?: string;
  /** The only value allowed (`const`), as JSON text. */
  constant?: string;
  /** The values allowed (`enum`), each as JSON text. */
  allowedValues?: string[];
  /** Format, ranges, lengths, pattern and default, in words. */
  limits: string[];
  /** An object's properties (for a list of objects, its items' properties). */
  properties: SchemaNode[];
  /** The alternatives of a `oneOf` / `anyOf`: the value is one of them. */
  oneOf?: SchemaNode[];
  /** What the keys an object does not list hold (`additionalProperties` with a schema). */
  otherKeys?: SchemaNode;
  /** The element id of this node, when it describes a component others link to. */
  anchor?: string;
  /**
   * A component described already in this scope (`cycle`: it is being described further up, the
   * schema nests inside itself): named and linked here, not described again.
   */
  seeAbove?: { component: string; anchor: string; cycle: boolean };
  /** Nested deeper than the reference describes. */
  truncated?: boolean;
}

type Schema = Record<string, unknown>;
export type SchemaComponents = Readonly<Record<string, unknown>>;

/**
 * Where trees are described: the document's components, the prefix of the anchors, and which
 * components were described already (name to anchor; filled as trees are built in the order they
 * are shown).
 */
export interface TreeScope {
  components: SchemaComponents;
  anchorPrefix: string;
  described: Map<string, string>;
}

export function treeScope(components: SchemaComponents, anchorPrefix: string): TreeScope {
  return { components, anchorPrefix, described: new Map() };
}

interface Walk {
  scope: TreeScope;
  /** The components being described on the way here, outermost first. */
  open: readonly string[];
  depth: number;
}

/** How deep properties nest before the tree stops (a guard: recursion itself ends at `$ref`s). */
const maxDepth = 10;
const componentPrefix = '#/components/schemas/';

const json = (value: unknown) => JSON.stringify(value) ?? String(value);
const isNullType = (schema: unknown) => isRecord(schema) && schema.type === 'null' && Object.keys(schema).length === 1;

/** The component a `$ref` names, if it points into `#/components/schemas`. */
export function componentName(schema: unknown): string | undefined {
  if (!isRecord(schema) || typeof schema.$ref !== 'string') return undefined;
  return schema.$ref.startsWith(componentPrefix)
    ? decodeURIComponent(schema.$ref.slice(componentPrefix.length))
    : undefined;
}

/** The type a schema declares, in words, without looking inside (`null` said apart, as `nullable`). */
function declaredType(schema: Schema): { type: string; nullable: boolean } {
  const declared = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  const types = declared.filter((type): type is string => typeof type === 'string' && type !== 'null');
  const nullable = declared.includes('null') || schema.nullable === true;
  if (types.length > 0) return { type: types.join(' or '), nullable };
  if (isRecord(schema.properties) || isRecord(schema.additionalProperties)) return { type: 'object', nullable };
  if (schema.items !== undefined) return { type: 'array', nullable };
  if ('const' in schema) return { type: typeof schema.const, nullable };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return { type: typeof schema.enum[0], nullable };
  return { type: 'any', nullable };
}

function limitWords(schema: Schema): string[] {
  const words: string[] = [];
  if (typeof schema.format === 'string') words.push(`format ${schema.format}`);
  words.push(...limitsOf(schema));
  if (typeof schema.multipleOf === 'number') words.push(`a multiple of ${schema.multipleOf}`);
  if (schema.uniqueItems === true) words.push('no duplicates');
  if ('default' in schema) words.push(`default ${json(schema.default)}`);
  if (schema.deprecated === true) words.push('deprecated');
  return words;
}

/** The schema a `$ref` points at, with the keywords written beside the `$ref` (a description) on top. */
function dereferenced(schema: Schema, name: string, walk: Walk): Schema {
  const target = walk.scope.components[name];
  const { $ref: _ref, ...siblings } = schema;
  const targetSchema: Schema = isRecord(target) ? target : {};
  return { ...targetSchema, ...siblings };
}

/** `allOf` merged into one schema: the properties and required names of every part (`$ref`s followed). */
function mergedAllOf(schema: Schema, walk: Walk): Schema {
  const { allOf, ...rest } = schema;
  let merged: Schema = { ...rest };
  for (const part of allOf as unknown[]) {
    const name = componentName(part);
    if (name !== undefined && walk.open.includes(name)) continue;
    const resolved = name === undefined ? part : dereferenced(part as Schema, name, walk);
    if (!isRecord(resolved)) continue;
    const inner = Array.isArray(resolved.allOf) ? mergedAllOf(resolved, walk) : resolved;
    const innerProperties: Schema = isRecord(inner.properties) ? inner.properties : {};
    merged = {
      ...inner,
      ...merged,
      properties: { ...(merged.properties as Schema), ...innerProperties },
      required: [...((merged.required as unknown[]) ?? []), ...(Array.isArray(inner.required) ? inner.required : [])],
    };
  }
  return merged;
}

interface Field {
  name?: string;
  required: boolean;
}

const base = (field: Field, type: string, nullable: boolean): SchemaNode => ({
  name: field.name,
  type,
  required: field.required,
  nullable,
  limits: [],
  properties: [],
});

/** Describes one schema (at a property, a body or an alternative) in a scope (see `TreeScope`). */
export function schemaTree(schema: unknown, scope: TreeScope, field: Field = { required: false }): SchemaNode {
  const node = describe(schema, { scope, open: [], depth: 0 }, field);
  withCycleAnchors(node, scope.described);
  return node;
}

const hasChildren = (node: SchemaNode) => node.properties.length > 0 || !!node.oneOf || !!node.otherKeys;

/** A `$ref`: described in full the first time, linked where the scope described it or where it nests in itself. */
function describeComponent(schema: Schema, name: string, walk: Walk, field: Field): SchemaNode {
  const target = dereferenced(schema, name, walk);
  const described = walk.scope.described.get(name);
  if (walk.open.includes(name) || described !== undefined) {
    const { type, nullable } = declaredType(target);
    const seeAbove = { component: name, anchor: described ?? '', cycle: described === undefined };
    return { ...base(field, type, nullable), component: name, seeAbove, ...descriptionOf(target) };
  }
  const node = { ...describe(target, { ...walk, open: [...walk.open, name] }, field), component: name };
  if (hasChildren(node)) {
    node.anchor ??= `${walk.scope.anchorPrefix}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
    walk.scope.described.set(name, node.anchor);
  }
  return node;
}

/** A cycle's link is known once the component around it is described: filled in afterwards. */
function withCycleAnchors(node: SchemaNode, described: ReadonlyMap<string, string>) {
  if (node.seeAbove?.cycle) node.seeAbove.anchor = described.get(node.seeAbove.component) ?? '';
  for (const child of [...node.properties, ...(node.oneOf ?? []), ...(node.otherKeys ? [node.otherKeys] : [])])
    withCycleAnchors(child, described);
}

function describe(schema: unknown, walk: Walk, field: Field): SchemaNode {
  if (!isRecord(schema)) return base(field, schema === false ? 'nothing' : 'any', false);
  const name = componentName(schema);
  if (name !== undefined) return describeComponent(schema, name, walk, field);
  if (Array.isArray(schema.allOf)) return describe(mergedAllOf(schema, walk), walk, field);
  const alternatives = (Array.isArray(schema.oneOf) ? schema.oneOf : schema.anyOf) as unknown[] | undefined;
  if (Array.isArray(alternatives)) return describeAlternatives(schema, alternatives, walk, field);
  const { type, nullable } = declaredType(schema);
  const node: SchemaNode = { ...base(field, type, nullable), ...descriptionOf(schema), limits: limitWords(schema) };
  if ('const' in schema) node.constant = json(schema.const);
  if (Array.isArray(schema.enum)) node.allowedValues = schema.enum.map(json);
  if (walk.depth >= maxDepth) return { ...node, truncated: type === 'object' || type === 'array' };
  const deeper = { ...walk, depth: walk.depth + 1 };
  if (type === 'array' || (type === 'any' && schema.items !== undefined)) return withItems(node, schema.items, deeper);
  if (isRecord(schema.properties)) {
    const required = Array.isArray(schema.required) ? schema.required : [];
    node.properties = Object.entries(schema.properties).map(([property, value]) =>
      describe(value, deeper, { name: property, required: required.includes(property) }),
    );
  }
  if (isRecord(schema.additionalProperties))
    node.otherKeys = describe(schema.additionalProperties, deeper, { required: false });
  return node;
}

function descriptionOf(schema: Schema): { description?: string } {
  return typeof schema.description === 'string' && schema.description.trim() !== ''
    ? { description: schema.description }
    : {};
}

/** `oneOf` / `anyOf`: a `null` alternative makes the value nullable; one alternative left is the value itself. */
function describeAlternatives(schema: Schema, alternatives: unknown[], walk: Walk, field: Field): SchemaNode {
  const { oneOf: _oneOf, anyOf: _anyOf, ...rest } = schema;
  const options = alternatives.filter((option) => !isNullType(option));
  const nullable = options.length < alternatives.length || declaredType(rest).nullable;
  const outer = { ...descriptionOf(schema), limits: limitWords(rest) };
  if (options.length === 1) {
    const only = describe(options[0], walk, field);
    return {
      ...only,
      description: outer.description ?? only.description,
      limits: outer.description ? outer.limits : only.limits,
      nullable: only.nullable || nullable,
    };
  }
  const deeper = { ...walk, depth: walk.depth + 1 };
  const node: SchemaNode = { ...base(field, 'one of these', nullable), ...outer };
  if (walk.depth >= maxDepth) return { ...node, truncated: true };
  node.oneOf = options.map((option) => describe(option, deeper, { required: false }));
  if (isRecord(rest.properties)) {
    const shared = describe({ ...rest, type: 'object' }, walk, field);
    node.properties = shared.properties;
  }
  return node;
}

/** A list's items lifted into the list: "list of string", its items' properties or alternatives below it. */
function withItems(node: SchemaNode, itemSchema: unknown, walk: Walk): SchemaNode {
  const items = describe(itemSchema, walk, { required: false });
  const itemType = items.oneOf ? 'items, each one of these' : (items.component ?? items.type);
  const lifted: SchemaNode = {
    ...node,
    type: `list of ${itemType}`,
    limits: [...node.limits, ...items.limits.map((limit) => `each ${limit}`)],
    properties: items.properties,
  };
  if (items.constant !== undefined) lifted.constant = items.constant;
  if (items.allowedValues) lifted.allowedValues = items.allowedValues;
  if (items.oneOf) lifted.oneOf = items.oneOf;
  if (items.otherKeys) lifted.otherKeys = items.otherKeys;
  if (items.anchor) lifted.anchor = items.anchor;
  if (items.seeAbove) lifted.seeAbove = items.seeAbove;
  if (items.truncated) lifted.truncated = true;
  return lifted;
}
