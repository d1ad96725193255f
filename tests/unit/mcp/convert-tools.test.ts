import { describe, expect, it } from 'vitest';
import { convertMcpTools, type ConvertMcpToolsParams } from '@/lib/mcp/convert';
import type { McpListedTool, McpToolEntries } from '@/lib/mcp/types';

const schema = { type: 'object' as const, properties: {} };

function listed(name: string, extra: Partial<McpListedTool> = {}): McpListedTool {
  return { name, description: `${name} (original)`, inputSchema: schema, ...extra };
}

const docs = { name: 'docs', listed: [listed('search'), listed('fetch'), listed('read_file')] };
const files = { name: 'files', listed: [listed('read_file'), listed('write_file')] };

function names(params: Partial<ConvertMcpToolsParams>) {
  const result = convertMcpTools({
    clientId: 'c1',
    clientKind: 'saved',
    servers: [docs, files],
    selection: {},
    ...params,
  });
  return result.tools.map((tool) => tool.name);
}

describe('convertMcpTools: which tools pass', () => {
  it.each<{ case: string; params: Partial<ConvertMcpToolsParams>; expected: string[] }>([
    { case: 'agent tools omitted selects nothing', params: { selection: undefined }, expected: [] },
    {
      case: 'agent tools {} selects every tool of every server',
      params: { selection: {} },
      expected: ['docs_search', 'docs_fetch', 'docs_read_file', 'files_read_file', 'files_write_file'],
    },
    {
      case: 'a namespaced key selects that one tool',
      params: { selection: { docs_search: {} } },
      expected: ['docs_search'],
    },
    {
      case: 'a bare key selects the tool on every server offering it',
      params: { selection: { read_file: {} } },
      expected: ['docs_read_file', 'files_read_file'],
    },
    {
      case: 'a server-level map passes only its keys (bare names)',
      params: { servers: [{ ...docs, tools: { search: {} } }, files] },
      expected: ['docs_search', 'files_read_file', 'files_write_file'],
    },
    {
      case: 'an empty server-level map passes nothing from that server',
      params: { servers: [{ ...docs, tools: {} }, files] },
      expected: ['files_read_file', 'files_write_file'],
    },
    {
      case: 'agent keys cannot bring back a tool the server-level map blocks',
      params: { servers: [{ ...docs, tools: { fetch: {} } }], selection: { docs_search: {}, docs_fetch: {} } },
      expected: ['docs_fetch'],
    },
    {
      case: 'code-registered servers use bare names and ignore server-level maps',
      params: { clientKind: 'code' as const, servers: [{ ...docs, tools: {} }] },
      expected: ['search', 'fetch', 'read_file'],
    },
    {
      case: 'a failed server contributes nothing',
      params: { servers: [{ name: 'docs', listed: undefined }, files] },
      expected: ['files_read_file', 'files_write_file'],
    },
  ])('$case', ({ params, expected }) => {
    expect(names(params)).toEqual(expected);
  });
});

describe('convertMcpTools: descriptions', () => {
  it.each<{ case: string; selection: McpToolEntries; serverTools: McpToolEntries; expected: Record<string, string> }>([
    {
      case: 'agent entry under the namespaced key wins',
      selection: { docs_search: { description: 'ns' }, search: { description: 'bare' } },
      serverTools: { search: { description: 'server' } },
      expected: { description: 'ns', descriptionSource: 'agent' },
    },
    {
      case: 'then the agent entry under the bare key',
      selection: { search: { description: 'bare' } },
      serverTools: { search: { description: 'server' } },
      expected: { description: 'bare', descriptionSource: 'agent' },
    },
    {
      case: 'then the server-level entry',
      selection: { docs_search: {} },
      serverTools: { search: { description: 'server' } },
      expected: { description: 'server', descriptionSource: 'server' },
    },
    {
      case: "then the server's own description",
      selection: { docs_search: { description: '   ' } },
      serverTools: { search: { description: '' } },
      expected: { description: 'search (original)', descriptionSource: 'original' },
    },
  ])('$case', ({ selection, serverTools, expected }) => {
    const { tools } = convertMcpTools({
      clientId: 'c1',
      clientKind: 'saved',
      servers: [{ name: 'docs', tools: serverTools, listed: [listed('search')] }],
      selection,
    });
    expect(tools).toHaveLength(1);
    expect(tools[0]).toMatchObject(expected);
  });

  it('a tool without a description gets an empty one', () => {
    const { tools } = convertMcpTools({
      clientId: 'c1',
      clientKind: 'saved',
      servers: [{ name: 'docs', listed: [{ name: 'bare', inputSchema: schema }] }],
      selection: {},
    });
    expect(tools[0]).toMatchObject({ description: '', descriptionSource: 'original' });
  });
});

