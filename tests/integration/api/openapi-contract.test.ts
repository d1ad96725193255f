/**
 * The served OpenAPI document (of a studio with sign-in required, which serves every operation) as
 * a client contract: every operation has a stable operationId, tags and examples; each declares
 * the scope the operation table gives it; Redocly's recommended lint is clean (run offline);
 * openapi-typescript turns the document into types that compile.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { Document as SpectralDocument, Spectral } from '@stoplight/spectral-core';
import Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiScopeLookup, operationScopes, spendingOperations } from '@/lib/api/operation-scopes';
import type { OperationId } from '@/lib/api/operations';
import { apiOperations } from '@/lib/api/operations';
import { demoAgentBody } from '@/lib/seed';
import { createTestStudio } from '../../support/studio';

type Operation = {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  tags?: string[];
  summary?: string;
  parameters?: Array<{ name: string; in: string; example?: unknown; schema?: { example?: unknown } }>;
  requestBody?: { content: Record<string, { schema?: { example?: unknown; $ref?: string }; example?: unknown }> };
};
type Document = {
  servers?: Array<{ url: string }>;
  components?: { securitySchemes?: Record<string, unknown> };
  tags?: Array<{ name: string }>;
  paths: Record<string, Record<string, Operation>>;
};

const methods = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** An agent whose tools, MCP clients and instructions depend on the request context. */
const conditionalAgentBody = {
  id: 'conditional-bot',
  name: 'Conditional bot',
  model: 'openai/gpt-4o-mini',
  instructions: [
    { type: 'text', content: 'Help the customer.' },
    {
      type: 'prompt_block',
      content: 'Offer refunds.',
      rules: { operator: 'AND', conditions: [{ field: 'user.plan', operator: 'equals', value: 'pro' }] },
    },
  ],
  tools: [
    {
      value: { 'search-knowledge-base': { description: 'Search the docs' } },
      rules: { operator: 'OR', conditions: [{ field: 'tenant', operator: 'in', value: ['acme', 'globex'] }] },
    },
    { value: ['convert-units'] },
  ],
  mcpClients: [
    { value: { docs: { tools: { search: {} } } }, rules: { jsonLogic: { '==': [{ var: 'env' }, 'prod'] } } },
  ],
  agents: { helper: { description: 'A helper agent' } },
};

let context: Awaited<ReturnType<typeof createTestStudio>>;
let document: Document;
let text: string;

function operations(): Array<{ method: string; path: string; operation: Operation }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.has(method))
      .map(([method, operation]) => ({ method, path, operation })),
  );
}

beforeAll(async () => {
  // With sign-in required every operation is served (the user operations only are there then).
  context = await createTestStudio({ settings: { auth: 'required' } });
  const response = await context.studio.api.request('http://127.0.0.1:4321/api/openapi.json');
  text = await response.text();
  document = JSON.parse(text) as Document;
});
afterAll(() => context.cleanup());

