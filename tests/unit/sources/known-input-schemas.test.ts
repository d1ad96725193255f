import { describe, expect, it } from 'vitest';
import type { McpListedTool } from '@/lib/mcp';
import { knownInputSchemas, type InputSchemaSources, type KnownMcpClient } from '@/lib/sources';

const schema = (field: string) => ({ type: 'object', properties: { [field]: { type: 'string' } } });
const listed = (name: string, field: string): McpListedTool =>
  ({ name, inputSchema: schema(field) }) as unknown as McpListedTool;

const clients: Record<string, KnownMcpClient> = {
  docs: { kind: 'saved', servers: [{ name: 'docs', listed: [listed('search', 'query'), listed('fetch', 'url')] }] },
  cold: { kind: 'saved', servers: [{ name: 'cold', listed: undefined }] },
  filtered: {
    kind: 'saved',
    servers: [{ name: 'lib', tools: { search: {} }, listed: [listed('search', 'q'), listed('drop', 'x')] }],
  },
  local: { kind: 'code', servers: [{ name: 'local', listed: undefined }] },
};

const sources: InputSchemaSources = {
  registered: (id) =>
    id === 'search' || id === 'docs_search' || id === 'refund' ? schema(`registered_${id}`) : undefined,
  mcpClient: async (clientId) => clients[clientId],
  integration: async (id) => {
    if (id === 'orders')
      return [
        { slug: 'getOrder', inputSchema: schema('id') },
        { slug: 'listOrders', inputSchema: schema('page') },
      ];
    return id === 'coded' ? 'unknown' : undefined;
  },
};

const policies = { toolPolicies: { any: { requireApproval: { operator: 'AND', conditions: [] } } } };

async function schemaOf(snapshot: Record<string, unknown>, name: string) {
  const lookup = await knownInputSchemas({ snapshot: { ...policies, ...snapshot }, sources });
  return lookup(name);
}

describe('knownInputSchemas', () => {
  it.each([
    ['a registered tool', {}, 'refund', schema('registered_refund')],
    [
      'an MCP tool its server listed last, by its namespaced name',
      { mcpClients: { docs: { tools: {} } } },
      'docs_fetch',
      schema('url'),
    ],
    [
      'an MCP tool picked by its bare name',
      { mcpClients: { docs: { tools: { fetch: {} } } } },
      'docs_fetch',
      schema('url'),
    ],
    [
      'an MCP tool the agent does not pick',
      { mcpClients: { docs: { tools: { fetch: {} } } } },
      'docs_search',
      schema('registered_docs_search'),
    ],
    ['an MCP tool of a client that selects nothing', { mcpClients: { docs: {} } }, 'docs_fetch', undefined],
    [
      "an MCP tool the server's allow-list leaves out",
      { mcpClients: { filtered: { tools: {} } } },
      'lib_drop',
      undefined,
    ],
    [
      'an MCP tool of a server never listed, over a registered tool of its name',
      { mcpClients: { cold: { tools: {} } } },
      'cold_x',
      undefined,
    ],
    [
      'a registered tool a never-listed code server may replace',
      { mcpClients: { local: { tools: {} } } },
      'search',
      undefined,
    ],
    [
      'a registered tool a never-listed code server does not pick',
      { mcpClients: { local: { tools: { other: {} } } } },
      'search',
      schema('registered_search'),
    ],
    [
      'a stored integration tool',
      { integrationTools: { orders: { tools: { getOrder: {} } } } },
      'getOrder',
      schema('id'),
    ],
    [
      'every tool of a stored integration picked whole',
      { integrationTools: { orders: { tools: {} } } },
      'listOrders',
      schema('page'),
    ],
    [
      'a tool of an integration defined in code, over a registered one',
      { integrationTools: { coded: { tools: {} } } },
      'search',
      undefined,
    ],
    [
      'a provider tool, over a registered one',
      { toolProviders: { hub: { tools: { search: {} } } } },
      'search',
      undefined,
    ],
    [
      'a provider tool renamed for a connection',
      { toolProviders: { hub: { tools: { search: {} } } } },
      'search__WORK',
      undefined,
    ],
    [
      'an integration tool that replaces an MCP one',
      { mcpClients: { docs: { tools: {} } }, integrationTools: { orders: { tools: {} } } },
      'getOrder',
      schema('id'),
    ],
    [
      'an MCP tool picked in a variant',
      { mcpClients: [{ value: { docs: { tools: {} } }, rules: { operator: 'AND', conditions: [] } }] },
      'docs_search',
      schema('query'),
    ],
  ])('%s', async (_, snapshot, name, expected) => {
    expect(await schemaOf(snapshot, name)).toEqual(expected);
  });

  it('reads no source but the registry when no policy has rules', async () => {
    let asked = 0;
    const counting: InputSchemaSources = {
      ...sources,
      mcpClient: async (id) => ((asked += 1), clients[id]),
      integration: async () => ((asked += 1), undefined),
    };
    const snapshot = { mcpClients: { docs: { tools: {} } }, toolPolicies: { docs_search: { requireApproval: true } } };
    const lookup = await knownInputSchemas({ snapshot, sources: counting });
    expect(lookup('refund')).toEqual(schema('registered_refund'));
    expect(asked).toBe(0);
  });
});
