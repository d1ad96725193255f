import { describe, expect, it } from 'vitest';
import { toMcpServerError } from '@/lib/mcp/mcp-server-error';
import { createMcpError, isMcpError, loadMcpClientSdk, rpcErrorCodes } from '@/lib/mcp/sdk';

describe('the MCP SDK loaded on first use', () => {
  it('uses the JSON-RPC error codes the SDK defines', async () => {
    const { ErrorCode } = await import('@modelcontextprotocol/sdk/types.js');
    for (const [name, code] of Object.entries(rpcErrorCodes)) expect(code, name).toBe(ErrorCode[name as never]);
  });

  it("recognises the SDK's protocol errors, and classifies them as before", async () => {
    // An error that only reads like one is not one.
    expect(isMcpError(new Error('MCP error -32001: Request timed out'))).toBe(false);
    const sdk = await loadMcpClientSdk();
    expect(sdk.Client).toBe((await import('@modelcontextprotocol/sdk/client/index.js')).Client);
    const { McpError } = await import('@modelcontextprotocol/sdk/types.js');
    const timeout = new McpError(rpcErrorCodes.RequestTimeout, 'Request timed out');
    expect(isMcpError(timeout)).toBe(true);
    expect(toMcpServerError({ error: timeout, serverName: 's', scope: 'call', action: 'list tools' })).toMatchObject({
      reason: 'timeout',
      message: 'MCP server "s": list tools failed: timed out',
    });
    const closed = new McpError(rpcErrorCodes.ConnectionClosed, 'Connection closed');
    expect(toMcpServerError({ error: closed, serverName: 's', scope: 'call', action: 'connect' })).toMatchObject({
      reason: 'closed',
      code: 'mcp_unavailable',
    });
  });

  it("creates the SDK's own error class", async () => {
    const { McpError } = await import('@modelcontextprotocol/sdk/types.js');
    const error = await createMcpError(rpcErrorCodes.InvalidParams, 'Tool x not found');
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: -32602, message: 'MCP error -32602: Tool x not found' });
  });
});
