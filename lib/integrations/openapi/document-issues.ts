/**
 * Every problem of an OpenAPI document with its path. The OpenAPI library decides whether a
 * document is valid, but its messages carry no machine-readable location, so the structural
 * problems are located here by checking the document against the same official JSON Schemas the
 * library uses (with ajv, which reports an instance path per problem).
 */
import type { ErrorObject } from 'ajv';
import { formatPath, type Issue } from '../../errors';
import { decodeJsonPointer, findUnsupportedPatterns } from '../../tools';
import { isRecord } from '../../is-record';
import { referenceTarget } from './reference-bounds';

type Segment = string | number;
type JsonObject = Record<string, unknown>;

const issueAt = (prefix: ReadonlyArray<Segment>, path: ReadonlyArray<Segment>, message: string): Issue => ({
  path: formatPath([...prefix, ...path]),
  message,
});

/**
 * `$ref`s that point outside the document are refused: resolving them would make the server
 * fetch URLs or read files named by whoever stored the document. Local pointers must resolve.
 */
export function findReferenceIssues(document: unknown, prefix: ReadonlyArray<Segment> = []): Issue[] {
  const issues: Issue[] = [];
  const visit = (value: unknown, path: Segment[]) => {
    if (Array.isArray(value)) return value.forEach((item, index) => visit(item, [...path, index]));
    if (!isRecord(value)) return;
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') {
        if (!item.startsWith('#')) {
          issues.push(
            issueAt(
              prefix,
              [...path, key],
              `External reference "${item}" is not supported: put the referenced definition in this document.`,
            ),
          );
        } else if (item !== '#' && referenceTarget(document, item) === undefined) {
          issues.push(issueAt(prefix, [...path, key], `Reference "${item}" points at nothing in this document.`));
        }
      } else {
        visit(item, [...path, key]);
      }
    }
  };
  visit(document, []);
  return issues;
}

/**
 * Schema patterns RE2 cannot run (look-arounds, back-references) are refused: tool input is checked
 * on RE2 only, and JavaScript's backtracking engine could be held for minutes by one crafted pattern.
 */
export function findPatternIssues(document: unknown, prefix: ReadonlyArray<Segment> = []): Issue[] {
  return findUnsupportedPatterns(document).map(({ path, pattern, reason }) =>
    issueAt(
      prefix,
      path,
      `The pattern ${JSON.stringify(pattern)} cannot run on RE2, the linear-time engine schema patterns use ` +
        `(look-arounds and back-references are not supported): ${reason}. Rewrite it without them or remove it.`,
    ),
  );
}

const noise = new Set([
  "must have required property '$ref'",
  'must match exactly one schema in oneOf',
  'must match a schema in anyOf',
]);

/** Where the problem is: a missing or extra property is placed at the property itself. */
function effectivePath(error: ErrorObject): Segment[] {
  const path = decodeJsonPointer(error.instancePath);
  if (error.keyword === 'required') return [...path, String(error.params.missingProperty)];
  if (error.keyword === 'additionalProperties') return [...path, String(error.params.additionalProperty)];
  return path;
}

function messageOf(error: ErrorObject): string {
  if (error.keyword === 'required') return 'is required';
  if (error.keyword === 'additionalProperties') return 'is not an allowed property here';
  return error.message ?? `failed the ${error.keyword} check`;
}

const isUnder = (path: ReadonlyArray<Segment>, parent: ReadonlyArray<Segment>) =>
  path.length >= parent.length && parent.every((segment, index) => String(path[index]) === String(segment));

/**
 * Structural problems against the official schema of the document's version. A `oneOf` produces
 * errors for every branch it tried; the branch that names the real problem is picked the way a
 * person would: a failed discriminator (`in` is not `query`) gives way to another problem of the
 * same object, and a problem gives way to a deeper one inside it.
 */
