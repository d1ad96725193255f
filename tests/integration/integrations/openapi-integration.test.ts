import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenApiIntegration, OpenApiDocumentError, type OpenApiCredentials } from '@/lib/integrations';
import { silentLogger } from '@/lib/logger';
import { callTool, freezeRequestContext, type Tool } from '@/lib/tools';
import { outputOf } from '@/tests/support/tool-execution';
import { closedPort, startEchoServer, usersDocument } from './echo-server';

let server: Awaited<ReturnType<typeof startEchoServer>>;
beforeAll(async () => {
  server = await startEchoServer();
});
afterAll(() => server.close());

const requestContext = freezeRequestContext({});

async function toolFor(
  slug: string,
  options: { credentials?: OpenApiCredentials; timeoutMs?: number; baseUrl?: string } = {},
): Promise<Tool> {
  const integration = createOpenApiIntegration({ id: 'users', document: usersDocument(server.url), ...options });
  const tools = await integration.resolveTools([slug], {}, { requestContext });
  return tools[slug]!;
}

describe('OpenAPI integration: catalogue', () => {
  it('lists one tool per operation with its description and input schema', async () => {
    const integration = createOpenApiIntegration({ id: 'users', document: usersDocument(server.url) });
    expect(integration.name).toBe('Users API');
    expect(integration.description).toBe('Test users');
    const tools = await integration.listTools({ requestContext });
    expect(tools.map((tool) => tool.slug)).toEqual(['getUser', 'createUser', 'getMissing', 'slow', 'text', 'big']);
    expect(tools[1]).toEqual({
      slug: 'createUser',
      description: 'Create a user',
      inputSchema: {
        type: 'object',
        properties: {
          body: {
            type: 'object',
            required: ['name'],
            properties: { name: { type: 'string', minLength: 1 }, age: { type: 'integer', minimum: 0 } },
          },
        },
        required: ['body'],
        additionalProperties: false,
      },
    });
  });

  it('resolves exactly the asked slugs, with agent descriptions and without changing the shared tool', async () => {
    const integration = createOpenApiIntegration({ id: 'users', document: usersDocument(server.url) });
    const tools = await integration.resolveTools(
      ['getUser', 'nope', 'text'],
      { getUser: { description: 'Look a user up' }, text: { description: '  ' } },
      { requestContext },
    );
    expect(Object.keys(tools)).toEqual(['getUser', 'text']);
    expect(tools.getUser!.description).toBe('Look a user up');
    expect(tools.text!.description).toBe('GET /text');
    const again = await integration.resolveTools(['getUser'], {}, { requestContext });
    expect(again.getUser!.description).toBe('Get one user');
    // Same slug and description, same object: resolutions built on it can be reused.
    const repeated = await integration.resolveTools(
      ['getUser', 'text'],
      { getUser: { description: 'Look a user up' } },
      { requestContext },
    );
    expect(repeated.getUser).toBe(tools.getUser);
    expect(repeated.text).toBe(tools.text);
  });

  it('rejects listing and resolving with every problem of an invalid document', async () => {
    const integration = createOpenApiIntegration({
      id: 'broken',
      document: { openapi: '3.0.3', info: { title: 'x' }, paths: {} },
    });
    await expect(integration.listTools({ requestContext })).rejects.toThrow(OpenApiDocumentError);
    await expect(integration.resolveTools(['x'], {}, { requestContext })).rejects.toThrow(/info\.version: is required/);
  });
});

