import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createStudio } from '@/lib';
import { createTool } from '@/lib/tools';
import studioConfig from '@/studio.config';
import { createTestStudio, jsonRequest } from '../../support/studio';

const extraTools = {
  'tenant-echo': createTool({
    id: 'tenant-echo',
    description: 'Answers the tenant of the request context',
    requestContextSchema: z.object({ tenantId: z.string() }),
    execute: (_input, { requestContext }) => ({ tenantId: requestContext.tenantId }),
  }),
  'list-options': createTool({
    id: 'list-options',
    description: 'Every field optional',
    inputSchema: z.object({ verbose: z.boolean().optional() }),
    execute: (input) => ({ received: input }),
  }),
  'shaped-output': createTool({
    id: 'shaped-output',
    description: 'Has a toModelOutput',
    execute: () => ({ celsius: 21 }),
    toModelOutput: (output: { celsius: number }) => ({ type: 'text', value: `${output.celsius} °C` }),
  }),
  'browser-only': createTool({
    id: 'browser-only',
    description: 'A client tool',
    requireApproval: (input: unknown) => Boolean(input),
  }),
};

describe('tool routes (in process)', () => {
  let context: Awaited<ReturnType<typeof createTestStudio>>;
  const request = (path: string, init?: RequestInit) => context.studio.api.request(path, init);
  const execute = (id: string, body: unknown) => request(`/api/tools/${id}/execute`, jsonRequest('POST', body));

  beforeAll(async () => {
    context = await createTestStudio({ ...studioConfig, tools: { ...studioConfig.tools, ...extraTools } });
  });
  afterAll(() => context.cleanup());

  describe('GET /api/tools', () => {
    it('lists the registered tools sorted by id, with schemas and annotations', async () => {
      const response = await request('/api/tools?limit=100');
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.nextCursor).toBeNull();
      expect(body.items.map((tool: { id: string }) => tool.id)).toEqual([
        'browser-only',
        'convert-units',
        'list-options',
        'search-knowledge-base',
        'shaped-output',
        'tenant-echo',
        'world-time',
      ]);
      const convert = body.items.find((tool: { id: string }) => tool.id === 'convert-units');
      expect(convert).toMatchObject({
        description: expect.stringContaining('Convert an amount'),
        inputSchema: { type: 'object', required: ['value', 'from', 'to'] },
        outputSchema: { type: 'object' },
        annotations: { title: 'Convert units', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
        effectiveAnnotations: { readOnlyHint: true, destructiveHint: true, idempotentHint: true, openWorldHint: false },
        requireApproval: false,
        executable: true,
      });
    });

    it('describes a client tool with conditional approval and no output schema', async () => {
      const body = await (await request('/api/tools/browser-only')).json();
      expect(body.tool).toMatchObject({
        executable: false,
        requireApproval: 'conditional',
        outputSchema: null,
        annotations: {},
      });
    });

    it('pages with limit and an opaque cursor', async () => {
      const first = await (await request('/api/tools?limit=3')).json();
      expect(first.items).toHaveLength(3);
      expect(typeof first.nextCursor).toBe('string');
      const second = await (await request(`/api/tools?limit=3&cursor=${first.nextCursor}`)).json();
      const third = await (await request(`/api/tools?limit=3&cursor=${second.nextCursor}`)).json();
      expect(third.nextCursor).toBeNull();
      const ids = [...first.items, ...second.items, ...third.items].map((tool: { id: string }) => tool.id);
      expect(ids).toEqual(context.studio.tools.list().map((tool) => tool.id));
    });

    it.each([
      ['a limit over 100', '?limit=101', 'query.limit'],
      ['a limit of 0', '?limit=0', 'query.limit'],
      ['a cursor it did not issue', '?cursor=***', 'query.cursor'],
    ])('rejects %s with 400 invalid_input', async (_case, query, path) => {
      const response = await request(`/api/tools${query}`);
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.error.code).toBe('invalid_input');
      expect(body.error.details.issues.map((issue: { path: string }) => issue.path)).toEqual([path]);
    });
  });

  describe('GET /api/tools/:id', () => {
    it('answers one tool with its input and output JSON Schema', async () => {
      const response = await request('/api/tools/world-time');
      expect(response.status).toBe(200);
      const { tool } = await response.json();
      expect(tool.id).toBe('world-time');
      expect(tool.inputSchema).toEqual(context.studio.tools.get('world-time')!.inputJsonSchema);
      expect(tool.outputSchema).toEqual(context.studio.tools.get('world-time')!.outputJsonSchema);
      expect(tool.requestContextSchema).toBeNull();
    });

    it('answers what a tool reads from the request context, as JSON Schema', async () => {
      const { tool } = await (await request('/api/tools/tenant-echo')).json();
      expect(tool.requestContextSchema).toMatchObject({
        type: 'object',
        properties: { tenantId: { type: 'string' } },
        required: ['tenantId'],
      });
    });

    it('answers 404 not_found naming an unknown id', async () => {
      const response = await request('/api/tools/no-such-tool');
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: {
          code: 'not_found',
          message: 'No tool with the id "no-such-tool" is registered.',
          details: { id: 'no-such-tool' },
        },
      });
    });
  });

  describe('POST /api/tools/:id/execute', () => {
    it('answers the output of a good call', async () => {
      const response = await execute('convert-units', { input: { value: 10, from: 'km', to: 'mi' } });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        output: {
          value: 10,
          from: 'km',
          to: 'mi',
          kind: 'length',
          result: 6.21371192237,
          formatted: '10 km = 6.21371 mi',
        },
        isError: false,
      });
    });

    it('answers 200 with the validation-error value the model would get for bad input', async () => {
      const response = await execute('convert-units', { input: { value: 'ten', from: 'kg', to: 'parsec' } });
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.isError).toBe(true);
      expect(body.output.error).toBe(true);
      expect(body.output.validationErrors.map((issue: { path: string }) => issue.path)).toEqual(['value', 'to']);
      expect(body.output.message).toMatch(
        /^Tool input validation failed for convert-units\. Please fix the following errors and try again:\n- value: .+\n- to: .+\n\nProvided arguments: \{"value":"ten","from":"kg","to":"parsec"\}$/,
      );
    });

    it('answers { message } with isError when execute throws', async () => {
      const response = await execute('world-time', { input: { timeZone: 'Mars/Olympus_Mons' } });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        output: {
          message: expect.stringMatching(/^Unknown time zone "Mars\/Olympus_Mons"\. Use an IANA time zone name/),
        },
        isError: true,
      });
    });

    it('runs the knowledge-base search', async () => {
      const body = await (
        await execute('search-knowledge-base', { input: { query: 'publish a version', limit: 1 } })
      ).json();
      expect(body.isError).toBe(false);
      expect(body.output.results.map((result: { id: string }) => result.id)).toEqual(['versions-and-publishing']);
    });

    it('repairs a missing input for a tool whose fields are all optional', async () => {
      expect(await (await execute('list-options', {})).json()).toEqual({ output: { received: {} }, isError: false });
    });

    it('validates the request context it is given', async () => {
      expect(await (await execute('tenant-echo', { input: {}, requestContext: { tenantId: 'acme' } })).json()).toEqual({
        output: { tenantId: 'acme' },
        isError: false,
      });
      const failed = await (await execute('tenant-echo', { input: {} })).json();
      expect(failed.isError).toBe(true);
      expect(failed.output.message).toMatch(/^Request context validation failed for tenant-echo\./);
    });

    it('adds what the model sees for a tool with toModelOutput', async () => {
      expect(await (await execute('shaped-output', {})).json()).toEqual({
        output: { celsius: 21 },
        isError: false,
        modelOutput: { type: 'text', value: '21 °C' },
      });
    });

    it('answers a client tool with an error result, since it runs elsewhere', async () => {
      expect(await (await execute('browser-only', { input: {} })).json()).toEqual({
        output: { message: 'Tool browser-only has no execute function: it is executed elsewhere (a client tool).' },
        isError: true,
      });
    });

    it('answers 404 not_found naming an unknown tool', async () => {
      const response = await execute('no-such-tool', { input: {} });
      expect(response.status).toBe(404);
      expect((await response.json()).error).toMatchObject({
        code: 'not_found',
        message: 'No tool with the id "no-such-tool" is registered.',
      });
    });

    it.each([
      ['an unknown body field', { input: {}, extra: true }, { path: 'extra', message: 'Unknown field' }],
      [
        'a request context that is not an object',
        { input: {}, requestContext: 'acme' },
        { path: 'requestContext', message: expect.any(String) },
      ],
    ])('rejects %s with 400 invalid_input', async (_case, body, issue) => {
      const response = await execute('convert-units', body);
      expect(response.status).toBe(400);
      const answer = await response.json();
      expect(answer.error.code).toBe('invalid_input');
      expect(answer.error.details.issues).toEqual([issue]);
    });

    it('rejects a body that is not JSON', async () => {
      const response = await execute('convert-units', '{"input": ');
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe('invalid_input');
    });
  });

  it('documents the tool routes in the OpenAPI document', async () => {
    const document = await (await request('/api/openapi.json')).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/tools', '/api/tools/{id}', '/api/tools/{id}/execute']),
    );
    expect(document.paths['/api/tools/{id}/execute'].post.responses['200']).toBeDefined();
    expect(document.components.schemas.ToolExecuteRequest.additionalProperties).toBe(false);
    expect(document.components.schemas.Tool).toBeDefined();
  });
});

