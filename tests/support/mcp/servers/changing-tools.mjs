// A stdio MCP server whose tool list changes at runtime: `add-tool` registers `extra`, `remove-tool`
// removes it. The SDK's McpServer sends notifications/tools/list_changed on each change.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const server = new McpServer({ name: 'changing-tools', version: '1.0.0' });
let extra;

server.registerTool('add-tool', { description: 'Adds the tool "extra"' }, async () => {
  extra ??= server.registerTool('extra', { description: 'Added at runtime' }, async () => ({
    content: [{ type: 'text', text: 'extra' }],
  }));
  return { content: [{ type: 'text', text: 'added' }] };
});

server.registerTool('remove-tool', { description: 'Removes the tool "extra"' }, async () => {
  extra?.remove();
  extra = undefined;
  return { content: [{ type: 'text', text: 'removed' }] };
});

await server.connect(new StdioServerTransport());