describe('OpenAPI integration: calls', () => {
  it('GET with path, query and header parameters', async () => {
    const tool = await toolFor('getUser');
    const output = outputOf(
      await tool.execute!(
        { userId: 'ada lovelace/1', verbose: true, tags: ['a', 'b'], 'X-Trace': 't-1' },
        { requestContext },
      ),
    );
    expect(output).toMatchObject({ status: 200, ok: true, headers: { 'content-type': 'application/json' } });
    const seen = server.seen.at(-1)!;
    expect(seen).toMatchObject({
      method: 'GET',
      path: '/users/ada%20lovelace%2F1',
      query: { verbose: 'true', tags: ['a', 'b'] },
    });
    expect(seen.headers['x-trace']).toBe('t-1');
    expect((output as { body: { path: string } }).body.path).toBe('/users/ada%20lovelace%2F1');
  });

  it('POST with a JSON body', async () => {
    const tool = await toolFor('createUser');
    const output = outputOf(await tool.execute!({ body: { name: 'Grace', age: 85 } }, { requestContext }));
    expect(output).toMatchObject({ status: 201, ok: true });
    const seen = server.seen.at(-1)!;
    expect(seen.method).toBe('POST');
    expect(seen.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen.body)).toEqual({ name: 'Grace', age: 85 });
  });

  it.each([
    {
      credentials: { type: 'bearer', token: 'secret-token' },
      header: 'authorization',
      expected: 'Bearer secret-token',
    },
    {
      credentials: { type: 'apiKey', in: 'header', name: 'X-Api-Key', value: 'key-123' },
      header: 'x-api-key',
      expected: 'key-123',
    },
    {
      credentials: { type: 'basic', username: 'ada', password: 'p:ss' },
      header: 'authorization',
      expected: `Basic ${Buffer.from('ada:p:ss').toString('base64')}`,
    },
  ] as const)(
    '$credentials.type credentials reach the server in $header',
    async ({ credentials, header, expected }) => {
      const tool = await toolFor('getUser', { credentials });
      await tool.execute!({ userId: '1' }, { requestContext });
      expect(server.seen.at(-1)!.headers[header]).toBe(expected);
    },
  );

  it('apiKey credentials in the query, which the tool input cannot override', async () => {
    const tool = await toolFor('getUser', {
      credentials: { type: 'apiKey', in: 'query', name: 'verbose', value: 'from-config' },
    });
    await tool.execute!({ userId: '1', verbose: false }, { requestContext });
    expect(server.seen.at(-1)!.query.verbose).toBe('from-config');
  });

  it('a non-2xx answer is an output with ok: false', async () => {
    const tool = await toolFor('getMissing');
    const result = await callTool({ tool, input: { id: 7 }, context: { requestContext }, logger: silentLogger });
    expect(result).toEqual({
      isError: false,
      output: {
        status: 404,
        ok: false,
        headers: { 'content-type': 'application/json' },
        body: { error: 'no such thing' },
      },
    });
  });

  it('text bodies stay text, and bodies over 100,000 characters are cut', async () => {
    expect(await (await toolFor('text')).execute!({}, { requestContext })).toEqual({
      status: 'output',
      output: { status: 200, ok: true, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'plain words' },
    });
    const big = outputOf(await (await toolFor('big')).execute!({}, { requestContext })) as {
      body: string;
      truncated: boolean;
    };
    expect(big.truncated).toBe(true);
    expect(big.body).toHaveLength(100_000);
  });

  it('bad input is the standard validation-error value and sends nothing', async () => {
    const tool = await toolFor('createUser');
    const before = server.seen.length;
    const result = await callTool({
      tool,
      input: { body: { age: -1 }, extra: 1 },
      context: { requestContext },
      logger: silentLogger,
    });
    expect(result.isError).toBe(true);
    expect(result.output).toMatchObject({
      error: true,
      message: expect.stringMatching(/^Tool input validation failed for createUser\. Please fix the following errors/),
      validationErrors: expect.arrayContaining([
        { path: 'body.name', message: expect.any(String) },
        { path: 'body.age', message: expect.any(String) },
        { path: 'extra', message: expect.any(String) },
      ]),
    });
    expect(server.seen.length).toBe(before);
  });

  it('a call that takes longer than the timeout fails with a clear message', async () => {
    const tool = await toolFor('slow', { timeoutMs: 200 });
    const result = await callTool({ tool, input: {}, context: { requestContext }, logger: silentLogger });
    expect(result).toEqual({
      isError: true,
      output: {
        message: expect.stringMatching(
          /^OpenAPI call slow \(GET http:\/\/127\.0\.0\.1:\d+\/slow\) timed out after 200 ms\.$/,
        ),
      },
    });
  });

  it('the abort signal of the call stops it', async () => {
    const tool = await toolFor('slow');
    const controller = new AbortController();
    const pending = tool.execute!({}, { requestContext, abortSignal: controller.signal });
    setTimeout(() => controller.abort(new Error('run stopped')), 50);
    await expect(pending).rejects.toThrow('run stopped');
  });

  it('a closed port is a tool error naming the call, without the query string', async () => {
    const port = await closedPort();
    const tool = await toolFor('getUser', {
      baseUrl: `http://127.0.0.1:${port}`,
      credentials: { type: 'apiKey', in: 'query', name: 'key', value: 'hide-me' },
    });
    const result = await callTool({ tool, input: { userId: '1' }, context: { requestContext }, logger: silentLogger });
    expect(result.isError).toBe(true);
    const { message } = result.output as { message: string };
    expect(message).toMatch(
      new RegExp(`^OpenAPI call getUser \\(GET http://127\\.0\\.0\\.1:${port}/users/1\\) failed: ECONNREFUSED`),
    );
    expect(message).not.toContain('hide-me');
  });

  it('a document with no usable server asks for a baseUrl', async () => {
    const integration = createOpenApiIntegration({
      id: 'relative',
      document: { ...usersDocument(), servers: [{ url: '/v1' }] },
    });
    const { text } = await integration.resolveTools(['text'], {}, { requestContext });
    await expect(text!.execute!({}, { requestContext })).rejects.toThrow(
      /no absolute base URL .*configure the integration with a baseUrl/,
    );
  });
});
