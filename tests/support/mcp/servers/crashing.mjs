// A stdio MCP server that crashes in the middle of a call: tool `crash` exits the process before
// answering; tool `ok` answers normally; tool `fail` returns an isError result.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const server = new McpServer({ name: 'crashing', version: '1.0.0' });
server.registerTool('ok', { description: 'Answers ok' }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
server.registerTool('fail', { description: 'Returns an isError result' }, async () => ({
  isError: true,
  content: [{ type: 'text', text: 'this tool failed' }],
}));
server.registerTool('crash', { description: 'Exits mid-call' }, async () => {
  process.exit(3);
});
await server.connect(new StdioServerTransport());
