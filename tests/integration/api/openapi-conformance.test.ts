/**
 * The served OpenAPI document against the server, property by property: for every operation,
 * requests generated from the document (fast-check) are sent to a test studio. Valid ones must not
 * be refused as invalid input; invalid ones (an unknown query parameter, an unknown body field, a
 * path parameter over its length, a body that is not JSON) must be refused with a documented
 * status and an error body. Every answer is checked against the document: its status is listed,
 * its content type is the documented one, its body matches the schema (ajv, draft 2020-12) and the
 * headers the document requires are there. Every documented request example is sent and accepted.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arbitraryOf, dereferenced, type JsonSchema, type SchemaContext } from '../../support/json-schema-arbitrary';
import { createTestStudio } from '../../support/studio';

type Parameter = { name: string; in: string; required?: boolean; schema: JsonSchema; example?: unknown };
type Response = { content?: Record<string, { schema?: JsonSchema }>; headers?: Record<string, JsonSchema> };
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema; example?: unknown }> };
  responses: Record<string, Response>;
};
type Request = { path: string; query: Record<string, string>; body?: unknown; rawBody?: string };

const documentId = 'https://studio.test/openapi.json';
const origin = 'http://127.0.0.1:4321';

/**
 * Operations not driven with generated requests, each with its reason: the MCP endpoint speaks
 * JSON-RPC under its own specification, and connection tests start the servers a body names.
 */
const notGenerated: Record<string, string> = {
  handleMcpMessage: 'JSON-RPC under the MCP specification, checked by tests/integration/mcp-server',
  testMcpClient: 'connects to the servers of a saved client',
  testMcpClientDraft: 'starts the servers the body names (commands, URLs)',
  // A sealed backup derives its key with scrypt at the parameters it names (bounded to 64 MiB and
  // 4x the default work, still a second or so each); the deployment routes have their own tests
  // (tests/integration/storage).
  exportDeployment: 'seals secrets with scrypt, seconds per request',
  importDeployment: 'opens sealed secrets with the scrypt parameters the backup names',
};

/**
 * Checks the server makes beyond what a schema can say, per operation, that a request valid by the
 * document may still fail (answered 400 `invalid_input` with the issue's path), with the reason.
 */
const checksBeyondTheSchema: Record<string, string> = {
  createAgent: 'a stored agent needs name, model and instructions; a code agent may leave them out',
  importAgent: 'versions must be numbered in order and their snapshots must upgrade',
  importDeployment: 'the backup is upgraded and cross-checked (counts, hashes) before anything is written',
  importMcpClient: 'the servers must pass the same checks as a save (launch specs, URLs)',
  createMcpClient: 'stdio servers need an approved launch spec, URLs an allowed address',
  updateMcpClient: 'stdio servers need an approved launch spec, URLs an allowed address',
  saveIntegration: 'the config must be an OpenAPI document that yields tools',
  updateModelProviders: 'a base URL must be http(s) to an address the studio may call; apiKey excludes clearKey',
  setAgentLabel: 'reserved label names (400 invalid_version_label)',
  deleteAgentLabel: 'reserved label names (400 invalid_version_label)',
  updateAgent: 'a stored agent cannot clear its name, model or instructions',
  resolveAgent: 'a draft excludes selector and must pass the checks of a save (rules, references)',
  generateAgent:
    'exactly one of prompt and messages; messages must be model messages; a draft excludes selector and must pass the checks of a save',
  streamAgent:
    'exactly one of prompt and messages; messages must be model messages; a draft excludes selector and must pass the checks of a save',
  createTestCase: 'an answerMatches pattern must be one RE2 accepts',
  updateTestCase: 'an answerMatches pattern must be one RE2 accepts',
  startEvaluation: "exactly one of versionNumber, label and draft; the test case ids must be the agent's",
};

/**
 * Query parameters a generated request leaves out: opaque cursors only the server makes, and
 * deprecated parameters the document says are refused.
 */
const leftOut = (parameter: Parameter & { deprecated?: boolean }) =>
  parameter.name === 'cursor' || parameter.deprecated === true || parameter.schema.deprecated === true;

/** The selector's keys, of which a query takes at most one (OpenAPI cannot say so of query parameters). */
const selectorKeys = new Set(['versionId', 'versionNumber', 'label', 'status']);

