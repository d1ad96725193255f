// A stdio MCP server whose tool schemas hold patterns RE2 cannot run: a look-around that makes
// JavaScript's engine backtrack for minutes on `aaa…ab`, and a back-reference in the output schema.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const tools = [
  {
    name: 'lookup',
    description: 'Looks a code up',
    inputSchema: {
      type: 'object',
      properties: {
        code: { type: 'string', pattern: '^(a|a)*(?!b)$' },
        id: { type: 'string', pattern: '^[a-z]+$' },
      },
      patternProperties: { '^(?=x)': { type: 'string' } },
    },
    outputSchema: {
      type: 'object',
      properties: { echo: { type: 'string', pattern: '^(x)\\1$' } },
    },
  },
];

const server = new Server({ name: 'patterns', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const echo = String(request.params.arguments?.code ?? '');
  return { content: [{ type: 'text', text: echo }], structuredContent: { echo } };
});

await server.connect(new StdioServerTransport());
