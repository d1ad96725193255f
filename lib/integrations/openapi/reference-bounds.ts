/**
 * Two ways a small OpenAPI document's local `$ref`s can make unbounded work, refused when it is
 * stored:
 * - Definitions used many times over: a tool's input schema is built with every reference written
 *   out in place (only recursive ones stay references), so twenty definitions that each use the one
 *   before twice make a 3 KB document whose input schema has millions of parts.
 * - References that lead back to themselves without describing a value (`A: { $ref: B }`,
 *   `B: { allOf: [{ $ref: A }] }`): a validator checking a value against them never stops.
 * Both checks visit each definition once, so they cost what the document's size does.
 */
import { formatPath, type Issue } from '../../errors';
import { isRecord } from '../../is-record';

type Segment = string | number;

/** The most parts (objects, arrays and values) one operation's input may have with its references written out. */
export const maxOperationInputParts = 20_000;
/** The same, summed over every operation of the document. */
export const maxDocumentInputParts = 500_000;
/** The most references in a row (a definition using one that uses another...) the checks follow. */
export const maxReferenceDepth = 64;

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Keywords whose schemas describe the same value (rather than a property or item inside it). */
const sameValueKeywords = new Set(['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else']);

function decodeSegment(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // Kept as written: a stray `%` is part of the name.
  }
  return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The path of a local reference (`#/components/schemas/A` -> `['components', 'schemas', 'A']`). */
export const referencePath = (reference: string): string[] => reference.slice(1).split('/').slice(1).map(decodeSegment);

/** What a local reference points at; undefined when it points at nothing. */
export function referenceTarget(document: unknown, reference: string): unknown {
  let current = document;
  for (const key of referencePath(reference)) {
    if (typeof current !== 'object' || current === null || !(key in current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

const isLocal = (reference: unknown): reference is string => typeof reference === 'string' && reference.startsWith('#');

/**
 * Counts parts with references written out; a count past `limit` stops at `limit + 1`, and so does
 * one that follows more than `maxReferenceDepth` references in a row (`tooDeep` then says so).
 */
function createPartCounter(document: unknown, limit: number) {
  const counted = new Map<string, number>();
  const open = new Set<string>();
  const state = { tooDeep: false };
  const countReference = (reference: string): number => {
    // A recursive reference stays a reference: one part.
    if (open.has(reference)) return 1;
    const known = counted.get(reference);
    if (known !== undefined) return known;
    if (open.size >= maxReferenceDepth) {
      state.tooDeep = true;
      return limit + 1;
    }
    open.add(reference);
    const parts = count(referenceTarget(document, reference));
    open.delete(reference);
    counted.set(reference, parts);
    return parts;
  };
  const count = (value: unknown): number => {
    if (typeof value !== 'object' || value === null) return 1;
    let total = 1;
    for (const [key, item] of Object.entries(value)) {
      total += key === '$ref' && isLocal(item) ? countReference(item) : count(item);
      if (total > limit) return limit + 1;
    }
    return total;
  };
  return { count, state };
}

function expansionIssues(document: Record<string, unknown>, prefix: ReadonlyArray<Segment>): Issue[] {
  const paths = isRecord(document.paths) ? document.paths : {};
  const { count, state } = createPartCounter(document, maxDocumentInputParts);
  let documentParts = 0;
  for (const [template, pathItem] of Object.entries(paths)) {
    if (!isRecord(pathItem)) continue;
    for (const method of httpMethods) {
      const operation = pathItem[method];
      if (!isRecord(operation)) continue;
      const parts = count(pathItem.parameters) + count(operation.parameters) + count(operation.requestBody);
      if (state.tooDeep)
        return [
          {
            path: formatPath([...prefix, 'paths', template, method]),
            message: `This operation's input follows more than ${maxReferenceDepth} references in a row (a definition using one that uses another...): flatten its schemas.`,
          },
        ];
      if (parts > maxOperationInputParts)
        return [
          {
            path: formatPath([...prefix, 'paths', template, method]),
            message:
              `With its references written out in place, this operation's input has more than ` +
              `${maxOperationInputParts.toLocaleString('en')} parts (its definitions use others many times over). ` +
              'Tools are built that way, so the document is refused: simplify the schemas this operation uses.',
          },
        ];
      documentParts += parts;
      if (documentParts > maxDocumentInputParts)
        return [
          {
            path: formatPath([...prefix, 'paths']),
            message:
              `With their references written out in place, the operations' inputs have more than ` +
              `${maxDocumentInputParts.toLocaleString('en')} parts together: split the document into several integrations.`,
          },
        ];
    }
  }
  return [];
}

/** The local references a schema reaches while still describing the same value. */
function sameValueReferences(schema: unknown): string[] {
  if (!isRecord(schema)) return [];
  const found = isLocal(schema.$ref) ? [schema.$ref] : [];
  for (const keyword of sameValueKeywords) {
    const value = schema[keyword];
    for (const item of Array.isArray(value) ? value : [value]) found.push(...sameValueReferences(item));
  }
  return found;
}

function cycleIssues(document: Record<string, unknown>, prefix: ReadonlyArray<Segment>): Issue[] {
  const done = new Set<string>();
  const trail: string[] = [];
  const issues: Issue[] = [];
  const visit = (reference: string) => {
    const start = trail.indexOf(reference);
    if (start !== -1) {
      const loop = [...trail.slice(start), reference];
      issues.push({
        path: formatPath([...prefix, ...referencePath(reference)]),
        message:
          `These references lead back to themselves without describing a value (${loop.join(' -> ')}), ` +
          'so checking a value against them would never end: give one of them a schema of its own.',
      });
      return;
    }
    // Deeper chains are refused by the expansion check, which follows every reference.
    if (done.has(reference) || trail.length >= maxReferenceDepth) return;
    trail.push(reference);
    for (const next of sameValueReferences(referenceTarget(document, reference))) visit(next);
    trail.pop();
    done.add(reference);
  };
  const visitAll = (value: unknown) => {
    if (typeof value !== 'object' || value === null) return;
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && isLocal(item)) visit(item);
      else visitAll(item);
    }
  };
  visitAll(document);
  return issues;
}

/**
 * The document's references that would make unbounded work (see above). Call it once every
 * reference is known to point at something in the document.
 */
export function findReferenceBoundIssues(
  document: Record<string, unknown>,
  prefix: ReadonlyArray<Segment> = [],
): Issue[] {
  const cycles = cycleIssues(document, prefix);
  return cycles.length > 0 ? cycles : expansionIssues(document, prefix);
}
