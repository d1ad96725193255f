import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { followSignal } from '@/lib/mcp/deadline';
import { isSdkRequestTimeout } from '@/lib/mcp/mcp-server-error';
import { loadMcpClientSdk } from '@/lib/mcp/sdk';
import { callerAbortSignal, createToolExecutionContext } from '@/lib/tools';

describe('followSignal', () => {
  it('aborts with the followed signal, with its reason', () => {
    const controller = new AbortController();
    const followed = followSignal(controller.signal);
    expect(followed.signal).not.toBe(controller.signal);
    controller.abort(new Error('run stopped'));
    expect(followed.signal.aborted).toBe(true);
    expect((followed.signal.reason as Error).message).toBe('run stopped');
  });

  it('is aborted at once when the followed signal already is', () => {
    const controller = new AbortController();
    controller.abort('gone');
    expect(followSignal(controller.signal).signal.reason).toBe('gone');
  });

  it('leaves no listener on the followed signal once disposed', () => {
    const controller = new AbortController();
    for (let call = 0; call < 5; call += 1) followSignal(controller.signal).dispose();
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    const kept = followSignal(controller.signal);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    kept.dispose();
  });
});

describe('callerAbortSignal', () => {
  it('is undefined for a call given no signal, and the signal otherwise', () => {
    expect(callerAbortSignal(createToolExecutionContext())).toBeUndefined();
    const signal = new AbortController().signal;
    expect(callerAbortSignal(createToolExecutionContext({ abortSignal: signal }))).toBe(signal);
  });
});

describe('isSdkRequestTimeout', () => {
  it("recognises the SDK's request timeout (which races a budget's own timer) and nothing else", async () => {
    // The SDK is loaded on first use; its errors only come from connections, which load it first.
    await loadMcpClientSdk();
    expect(isSdkRequestTimeout(new McpError(ErrorCode.RequestTimeout, 'Request timed out'))).toBe(true);
    expect(isSdkRequestTimeout(new McpError(ErrorCode.ConnectionClosed, 'Connection closed'))).toBe(false);
    expect(isSdkRequestTimeout(new Error('timed out'))).toBe(false);
  });
});
