/**
 * Request bodies of saved MCP client operations. They are defined beside the snapshot schema they
 * are made of (lib/editor); this module only exports them for the browser, whose forms validate
 * with the same schemas the API parses with. Everything they import is pure.
 */
export { createMcpClientBodySchema, updateMcpClientBodySchema } from '../editor/mcp-client-snapshot';
export { stdioLaunchSpecBodySchema, type StdioLaunchSpecBody } from '../editor/stdio-launch-spec-body';
