/** Inputs that could make the server work without bound: deep JSON, long lists, hostile patterns, loops. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTool, ToolDefinitionError } from '@/lib/tools';
import { call, createTestStudio, jsonRequest } from '../../support/studio';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

let context: Awaited<ReturnType<typeof createTestStudio>>;

beforeAll(async () => {
  context = await createTestStudio({
    settings: { rateLimits: { connectionTestsPerMinute: 2, toolExecutionsPerMinute: 3 } },
    tools: {
      // A pattern that backtracks exponentially on a JavaScript engine.
      'hostile-pattern': createTool({
        id: 'hostile-pattern',
        description: 'Has a catastrophic pattern',
        inputSchema: {
          type: 'object',
          properties: { code: { type: 'string', pattern: '^(a|a)*$' } },
          required: ['code'],
        },
        execute: () => ({ ok: true }),
      }),
      'plain-pattern': createTool({
        id: 'plain-pattern',
        description: 'Has a pattern RE2 runs',
        inputSchema: { type: 'object', properties: { code: { type: 'string', pattern: '^\\w+\\d$' } } },
        execute: () => ({ ok: true }),
      }),
    },
  });
});
afterAll(() => context.cleanup());

describe('JSON nesting', () => {
  it('refuses bodies nested deeper than 64 levels with 400 before any schema sees them', async () => {
    for (const depth of [65, 1_000, 200_000]) {
      const body = `{"id":"deep","name":"x","model":"openai/gpt-4o-mini","instructions":"x","metadata":{"a":${nested(depth)}}}`;
      const response = await context.studio.api.request('/api/agents', jsonRequest('POST', body));
      expect(response.status, String(depth)).toBe(400);
      const error = (await response.json()).error;
      expect(error.code).toBe('invalid_input');
      expect(error.message).toMatch(/deeper than 64 levels/);
    }
    // 62 levels inside the 2 of the body itself: accepted as far as nesting goes.
    const shallow = `{"id":"shallow","name":"x","model":"openai/gpt-4o-mini","instructions":"x","metadata":{"a":${nested(62)}}}`;
    const accepted = await context.studio.api.request('/api/agents', jsonRequest('POST', shallow));
    expect(accepted.status).toBe(201);
  });

  it('takes back what it exported: an agent and a deployment whose metadata nests as deep as a save allows', async () => {
    // The `shallow` agent above: 62 levels inside the body's 2, which an export puts further in.
    const exported = await call(context.studio, 'GET', '/api/agents/shallow/export');
    expect(exported.status).toBe(200);
    const copy = { ...exported.body, agent: { ...exported.body.agent, id: 'shallow-copy' } };
    const imported = await call(context.studio, 'POST', '/api/agents/import', copy);
    expect(imported.status, JSON.stringify(imported.body).slice(0, 300)).toBe(201);

    const backup = await call(context.studio, 'POST', '/api/deployment/export', { withoutSecrets: true });
    expect(backup.status).toBe(200);
    const fresh = await createTestStudio();
    try {
      const restored = await call(fresh.studio, 'POST', '/api/deployment/import?dryRun=true', {
        backup: backup.body,
      });
      expect(restored.status, JSON.stringify(restored.body).slice(0, 300)).toBe(200);
    } finally {
      await fresh.cleanup();
    }
    // The import routes still refuse what no export holds.
    const deep = `{"backup":{"a":${nested(200)}}}`;
    const refused = await context.studio.api.request('/api/deployment/import', jsonRequest('POST', deep));
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toMatch(/deeper than 72 levels/);
  });

  it('refuses them on run routes and other writes too, before the route looks anything up', async () => {
    const body = `{"prompt":"hi","requestContext":{"a":${nested(200)}}}`;
    for (const path of ['/api/agents/anyone/generate', '/api/agents/anyone/stream', '/api/runs/any-run/resume']) {
      const response = await context.studio.api.request(path, jsonRequest('POST', body));
      expect(response.status, path).toBe(400);
      expect((await response.json()).error.message, path).toMatch(/deeper than 64 levels/);
    }
  });

  it('counts brackets inside strings as text, not nesting', async () => {
    const body = JSON.stringify({
      id: 'brackets',
      name: '['.repeat(150),
      model: 'openai/gpt-4o-mini',
      instructions: 'x',
    });
    expect((await context.studio.api.request('/api/agents', jsonRequest('POST', body))).status).toBe(201);
  });

  it('refuses a deep request context in a query string too', async () => {
    const query = encodeURIComponent(`{"a":${nested(100)}}`);
    const response = await context.studio.api.request(`/api/agents/brackets/diff?from=1&to=1&requestContext=${query}`);
    expect(response.status).toBe(400);
    expect((await response.json()).error.details.issues[0].path).toBe('query.requestContext');
  });
});

describe('the key __proto__', () => {
  it('is refused wherever a body holds it, naming where, instead of vanishing from what is saved', async () => {
    const bodies = [
      [
        '/api/agents',
        '{"id":"proto","name":"P","model":"openai/gpt-4o-mini","metadata":{"__proto__":{"x":1}}}',
        'metadata.__proto__',
      ],
      [
        '/api/agents/brackets/resolve',
        '{"requestContext":{"list":[{"__proto__":{}}]}}',
        'requestContext.list.0.__proto__',
      ],
    ];
    for (const [path, body, at] of bodies) {
      const response = await context.studio.api.request(path!, jsonRequest('POST', body));
      expect(response.status, path).toBe(400);
      const { error } = await response.json();
      expect(error.details.issues, path).toEqual([
        { path: at, message: 'The key "__proto__" is not accepted in any object' },
      ]);
    }
    // A value that only mentions the word is taken.
    const mention = '{"id":"proto-text","name":"__proto__","model":"openai/gpt-4o-mini","instructions":"x"}';
    expect((await context.studio.api.request('/api/agents', jsonRequest('POST', mention))).status).toBe(201);
  });
});

describe('list caps', () => {
  it.each([
    [
      'tools per agent',
      '/api/agents',
      {
        id: 'many-tools',
        name: 'x',
        model: 'openai/gpt-4o-mini',
        instructions: 'x',
        tools: Object.fromEntries(Array.from({ length: 501 }, (_, index) => [`tool-${index}`, {}])),
      },
      /At most 500 .*per agent/,
    ],
    [
      'servers per client',
      '/api/mcp-clients',
      {
        id: 'many-servers',
        name: 'x',
        servers: Object.fromEntries(
          Array.from({ length: 51 }, (_, index) => [`s${index}`, { type: 'http', url: 'http://127.0.0.1:9/mcp' }]),
        ),
      },
      /At most 50 servers per client/,
    ],
    [
      'conditions per rule group',
      '/api/agents',
      {
        id: 'many-rules',
        name: 'x',
        model: 'openai/gpt-4o-mini',
        instructions: 'x',
        tools: [
          {
            value: {},
            rules: {
              operator: 'AND',
              conditions: Array.from({ length: 101 }, () => ({ field: 'a', operator: 'exists' })),
            },
          },
        ],
      },
      /at most 100 conditions/,
    ],
  ])('refuses more than the cap of %s with a message naming it', async (_name, path, body, message) => {
    const response = await call(context.studio, 'POST', path, body);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body.error)).toMatch(message);
  });
});

describe('schema patterns', () => {
  it('checks a catastrophic pattern in linear time (a backtracking engine would not finish)', async () => {
    const response = await call(context.studio, 'POST', '/api/tools/hostile-pattern/execute', {
      input: { code: `${'a'.repeat(5_000)}!` },
    });
    expect(response.status).toBe(200);
    expect(response.body.isError).toBe(true);
    expect(JSON.stringify(response.body.output)).toMatch(/pattern/);
  });

  it('refuses a code tool whose pattern RE2 cannot run when it is defined, naming the tool', () => {
    const define = () =>
      createTool({
        id: 'look-ahead',
        description: 'Has a pattern RE2 cannot run',
        inputSchema: { type: 'object', properties: { code: { type: 'string', pattern: '^(?=.*\\d)\\w+$' } } },
      });
    expect(define).toThrow(ToolDefinitionError);
    expect(define).toThrow('Tool look-ahead: inputSchema is not a valid JSON Schema');
    expect(define).toThrow(String.raw`the pattern "^(?=.*\\d)\\w+$" at properties.code.pattern cannot run on RE2`);
  });
});

describe('rate limits', () => {
  it('limits tool runs per tool with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await context.studio.api.request(
        '/api/tools/hostile-pattern/execute',
        jsonRequest('POST', { input: { code: 'aaa' } }),
      );
      statuses.push(response.status);
      if (response.status === 429) {
        retryAfter = response.headers.get('retry-after');
        expect((await response.json()).error).toMatchObject({ code: 'rate_limited', details: { limitPerMinute: 3 } });
      }
    }
    // The pattern test above ran this tool once: two runs left, then refused.
    expect(statuses).toEqual([200, 200, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Another tool has its own budget.
    expect(
      (await call(context.studio, 'POST', '/api/tools/plain-pattern/execute', { input: { code: 'a1' } })).status,
    ).toBe(200);
  });

  it('limits connection tests per saved client', async () => {
    await call(context.studio, 'POST', '/api/mcp-clients', {
      id: 'tested',
      name: 'Tested',
      servers: { down: { type: 'http', url: 'http://127.0.0.1:9/mcp', timeout: 1_000 } },
    });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1)
      statuses.push((await call(context.studio, 'POST', '/api/mcp-clients/tested/test', {})).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('limits tests of servers not saved yet as one budget', async () => {
    const body = { servers: { down: { type: 'http', url: 'http://127.0.0.1:9/mcp', timeout: 1_000 } } };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1)
      statuses.push((await call(context.studio, 'POST', '/api/mcp-clients/test', body)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});
