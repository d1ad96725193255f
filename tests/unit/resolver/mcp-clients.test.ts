/** resolution.md section 6: MCP client references, filters, description precedence, names, failures. */
import { describe, expect, it } from 'vitest';
import { codes, listed, mcpClient, names, resolve } from './fixtures';

const docs = (serverTools?: Record<string, { description?: string }>) =>
  mcpClient({
    servers: [
      {
        name: 'docs',
        ...(serverTools ? { tools: serverTools } : {}),
        listed: [listed('search', 'Search docs'), listed('fetch', 'Fetch a page')],
      },
      { name: 'wiki', listed: [listed('search', 'Search the wiki'), listed('edit', 'Edit a page')] },
    ],
  });

describe('selection by the agent-level tools map', () => {
  const cases: Array<{
    name: string;
    reference: Record<string, unknown>;
    serverTools?: Record<string, { description?: string }>;
    expected: string[];
    warnings?: string[];
  }> = [
    { name: 'tools omitted: nothing (the client is not even contacted)', reference: {}, expected: [] },
    {
      name: 'tools: {} selects every tool that passes the server-level filter',
      reference: { tools: {} },
      expected: ['docs_fetch', 'docs_search', 'wiki_edit', 'wiki_search'],
    },
    { name: 'a namespaced key selects that tool', reference: { tools: { docs_fetch: {} } }, expected: ['docs_fetch'] },
    {
      name: 'a bare-name key matches on every server',
      reference: { tools: { search: {} } },
      expected: ['docs_search', 'wiki_search'],
    },
    {
      name: 'a server-level map passes only its keys (bare names)',
      reference: { tools: {} },
      serverTools: { fetch: {} },
      expected: ['docs_fetch', 'wiki_edit', 'wiki_search'],
    },
    {
      name: 'an empty server-level map blocks everything on that server',
      reference: { tools: {} },
      serverTools: {},
      expected: ['wiki_edit', 'wiki_search'],
    },
    {
      name: 'the server-level filter applies even to explicitly selected tools',
      reference: { tools: { docs_search: {} } },
      serverTools: {},
      expected: [],
      warnings: ['mcp_tool_not_offered'],
    },
    {
      name: 'a key matching nothing warns (the server changed)',
      reference: { tools: { docs_gone: {}, search: {} } },
      expected: ['docs_search', 'wiki_search'],
      warnings: ['mcp_tool_not_offered'],
    },
  ];

  it.each(cases)('$name', ({ reference, serverTools, expected, warnings = [] }) => {
    const merged = resolve({
      snapshot: { mcpClients: { kb: reference } },
      sources: { mcpClients: { kb: docs(serverTools) } },
    });
    expect(names(merged)).toEqual(expected);
    expect(codes(merged)).toEqual(warnings);
  });

  it('names are server_tool and the origin names client, version, server and bare tool', () => {
    const merged = resolve({
      snapshot: { mcpClients: { kb: { tools: { docs_search: {} } } } },
      sources: { mcpClients: { kb: docs() } },
    });
    expect(merged.tools.docs_search).toMatchObject({
      name: 'docs_search',
      source: 'mcp',
      origin: { clientId: 'kb', clientVersionId: 'v1', server: 'docs', tool: 'search' },
    });
    expect(merged.explanation.tools.docs_search!.includedBy).toEqual([{ field: 'mcpClients', variantIndex: null }]);
  });

  it('a code-registered server: bare names, no server-level filter', () => {
    const client = mcpClient({ kind: 'code', servers: [{ name: 'local', tools: {}, listed: [listed('search')] }] });
    const merged = resolve({
      snapshot: { mcpClients: { local: { tools: {} } } },
      sources: { mcpClients: { local: client } },
    });
    expect(names(merged)).toEqual(['search']);
  });
});