export async function findStructuralIssues(
  document: JsonObject,
  prefix: ReadonlyArray<Segment> = [],
): Promise<Issue[]> {
  // Imported when a document is found invalid: the module compiles the official schemas as it loads.
  const { openApi30Validator, openApi31Validator } = await import('./official-validators');
  const validate = String(document.openapi).startsWith('3.1') ? openApi31Validator : openApi30Validator;
  if (validate(document)) return [];
  const all = (validate.errors ?? []).filter((error) => !noise.has(error.message ?? ''));
  const located = all.map((error) => ({ error, path: effectivePath(error) }));
  const conditional = located.filter(({ error }) => error.keyword !== 'if');
  let kept = conditional.length > 0 ? conditional : located;
  const isDiscriminator = (error: ErrorObject) => error.keyword === 'enum' || error.keyword === 'const';
  kept = kept.filter(
    ({ error, path }) =>
      !isDiscriminator(error) ||
      !kept.some(
        (other) =>
          !isDiscriminator(other.error) && isUnder(other.path, path.slice(0, -1)) && !isUnder(other.path, path),
      ),
  );
  kept = kept.filter(({ path }) => !kept.some((other) => other.path.length > path.length && isUnder(other.path, path)));
  const seen = new Set<string>();
  const issues: Issue[] = [];
  for (const { error, path } of kept) {
    const issue = issueAt(prefix, path, messageOf(error));
    if (seen.has(issue.path)) continue;
    seen.add(issue.path);
    issues.push(issue);
  }
  return issues;
}

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** `get/parameters/q` -> `get/parameters/0`: the library names parameters, paths index them. */
function parameterIndexes(pathItem: unknown, rest: Segment[]): Segment[] {
  const at = rest.indexOf('parameters');
  if (at === -1 || at + 1 >= rest.length) return rest;
  const owner = at === 0 ? pathItem : isRecord(pathItem) ? pathItem[String(rest[0])] : undefined;
  const parameters = isRecord(owner) && Array.isArray(owner.parameters) ? owner.parameters : [];
  const index = parameters.findIndex((parameter) => isRecord(parameter) && parameter.name === rest[at + 1]);
  return index === -1 ? rest : [...rest.slice(0, at + 1), index, ...rest.slice(at + 2)];
}

/**
 * The library's semantic messages name their place as a backticked pointer with the raw path
 * template (`/paths/users/{id}/get`) or an operationId; this finds it in the document.
 */
function locateMessage(document: JsonObject, message: string): Segment[] {
  const paths = isRecord(document.paths) ? document.paths : {};
  for (const [, token] of message.matchAll(/`([^`]+)`/g)) {
    if (token!.startsWith('/paths/')) {
      const match = Object.keys(paths)
        .filter((template) => token === `/paths${template}` || token!.startsWith(`/paths${template}/`))
        .sort((left, right) => right.length - left.length)[0];
      if (match !== undefined) {
        const rest: Segment[] = token!.slice(`/paths${match}`.length).split('/').filter(Boolean);
        return ['paths', match, ...parameterIndexes(paths[match], rest)];
      }
    } else if (token!.startsWith('/')) {
      return token!.split('/').filter(Boolean);
    }
    const owners = Object.entries(paths).flatMap(([template, item]) =>
      httpMethods
        .filter(
          (method) => isRecord(item) && isRecord(item[method]) && (item[method] as JsonObject).operationId === token,
        )
        .map((method) => ['paths', template, method, 'operationId']),
    );
    if (owners.length > 0) return owners[owners.length - 1]!;
  }
  return [];
}

/** The library's messages as issues: the first line of each (the rest is a code frame), located where possible. */
export function issuesFromLibraryMessages(
  document: JsonObject,
  messages: ReadonlyArray<string>,
  prefix: ReadonlyArray<Segment> = [],
): Issue[] {
  return messages.map((message) => {
    const firstLine = message.split('\n')[0]!.trim();
    return issueAt(prefix, locateMessage(document, firstLine), firstLine);
  });
}
