/**
 * Request bodies of saved MCP client operations, made of the snapshot schema beside them
 * (./mcp-client-snapshot.ts), and the body that approves a stdio launch spec. The browser's forms
 * validate with the same schemas the API parses with. Everything they import is pure.
 */
export { createMcpClientBodySchema, updateMcpClientBodySchema } from './mcp-client-snapshot';
export { stdioLaunchSpecBodySchema, type StdioLaunchSpecBody } from './stdio-launch-spec-body';
