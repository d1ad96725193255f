/**
 * Tool providers and integrations in a resolution (resolution.md section 7): connection fan-out,
 * identities, unknown and failing providers as warnings, and a slow provider isolated by its
 * timeout inside the overall deadline. The providers are small real implementations of the interface.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationProvider } from '@/lib/integrations';
import type { ResolveProviderToolsRequest, ToolProvider } from '@/lib/tool-providers';
import { createTool } from '@/lib/tools';
import { call, createAndPublish, createTestStudio, weather, type ResponseBody } from './fixtures';

const requests: ResolveProviderToolsRequest[] = [];

const hub: ToolProvider = {
  id: 'hub',
  name: 'Hub',
  capabilities: { multipleConnectionsPerToolkit: true, defaultScope: 'per-author' },
  listToolkits: async () => [
    { slug: 'github', name: 'GitHub' },
    { slug: 'slack', name: 'Slack' },
  ],
  listTools: async ({ toolkit }) =>
    toolkit === 'github'
      ? [{ slug: 'CREATE_ISSUE', toolkit, description: 'Create an issue', inputSchema: { type: 'object' } }]
      : [{ slug: 'SEND_MESSAGE', toolkit, description: 'Send a message', inputSchema: { type: 'object' } }],
  listConnections: async ({ toolkit }) => [{ connectionId: `${toolkit}-work`, kind: 'author', label: 'work' }],
  async resolveTools(request) {
    requests.push(request);
    if (request.connection.connectionId === 'broken') throw new Error('token expired');
    if (request.connection.connectionId === 'slow') await new Promise(() => {});
    return Object.fromEntries(
      request.slugs.map((slug) => [
        slug,
        createTool({
          id: slug,
          description: `${slug} as ${request.connection.authorId ?? 'nobody'}`,
          execute: async () => ({ via: request.connection.connectionId }),
        }),
      ]),
    );
  },
};

const crm: IntegrationProvider = {
  id: 'crm',
  name: 'CRM',
  listTools: async () => [
    { slug: 'find_deal', description: 'Find a deal', inputSchema: { type: 'object' } },
    { slug: 'close_deal', description: 'Close a deal', inputSchema: { type: 'object' } },
  ],
  resolveTools: async (slugs, configs, { userId }) =>
    Object.fromEntries(
      slugs.map((slug) => [
        slug,
        createTool({ id: slug, description: configs[slug]?.description || `${slug} for ${userId ?? 'anyone'}` }),
      ]),
    ),
};

const broken: IntegrationProvider = {
  id: 'broken',
  name: 'Broken',
  listTools: async () => [],
  resolveTools: async () => Promise.reject(new Error('HTTP 503')),
};

const handle = await createTestStudio({
  tools: { weather },
  toolProviders: { hub },
  integrations: { crm, broken },
  settings: { mcp: { listTimeoutMs: 300 }, resolveDeadlineMs: 2_000 },
});
const { studio } = handle;
afterAll(() => handle.cleanup());

const toolNames = (body: ResponseBody) => body.tools.map((tool: { name: string }) => tool.name);
// The latest version: "connected" names a provider and an integration that do not exist, on purpose,
// so it is saved but cannot be published (the publish checks refuse missing sources).
const resolve = (id: string, body: Record<string, unknown> = {}) =>
  call(studio, 'POST', `/api/agents/${id}/resolve`, { selector: { status: 'draft' }, ...body });

beforeAll(async () => {
  await call(studio, 'POST', '/api/agents', {
    id: 'connected',
    name: 'Connected',
    model: 'openai/gpt-4o',
    instructions: 'x',
    tools: { weather: {} },
    toolProviders: {
      hub: {
        tools: { CREATE_ISSUE: { toolkit: 'github' }, SEND_MESSAGE: {} },
        connections: {
          github: [
            { kind: 'author', connectionId: 'c-work', label: 'work' },
            { kind: 'invoker', connectionId: 'broken', label: 'home', scope: 'caller-supplied' },
            { kind: 'platform', connectionId: 'slow', label: 'ops', scope: 'shared' },
          ],
          slack: [{ kind: 'invoker', connectionId: 'c-slack', scope: 'caller-supplied' }],
        },
      },
      ghost: { tools: { ANYTHING: { toolkit: 'x' } } },
    },
    integrationTools: {
      crm: { tools: { find_deal: { description: 'Find the deal for this user' } } },
      broken: { tools: {} },
      missing: { tools: {} },
    },
  });
  await createAndPublish(studio, {
    id: 'pinned',
    name: 'Pinned',
    model: 'openai/gpt-4o',
    instructions: 'x',
    toolProviders: {
      hub: {
        tools: { CREATE_ISSUE: { toolkit: 'github' } },
        connections: { github: [{ kind: 'invoker', connectionId: 'c-home', scope: 'caller-supplied' }] },
      },
    },
  });
  await createAndPublish(studio, {
    id: 'catalogue',
    name: 'All',
    model: 'openai/gpt-4o',
    instructions: 'x',
    integrationTools: { crm: { tools: {} } },
  });
});

describe('providers and integrations in a resolution', () => {
  it('fans out per connection: renamed tools, a failing and a slow connection isolated, unknown providers warned', async () => {
    requests.length = 0;
    const started = Date.now();
    const { status, body } = await resolve('connected', {
      requestContext: { userId: 'u-7' },
      resourceId: 'customer-42',
    });
    expect(status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_900);
    expect(toolNames(body)).toEqual(['CREATE_ISSUE__work', 'SEND_MESSAGE', 'find_deal', 'weather']);
    const issue = body.tools.find((tool: { name: string }) => tool.name === 'CREATE_ISSUE__work');
    expect(issue).toMatchObject({
      description: 'CREATE_ISSUE as local\n\nRoutes through connection: work',
      source: 'provider',
      origin: { providerId: 'hub', toolkit: 'github', connectionId: 'c-work', slug: 'CREATE_ISSUE' },
    });
    expect(body.tools.find((tool: { name: string }) => tool.name === 'SEND_MESSAGE').description).toBe(
      'SEND_MESSAGE as customer-42',
    );
    expect(body.tools.find((tool: { name: string }) => tool.name === 'find_deal')).toMatchObject({
      description: 'Find the deal for this user',
      source: 'integration',
    });
    expect(body.warnings.map((warning: { code: string; ref: string }) => [warning.code, warning.ref]).sort()).toEqual(
      [
        ['provider_failed', 'toolProviders.hub.connections.github.1'],
        ['provider_failed', 'toolProviders.hub.connections.github.2'],
        ['provider_unknown', 'toolProviders.ghost'],
        ['provider_failed', 'integrationTools.broken'],
        ['provider_unknown', 'integrationTools.missing'],
      ].sort(),
    );
    expect(body.warnings.find((warning: { ref: string }) => warning.ref.endsWith('github.2')).message).toContain(
      'timed out after 300 ms',
    );
    expect(requests.map((request) => [request.toolkit, request.connection])).toEqual(
      expect.arrayContaining([
        ['github', { kind: 'author', connectionId: 'c-work', authorId: 'local' }],
        ['github', { kind: 'invoker', connectionId: 'broken', authorId: 'customer-42' }],
        ['github', { kind: 'platform', connectionId: 'slow', authorId: 'shared' }],
        ['slack', { kind: 'invoker', connectionId: 'c-slack', authorId: 'customer-42' }],
      ]),
    );
  });

  it('a caller-supplied connection without a resourceId uses "default" with a warning', async () => {
    const { body } = await resolve('connected');
    expect(body.tools.find((tool: { name: string }) => tool.name === 'SEND_MESSAGE').description).toBe(
      'SEND_MESSAGE as default',
    );
    expect(body.warnings.some((warning: { message: string }) => warning.message.includes('needs a resourceId'))).toBe(
      true,
    );
  });

  it('routes every request through its own caller, however often the same plan is resolved', async () => {
    const description = (body: ResponseBody) => body.tools[0].description as string;
    const warned = (body: ResponseBody) =>
      body.warnings.some((warning: { message: string }) => warning.message.includes('needs a resourceId'));
    for (const resourceId of ['customer-1', 'customer-2', 'customer-1', undefined, 'customer-2', undefined]) {
      const { body } = await resolve('pinned', resourceId === undefined ? {} : { resourceId });
      expect(description(body)).toBe(`CREATE_ISSUE as ${resourceId ?? 'default'}`);
      expect(warned(body)).toBe(resourceId === undefined);
    }
  });

  it('an integration with tools: {} contributes its whole catalogue, with the caller as userId', async () => {
    const { body } = await resolve('catalogue', { requestContext: { userId: 'u-7' } });
    expect(toolNames(body)).toEqual(['close_deal', 'find_deal']);
    expect(body.tools[0].description).toBe('close_deal for u-7');
  });
});

describe('GET /api/tool-providers', () => {
  it('lists providers with capabilities, toolkits and connections', async () => {
    const { status, body } = await call(studio, 'GET', '/api/tool-providers');
    expect(status).toBe(200);
    expect(body.items).toEqual([
      {
        id: 'hub',
        name: 'Hub',
        capabilities: { multipleConnectionsPerToolkit: true, defaultScope: 'per-author' },
        toolkits: [
          {
            slug: 'github',
            name: 'GitHub',
            connections: [{ connectionId: 'github-work', kind: 'author', label: 'work' }],
          },
          {
            slug: 'slack',
            name: 'Slack',
            connections: [{ connectionId: 'slack-work', kind: 'author', label: 'work' }],
          },
        ],
      },
    ]);
  });

  it("lists one toolkit's tools; an unknown provider is 404", async () => {
    const tools = await call(studio, 'GET', '/api/tool-providers/hub/tools?toolkit=slack');
    expect(tools.body.items.map((tool: { slug: string }) => tool.slug)).toEqual(['SEND_MESSAGE']);
    expect((await call(studio, 'GET', '/api/tool-providers/nope/tools?toolkit=slack')).status).toBe(404);
  });
});

describe('the overall deadline', () => {
  it('cuts off a source whose steps each fit their own timeout but not the whole budget', async () => {
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const sluggish: ToolProvider = {
      ...hub,
      id: 'sluggish',
      listToolkits: async () => (await pause(200), [{ slug: 'github', name: 'GitHub' }]),
      resolveTools: async (request) => (await pause(200), hub.resolveTools(request)),
    };
    const short = await createTestStudio({
      toolProviders: { sluggish },
      settings: { mcp: { listTimeoutMs: 10_000 }, resolveDeadlineMs: 250 },
    });
    try {
      await createAndPublish(short.studio, {
        id: 'slowpoke',
        name: 'Slow',
        model: 'openai/gpt-4o',
        instructions: 'x',
        tools: {},
        toolProviders: { sluggish: { tools: { CREATE_ISSUE: {} } } },
      });
      const started = Date.now();
      const { status, body } = await call(short.studio, 'POST', '/api/agents/slowpoke/resolve', {});
      expect(status).toBe(200);
      expect(Date.now() - started).toBeLessThan(390);
      expect(body.tools).toEqual([]);
      expect(body.warnings).toEqual([
        {
          code: 'provider_failed',
          message: 'Tool provider "sluggish" failed: the resolution deadline of 250 ms passed',
          source: 'provider',
          ref: 'toolProviders.sluggish',
        },
      ]);
    } finally {
      await short.cleanup();
    }
  });
});
