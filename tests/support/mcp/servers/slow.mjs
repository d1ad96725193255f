// A stdio MCP server that is slow on purpose: `node slow.mjs [--hang-on=initialize|list]`.
// - `--hang-on=initialize`: reads stdin but never answers, so the handshake hangs.
// - `--hang-on=list`: answers the handshake, never answers tools/list.
// - `--refuse-list`: answers the handshake, then tools/list with the JSON-RPC "server error" -32000
//   and a message of its own (what a server says when, say, its licence ran out).
// - tool `sleep` ({ ms }) waits, ending early when the client cancels; `cancellations` reports how
//   many calls were cancelled (so tests can see an abort reach the server).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const hangOn = process.argv.find((arg) => arg.startsWith('--hang-on='))?.split('=')[1];

if (hangOn === 'initialize') {
  process.stdin.resume();
} else {
  const server = new McpServer({ name: 'slow', version: '1.0.0' });
  let cancellations = 0;
  server.registerTool(
    'sleep',
    { description: 'Waits ms milliseconds', inputSchema: { ms: z.number() } },
    async ({ ms }, extra) => {
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, ms);
        extra.signal.addEventListener('abort', () => {
          cancellations += 1;
          clearTimeout(timer);
          resolve();
        });
      });
      return { content: [{ type: 'text', text: `slept ${ms}` }] };
    },
  );
  server.registerTool('cancellations', { description: 'How many calls were cancelled' }, async () => ({
    content: [{ type: 'text', text: String(cancellations) }],
  }));
  if (hangOn === 'list') server.server.setRequestHandler(ListToolsRequestSchema, () => new Promise(() => {}));
  if (process.argv.includes('--refuse-list'))
    server.server.setRequestHandler(ListToolsRequestSchema, () => {
      throw new McpError(-32000, 'listing refused: the licence of ACME expired');
    });
  await server.connect(new StdioServerTransport());
}