function atMostOneSelectorKey(query: Record<string, string>): Record<string, string> {
  const given = Object.keys(query).filter((name) => selectorKeys.has(name));
  return Object.fromEntries(Object.entries(query).filter(([name]) => !selectorKeys.has(name) || name === given[0]));
}

let context: Awaited<ReturnType<typeof createTestStudio>>;
let document: JsonSchema & { paths: Record<string, Record<string, Operation>> };
let schemaContext: SchemaContext;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

const pointer = (...segments: string[]) =>
  `${documentId}#/${segments.map((segment) => encodeURIComponent(segment.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/')}`;

function operations() {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method, path, operation })),
  );
}

function concretePath(template: string, values: Record<string, string>): string {
  return template.replaceAll(/{(.+?)}/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x'));
}

/** Valid requests for an operation, from its parameters' and body's schemas. */
function validRequests(path: string, operation: Operation): fc.Arbitrary<Request> {
  const parameters = operation.parameters ?? [];
  const asText = (schema: JsonSchema) => arbitraryOf(schema, schemaContext).map((value) => String(value));
  const pathValues = fc.record(
    Object.fromEntries(parameters.filter((p) => p.in === 'path').map((p) => [p.name, asText(p.schema)])),
  );
  const queryParameters = parameters.filter((p) => p.in === 'query' && !leftOut(p));
  const query = fc.record(Object.fromEntries(queryParameters.map((p) => [p.name, asText(p.schema)])), {
    requiredKeys: queryParameters.filter((p) => p.required).map((p) => p.name),
  });
  const json = operation.requestBody?.content['application/json'];
  const body = json ? arbitraryOf(json.schema, schemaContext) : fc.constant(undefined);
  return fc.record({ values: pathValues, query, body }).map(({ values, query: q, body: b }) => ({
    path: concretePath(path, values as Record<string, string>),
    query: atMostOneSelectorKey(q as Record<string, string>),
    body: b,
  }));
}

/** Ways to spoil a valid request that the document says are refused. */
function invalidRequests(path: string, operation: Operation): fc.Arbitrary<Request> {
  const spoilers: Array<fc.Arbitrary<(request: Request) => Request>> = [
    fc
      .constantFrom('lable', 'zz_unknown')
      .map((name) => (request: Request) => ({ ...request, query: { ...request.query, [name]: '1' } })),
  ];
  const json = operation.requestBody?.content['application/json'];
  const bodySchema = json && dereferenced(json.schema, schemaContext);
  if (bodySchema?.additionalProperties === false)
    spoilers.push(
      fc.constant((request: Request) => ({ ...request, body: { ...(request.body as object), zz_unknown: 1 } })),
    );
  if (json) spoilers.push(fc.constant((request: Request) => ({ ...request, rawBody: '{"unterminated": ' })));
  const longParameter = (operation.parameters ?? []).find(
    (p) => p.in === 'path' && typeof p.schema.maxLength === 'number',
  );
  if (longParameter) {
    const tooLong = 'a'.repeat((longParameter.schema.maxLength as number) + 1);
    const spoiled = path.replace(`{${longParameter.name}}`, tooLong);
    spoilers.push(fc.constant((request: Request) => ({ ...request, path: concretePath(spoiled, {}) })));
  }
  return fc.tuple(validRequests(path, operation), fc.oneof(...spoilers)).map(([request, spoil]) => spoil(request));
}

/** An answer that takes this long counts as a hang, so a regression fails instead of stalling. */
const answerTimeoutMs = 5_000;

function withinTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} got no answer within ${answerTimeoutMs} ms`)), answerTimeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function send(method: string, request: Request) {
  return withinTimeout(sendNow(method, request), `${method.toUpperCase()} ${request.path}`);
}

async function sendNow(method: string, request: Request) {
  const search = new URLSearchParams(request.query).toString();
  const url = `${origin}${request.path}${search ? `?${search}` : ''}`;
  const hasBody = request.rawBody !== undefined || request.body !== undefined;
  const response = await context.studio.api.request(url, {
    method: method.toUpperCase(),
    ...(hasBody
      ? { headers: { 'content-type': 'application/json' }, body: request.rawBody ?? JSON.stringify(request.body) }
      : {}),
  });
  return { response, text: await response.text() };
}

/** The answer checked against the document; returns the problems found. */
function conformance(
  where: { method: string; path: string; operation: Operation },
  { response, text }: { response: globalThis.Response; text: string },
): string[] {
  const status = String(response.status);
  const documented = where.operation.responses[status];
  if (!documented) return [`status ${status} is not documented (${text.slice(0, 200)})`];
  const problems: string[] = [];
  for (const [name, header] of Object.entries(documented.headers ?? {})) {
    const required = dereferenced(header, schemaContext).required === true;
    if (required && !response.headers.has(name)) problems.push(`${status} without the required header ${name}`);
  }
  const mediaTypes = Object.keys(documented.content ?? {});
  if (mediaTypes.length === 0)
    return text === '' ? problems : [...problems, `${status} has a body it does not document`];
  const contentType = response.headers.get('content-type') ?? '';
  const mediaType = mediaTypes.find((type) => contentType.startsWith(type));
  if (!mediaType) return [...problems, `${status} answered ${contentType}, documented ${mediaTypes.join(', ')}`];
  if (mediaType !== 'application/json') return problems;
  const validate = ajv.compile({
    $ref: pointer('paths', where.path, where.method, 'responses', status, 'content', 'application/json', 'schema'),
  });
  if (!validate(JSON.parse(text)))
    problems.push(`${status} body does not match: ${ajv.errorsText(validate.errors)} (${text.slice(0, 300)})`);
  return problems;
}

beforeAll(async () => {
  context = await createTestStudio();
  const response = await context.studio.api.request(`${origin}/api/openapi.json`);
  document = (await response.json()) as typeof document;
  ajv.addSchema({ ...document, $id: documentId });
  schemaContext = { document };
});
afterAll(() => context.cleanup());

describe('the server answers as its OpenAPI document says', () => {
  it('answers generated valid requests without refusing them as invalid, each answer as documented', async () => {
    const problems: string[] = [];
    for (const where of operations()) {
      if (notGenerated[where.operation.operationId]) continue;
      await fc.assert(
        fc.asyncProperty(validRequests(where.path, where.operation), async (request) => {
          const answer = await send(where.method, request);
          const found = conformance(where, answer);
          const refused = answer.response.status === 400 && !checksBeyondTheSchema[where.operation.operationId];
          if (refused) found.push(`a valid request was refused: ${answer.text.slice(0, 300)}`);
          for (const problem of found)
            problems.push(`${where.operation.operationId} ${JSON.stringify(request).slice(0, 300)}: ${problem}`);
        }),
        { numRuns: 4, seed: 7 },
      );
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('refuses generated invalid requests with a documented status and an error body', async () => {
    const problems: string[] = [];
    for (const where of operations()) {
      if (notGenerated[where.operation.operationId]) continue;
      await fc.assert(
        fc.asyncProperty(invalidRequests(where.path, where.operation), async (request) => {
          const answer = await send(where.method, request);
          const found = conformance(where, answer);
          if (answer.response.status !== 400) found.push(`answered ${answer.response.status}, not 400`);
          else if (!/"error":\{"code":"invalid_input"/.test(answer.text)) found.push(`not an invalid_input body`);
          for (const problem of found)
            problems.push(`${where.operation.operationId} ${JSON.stringify(request).slice(0, 300)}: ${problem}`);
        }),
        { numRuns: 4, seed: 7 },
      );
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('accepts every documented request example (no 400), answering as documented', async () => {
    const problems: string[] = [];
    for (const where of operations()) {
      const json = where.operation.requestBody?.content['application/json'];
      const example = json?.example ?? dereferenced(json?.schema ?? {}, schemaContext).example;
      if (example === undefined || notGenerated[where.operation.operationId]) continue;
      const values = Object.fromEntries(
        (where.operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => [parameter.name, String(parameter.example ?? parameter.schema.example ?? 'x')]),
      );
      const answer = await send(where.method, { path: concretePath(where.path, values), query: {}, body: example });
      const found = conformance(where, answer);
      if (answer.response.status === 400) found.push(`the example was refused: ${answer.text.slice(0, 300)}`);
      for (const problem of found) problems.push(`${where.operation.operationId}: ${problem}`);
    }
    expect(problems).toEqual([]);
  }, 60_000);
});