describe('tool registration at startup', () => {
  it('exposes the registry in process', async () => {
    const context = await createTestStudio(studioConfig);
    try {
      expect(context.studio.tools.list().map((tool) => tool.id)).toEqual([
        'convert-units',
        'search-knowledge-base',
        'world-time',
      ]);
      expect(context.studio.tools.get('convert-units')).toBe(studioConfig.tools!['convert-units']);
    } finally {
      await context.cleanup();
    }
  });

  it('refuses to start with a key that differs from the tool id, naming both', async () => {
    const tool = studioConfig.tools!['convert-units']!;
    await expect(createStudio({ database: { url: ':memory:' }, tools: { convert: tool } })).rejects.toThrow(
      /tools\["convert"\] \(id "convert-units": .*\) is registered under a key that differs from its id/,
    );
  });

  it('refuses to start with two tools of the same id, naming both', async () => {
    const first = createTool({ id: 'dup', description: 'First', execute: () => 1 });
    const second = createTool({ id: 'dup', description: 'Second', execute: () => 2 });
    await expect(createStudio({ database: { url: ':memory:' }, tools: { dup: first, other: second } })).rejects.toThrow(
      'Two registered tools have the id "dup": tools["dup"] (id "dup": "First") and tools["other"] (id "dup": "Second"). Tool ids must be unique.',
    );
  });
});
