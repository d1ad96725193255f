// A stdio MCP server that lists its tools in pages: `node paginated.mjs <tool count> <page size>`.
// Built on the SDK's low-level Server because McpServer always answers tools/list in one page.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const toolCount = Number(process.argv[2] ?? 25);
const pageSize = Number(process.argv[3] ?? 10);
const tools = Array.from({ length: toolCount }, (_, index) => ({
  name: `tool-${String(index).padStart(3, '0')}`,
  description: `Tool number ${index}`,
  inputSchema: { type: 'object', properties: {} },
}));

const server = new Server({ name: 'paginated', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async (request) => {
  const start = request.params?.cursor ? Number(request.params.cursor) : 0;
  const end = start + pageSize;
  return { tools: tools.slice(start, end), ...(end < tools.length ? { nextCursor: String(end) } : {}) };
});
server.setRequestHandler(CallToolRequestSchema, async (request) => ({
  content: [{ type: 'text', text: request.params.name }],
}));

await server.connect(new StdioServerTransport());
