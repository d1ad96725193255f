// A stdio MCP server that proves it was started: it writes the file named by its first argument
// before anything else. With `fail` as its second argument it then prints a startup error to
// stderr (quoting its SERVICE_TOKEN, as a careless program might) and exits before the handshake.
import { writeFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const [markerFile, mode] = process.argv.slice(2);
writeFileSync(markerFile, `started ${process.pid}\n`);
if (mode === 'fail') {
  process.stderr.write(`marker: cannot reach the backend with token ${process.env.SERVICE_TOKEN ?? '(none)'}\n`);
  process.stderr.write('marker: giving up\n');
  process.exit(2);
}
const server = new McpServer({ name: 'marker', version: '1.0.0' });
server.registerTool('ping', { description: 'Answers pong' }, async () => ({
  content: [{ type: 'text', text: 'pong' }],
}));
await server.connect(new StdioServerTransport());
