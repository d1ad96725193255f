import { describe, expect, it } from 'vitest';
import { catalogueInputSchemas, type SelectedSources, type ToolCatalogue } from '@/lib/rules';

const schema = (field: string) => ({ type: 'object', properties: { [field]: { type: 'string' } } });

const catalog: ToolCatalogue = {
  registered: [{ name: 'search', inputSchema: schema('registered') }],
  builtIn: [{ name: 'docs_search', inputSchema: schema('builtIn') }],
  mcpClients: [{ id: 'docs', servers: { docs: { type: 'http' } } }],
  integrations: [
    {
      id: 'orders',

      source: 'stored',
      tools: [{ name: 'getOrder', inputSchema: schema('id') }],
    },
    {
      id: 'coded',

      source: 'code',
      tools: [{ name: 'search', inputSchema: schema('q') }],
    },
  ],
};

describe('catalogueInputSchemas (what the editor lints live: what the server checks at save in any case)', () => {
  it.each([
    ['a registered tool', {}, 'search', schema('registered')],
    [
      'a stored integration tool',
      { integrationTools: { orders: { tools: { getOrder: {} } } } },
      'getOrder',
      schema('id'),
    ],
    [
      'a stored integration tool it does not pick',
      { integrationTools: { orders: { tools: { other: {} } } } },
      'getOrder',
      undefined,
    ],
    [
      'a code integration tool, over a registered one',
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
      "a saved MCP client's tool, over a built-in one",
      { mcpClients: { docs: { tools: {} } } },
      'docs_search',
      undefined,
    ],
    ['a built-in tool no MCP client offers', { mcpClients: { docs: {} } }, 'docs_search', schema('builtIn')],
  ])('%s', (_, values: SelectedSources, name, expected) => {
    expect(catalogueInputSchemas(catalog, values)(name)).toEqual(expected);
  });
});