describe('the OpenAPI document as a client contract', () => {
  it('names the server it was fetched from', () => {
    expect(document.servers).toEqual([{ url: 'http://127.0.0.1:4321' }]);
  });

  it('gives every operation a unique operationId, a declared tag and a summary', () => {
    const all = operations();
    expect(all.length).toBeGreaterThanOrEqual(40);
    const declaredTags = new Set(document.tags?.map((tag) => tag.name));
    for (const { method, path, operation } of all) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation.tags?.length, where).toBeGreaterThan(0);
      for (const tag of operation.tags ?? []) expect(declaredTags.has(tag), `${where}: tag ${tag}`).toBe(true);
      expect(operation.summary, where).toBeTruthy();
    }
    const ids = all.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    // And no tag without an operation (with sign-in off, users and sign-in have none).
    const usedTags = new Set(all.flatMap(({ operation }) => operation.tags ?? []));
    expect([...declaredTags].filter((tag) => !usedTags.has(tag))).toEqual([]);
  });

  it('lists exactly the operations of lib/api/operations.ts, each under its own operationId', () => {
    for (const [key, route] of Object.entries(apiOperations)) expect(route.operationId).toBe(key);
    const served = operations().map(({ method, path, operation }) => `${operation.operationId} ${method} ${path}`);
    const registered = Object.entries(apiOperations).map(
      ([key, route]) => `${key} ${route.method} /api${route.path.replace(/\/$/, '')}`,
    );
    expect(served.sort()).toEqual(registered.sort());
  });

  it('leaves out only the user, invitation and setup operations when sign-in is not required', async () => {
    const open = await createTestStudio();
    try {
      const served = (await (await open.studio.api.request('/api/openapi.json')).json()) as Document;
      const ids = Object.values(served.paths).flatMap((item) =>
        Object.values(item).map((operation) => operation.operationId),
      );
      const missing = Object.keys(apiOperations).filter((operationId) => !ids.includes(operationId));
      expect(missing.sort()).toEqual([
        'acceptInvitation',
        'createInvitation',
        'createUser',
        'listInvitations',
        'listUsers',
        'readInvitation',
        'setUpFirstAdmin',
        'updateUser',
        'withdrawInvitation',
      ]);
    } finally {
      await open.cleanup();
    }
  });

  it('declares the bearer key and the session cookie as security schemes', () => {
    expect(document.components?.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      sessionCookie: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'studio.session_token' }),
    });
  });

  it('declares on every operation the scope of the operation table, public ones with no security', () => {
    const declared = operations().map(({ operation }) => [operation.operationId, operation.security]);
    // A session needs the editor role for what spends model or tool calls; a key only the scope.
    const sessionScopeOf = (operationId: string, scope: string) =>
      spendingOperations.has(operationId as OperationId) && scope === 'runtime' ? 'editor' : scope;
    const expected = Object.entries(operationScopes).map(([operationId, scope]) => [
      operationId,
      scope === 'public' ? [] : [{ bearerAuth: [scope] }, { sessionCookie: [sessionScopeOf(operationId, scope)] }],
    ]);
    const byId = (entries: unknown[][]) => entries.sort(([a], [b]) => String(a).localeCompare(String(b)));
    expect(byId(declared)).toEqual(byId(expected));
    expect(declared.filter(([, security]) => (security as unknown[]).length === 0)).toEqual([
      ['acceptInvitation', []],
      ['getHealth', []],
      ['readInvitation', []],
      ['setUpFirstAdmin', []],
    ]);
  });

  it('has every served path answered by the scope lookup with its own operation', () => {
    const lookup = createApiScopeLookup();
    for (const { method, path, operation } of operations()) {
      const concrete = path.replaceAll(/{(.+?)}/g, 'sample_$1');
      expect(lookup.find(method, concrete)?.operationId, `${method.toUpperCase()} ${concrete}`).toBe(
        operation.operationId,
      );
    }
  });

  it('gives an example for every path parameter and every JSON request body', () => {
    const components = (document as { components?: { schemas?: Record<string, { example?: unknown }> } }).components;
    const exampleOf = (schema: { example?: unknown; $ref?: string } | undefined) =>
      schema?.example ?? (schema?.$ref ? components?.schemas?.[schema.$ref.split('/').pop()!]?.example : undefined);
    const missing: string[] = [];
    for (const { method, path, operation } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path' && (parameter.example ?? parameter.schema?.example) === undefined)
          missing.push(`${where}: parameter ${parameter.name}`);
      }
      const json = operation.requestBody?.content['application/json'];
      if (json && (json.example ?? exampleOf(json.schema)) === undefined) missing.push(`${where}: body`);
    }
    expect(missing).toEqual([]);
  });

  it('bounds every whole number as the server does: safe integers, 2^53 - 1 and beyond refused', async () => {
    const unbounded: string[] = [];
    const walk = (value: unknown, path: string) => {
      if (value === null || typeof value !== 'object') return;
      const schema = value as Record<string, unknown>;
      const isInteger = schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.includes('integer'));
      const upper = (schema.maximum ?? schema.exclusiveMaximum) as number | undefined;
      const lower = (schema.minimum ?? schema.exclusiveMinimum) as number | undefined;
      if (
        isInteger &&
        !(
          upper !== undefined &&
          upper <= Number.MAX_SAFE_INTEGER &&
          lower !== undefined &&
          lower >= Number.MIN_SAFE_INTEGER
        )
      )
        unbounded.push(path);
      for (const [key, item] of Object.entries(schema))
        if (!['example', 'examples', 'default', 'const', 'enum'].includes(key)) walk(item, `${path}/${key}`);
    };
    walk(document, '');
    expect(unbounded).toEqual([]);
    const n = document.paths['/api/agents/{id}/versions/{n}']!.get!.parameters!.find(({ name }) => name === 'n');
    expect((n as { schema?: { maximum?: number } }).schema?.maximum).toBe(Number.MAX_SAFE_INTEGER);
    // Past the bound the server refuses, as the document says (sign-in off, so the refusal is the parameter's).
    const open = await createTestStudio();
    try {
      const beyond = await open.studio.api.request(
        `/api/agents/demo-assistant/versions/${Number.MAX_SAFE_INTEGER + 2}`,
      );
      expect(beyond.status).toBe(400);
      expect(((await beyond.json()) as { error: { details: unknown } }).error.details).toEqual({
        issues: [{ path: 'param.n', message: 'A whole number from 1' }],
      });
    } finally {
      await open.cleanup();
    }
  });

  it("publishes the snapshot's JSON Schema, which each version of an export document refers to", async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ ...document, $id: 'openapi.json' });
    const validate = ajv.compile({ $ref: 'openapi.json#/components/schemas/AgentExport' });
    await context.studio.editor.agents.create({ ...demoAgentBody, id: 'exported-bot' });
    const exported = await context.studio.editor.agents.export('exported-bot');
    expect(validate(exported), ajv.errorsText(validate.errors)).toBe(true);
    const broken = { ...exported, versions: [{ ...exported.versions[0]!, snapshot: { name: '', tools: 'x' } }] };
    expect(validate(broken)).toBe(false);
    expect(validate.errors?.map((error) => error.instancePath)).toEqual(
      expect.arrayContaining(['/versions/0/snapshot/name', '/versions/0/snapshot/tools']),
    );
  });

  it("passes Redocly's recommended lint", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    const described = problems.map(
      (problem) => `${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`,
    );
    expect(described).toEqual([]);
  });

  it("has no errors under Spectral's spectral:oas ruleset, and a description on every operation", async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as never, 'recommended']] } as never);
    const results = await spectral.run(new SpectralDocument(text, Parsers.Json));
    // Severity 0 is an error; warnings (an info contact, scopes on a bearer scheme) do not count.
    const errors = results.filter((result) => result.severity === 0);
    expect(errors.map((result) => `${result.code} at ${result.path.join('.')}: ${result.message}`)).toEqual([]);
    expect(results.filter((result) => result.code === 'operation-description')).toEqual([]);
  });

  it('lists on every operation the refusals of the cross-cutting checks, with the error schema', () => {
    for (const { method, path, operation } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      const responses = (operation as { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> })
        .responses;
      const expected = ['400', '403', '421', '503'];
      if ((operation.security ?? []).length > 0) expected.push('401');
      if (method !== 'get') expected.push('413', '415');
      for (const status of expected) {
        expect(responses[status]?.content?.['application/json']?.schema, `${where} ${status}`).toEqual({
          $ref: '#/components/schemas/Error',
        });
      }
    }
    const rateLimited = document.paths['/api/tools/{id}/execute']!.post!;
    expect((rateLimited as { responses: Record<string, { headers?: unknown }> }).responses['429']?.headers).toEqual({
      'Retry-After': { $ref: '#/components/headers/RetryAfter' },
    });
  });

  it('is turned into TypeScript types by openapi-typescript, and the types compile', async () => {
    const generated = astToString(await openapiTS(text));
    expect(generated).toContain('listAgents: {');
    const directory = mkdtempSync(join(tmpdir(), 'studio-openapi-types-'));
    try {
      writeFileSync(join(directory, 'api.d.ts'), generated);
      writeFileSync(
        join(directory, 'use.ts'),
        [
          "import type { operations, paths } from './api';",
          "type Page = operations['listAgents']['responses'][200]['content']['application/json'];",
          'export const firstId = (page: Page): string | undefined => page.items[0]?.id;',
          "type Body = paths['/api/agents/{id}']['patch']['requestBody'];",
          "export const base = (body: NonNullable<Body>['content']['application/json']): number => body.baseVersionNumber;",
          "type CreateBody = operations['createAgent']['requestBody']['content']['application/json'];",
          `export const demo: CreateBody = ${JSON.stringify(demoAgentBody)};`,
          `export const conditional: CreateBody = ${JSON.stringify(conditionalAgentBody)};`,
          "type Tools = NonNullable<CreateBody['tools']>;",
          // The plain form and the list of variants are told apart by the type alone.
          'export const variantCount = (tools: Tools): number => (Array.isArray(tools) ? tools.length : 0);',
        ].join('\n'),
      );
      const program = ts.createProgram([join(directory, 'use.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
      });
      const diagnostics = ts
        .getPreEmitDiagnostics(program)
        .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      expect(diagnostics).toEqual([]);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }, 120_000);
});