describe('convertMcpTools: the neutral shape', () => {
  it('keeps schemas, title, annotations and _meta, and names the server', () => {
    const outputSchema = { type: 'object' as const, properties: { sum: { type: 'number' } } };
    const tool = listed('sum', {
      title: 'Sum',
      outputSchema,
      annotations: { readOnlyHint: true },
      _meta: { 'example/key': 1 },
    });
    const { tools } = convertMcpTools({
      clientId: 'c1',
      clientKind: 'saved',
      servers: [{ name: 'math', listed: [tool] }],
      selection: {},
    });
    expect(tools).toEqual([
      {
        name: 'math_sum',
        bareName: 'sum',
        server: 'math',
        description: 'sum (original)',
        descriptionSource: 'original',
        title: 'Sum',
        inputSchema: schema,
        outputSchema,
        annotations: { readOnlyHint: true },
        _meta: { 'example/key': 1 },
      },
    ]);
  });

  it('omits optional fields the server did not send', () => {
    const { tools } = convertMcpTools({
      clientId: 'c1',
      clientKind: 'saved',
      servers: [{ name: 'm', listed: [listed('x')] }],
      selection: {},
    });
    expect(Object.keys(tools[0]!).sort()).toEqual([
      'bareName',
      'description',
      'descriptionSource',
      'inputSchema',
      'name',
      'server',
    ]);
  });
});

describe('convertMcpTools: warnings for keys that match nothing', () => {
  it.each<{ case: string; params: Partial<ConvertMcpToolsParams>; refs: string[] }>([
    { case: 'no warning when every key matches', params: { selection: { docs_search: {}, read_file: {} } }, refs: [] },
    {
      case: 'a namespaced key for a tool the server no longer offers',
      params: { selection: { docs_gone: {} } },
      refs: ['mcpClients.c1.tools.docs_gone'],
    },
    { case: 'a bare key nobody offers', params: { selection: { gone: {} } }, refs: ['mcpClients.c1.tools.gone'] },
    {
      case: 'a key blocked by the server-level map',
      params: { servers: [{ ...docs, tools: { fetch: {} } }], selection: { docs_search: {} } },
      refs: ['mcpClients.c1.tools.docs_search'],
    },
    {
      case: 'no warning for a namespaced key of a server whose listing failed',
      params: { servers: [{ name: 'docs', listed: undefined }, files], selection: { docs_search: {}, files_gone: {} } },
      refs: ['mcpClients.c1.tools.files_gone'],
    },
    {
      case: 'no warning for a bare key while some server failed (it may be that one’s)',
      params: { servers: [{ name: 'docs', listed: undefined }, files], selection: { search: {} } },
      refs: [],
    },
    { case: 'no warnings when the agent selects nothing', params: { selection: undefined }, refs: [] },
  ])('$case', ({ params, refs }) => {
    const { warnings } = convertMcpTools({
      clientId: 'c1',
      clientKind: 'saved',
      servers: [docs, files],
      ...params,
      selection: params.selection,
    });
    expect(warnings.map((warning) => warning.ref)).toEqual(refs);
    for (const warning of warnings) expect(warning).toMatchObject({ code: 'mcp_tool_not_offered', source: 'mcp' });
  });

  it('says when the server-level map is the reason', () => {
    const { warnings } = convertMcpTools({
      clientId: 'c1',
      clientKind: 'saved',
      servers: [{ ...docs, tools: {} }],
      selection: { docs_search: {} },
    });
    expect(warnings[0]!.message).toContain('allow-list');
  });
});