describe('description precedence', () => {
  const cases: Array<{
    name: string;
    agentTools: Record<string, { description?: string }>;
    serverTools?: Record<string, { description?: string }>;
    expected: string;
    source: string;
  }> = [
    {
      name: 'the server own description',
      agentTools: { docs_search: {} },
      expected: 'Search docs',
      source: 'original',
    },
    {
      name: 'the server-level entry over the server own',
      agentTools: { docs_search: {} },
      serverTools: { search: { description: 'server level' }, fetch: {} },
      expected: 'server level',
      source: 'server',
    },
    {
      name: 'the agent bare key over the server-level entry',
      agentTools: { search: { description: 'agent bare' } },
      serverTools: { search: { description: 'server level' } },
      expected: 'agent bare',
      source: 'agent',
    },
    {
      name: 'the agent namespaced key over the agent bare key',
      agentTools: { docs_search: { description: 'agent namespaced' }, search: { description: 'agent bare' } },
      serverTools: { search: { description: 'server level' } },
      expected: 'agent namespaced',
      source: 'agent',
    },
    {
      name: 'an empty agent description falls through',
      agentTools: { docs_search: { description: '' } },
      serverTools: { search: { description: 'server level' } },
      expected: 'server level',
      source: 'server',
    },
  ];

  it.each(cases)('$name', ({ agentTools, serverTools, expected, source }) => {
    const merged = resolve({
      snapshot: { mcpClients: { kb: { tools: agentTools } } },
      sources: { mcpClients: { kb: docs(serverTools) } },
    });
    expect(merged.tools.docs_search!.description).toBe(expected);
    expect(merged.tools.docs_search!.tool.description).toBe(expected);
    expect(merged.explanation.tools.docs_search!.description).toBe(source);
  });
});

describe('failures stay isolated', () => {
  it('an unknown client is skipped with mcp_client_unknown; the rest resolves', () => {
    const merged = resolve({ snapshot: { tools: { weather: {} }, mcpClients: { ghost: { tools: {} } } }, sources: {} });
    expect(names(merged)).toEqual(['weather']);
    expect(merged.warnings).toEqual([
      {
        code: 'mcp_client_unknown',
        message: 'MCP client "ghost" is neither a saved client nor a registered MCP server',
        source: 'mcp',
        ref: 'mcpClients.ghost',
      },
    ]);
  });

  it('a client waiting for approval contributes nothing, with an mcp_needs_approval warning; the rest resolves', () => {
    const merged = resolve({
      snapshot: { tools: { weather: {} }, mcpClients: { imported: { tools: {} } } },
      sources: { mcpClients: { imported: { status: 'needs_approval' } } },
    });
    expect(names(merged)).toEqual(['weather']);
    expect(merged.warnings).toEqual([
      {
        code: 'mcp_needs_approval',
        message:
          'MCP client "imported" has a stdio server that arrived by import and needs an admin\'s approval; its tools are left out',
        source: 'mcp',
        ref: 'mcpClients.imported',
      },
    ]);
  });

  it('a failing server contributes nothing and is named in an mcp_unavailable warning; its siblings still resolve', () => {
    const client = mcpClient({
      servers: [
        { name: 'docs', failure: 'connect timed out after 5000 ms' },
        { name: 'wiki', listed: [listed('edit')] },
      ],
    });
    const merged = resolve({
      snapshot: { tools: { weather: {} }, mcpClients: { kb: { tools: { docs_search: {}, wiki_edit: {} } } } },
      sources: { mcpClients: { kb: client } },
    });
    expect(names(merged)).toEqual(['weather', 'wiki_edit']);
    expect(merged.warnings).toEqual([
      {
        code: 'mcp_unavailable',
        message: 'MCP client "kb", server "docs": connect timed out after 5000 ms; its tools are left out',
        source: 'mcp',
        ref: 'mcpClients.kb',
      },
    ]);
  });

  it('a tool whose schema cannot be used is left out with a warning', () => {
    const client = {
      ...mcpClient({ servers: [{ name: 'docs', listed: [listed('search')] }] }),
      toolFor: () => undefined,
    };
    const merged = resolve({
      snapshot: { mcpClients: { kb: { tools: {} } } },
      sources: { mcpClients: { kb: client } },
    });
    expect(names(merged)).toEqual([]);
    expect(codes(merged)).toEqual(['mcp_unavailable']);
  });
});
