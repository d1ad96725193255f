/**
 * Agents as MCP tools: the production server started with STUDIO_EXPOSE_AGENTS_OVER_MCP on (and the
 * test configuration's prompt-scripted model), called by the MCP SDK's own client over HTTP.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../support/server-process';
import { connectMcpClient } from './fixture';

const root = fileURLToPath(new URL('../../..', import.meta.url));

async function post(url: string, path: string, body: unknown) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe('agents over MCP', () => {
  let directory: string;
  let server: ServerProcess;
  let client: Client;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'studio-agents-mcp-'));
    server = await startServerProcess({
      root,
      directory,
      spawn,
      config: 'test',
      environment: { STUDIO_EXPOSE_AGENTS_OVER_MCP: 'true' },
    });
    const agent = {
      id: 'echo-agent',
      name: 'Echo',
      description: 'Says back what it was told.',
      model: 'test/scripted',
      instructions: 'Echo for {{tenant}}.',
    };
    expect((await post(server.url, '/api/agents', agent)).status).toBe(201);
    expect((await post(server.url, '/api/agents/echo-agent/versions/1/publish', {})).status).toBe(200);
    // Saved but never published: not runnable, so not listed.
    expect((await post(server.url, '/api/agents', { ...agent, id: 'draft-agent' })).status).toBe(201);
    client = await connectMcpClient(server.url);
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  it('lists one tool per published agent beside the code tools, with input { prompt, requestContext? }', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toContain('convert-units');
    expect(names).toContain('agent-echo-agent');
    expect(names).not.toContain('agent-draft-agent');
    const listed = tools.find((tool) => tool.name === 'agent-echo-agent')!;
    expect(listed.description).toBe('Says back what it was told.');
    expect(listed.inputSchema).toMatchObject({
      type: 'object',
      properties: { prompt: { type: 'string' }, requestContext: { type: 'object' } },
      required: ['prompt'],
    });
  });

  it('runs the agent on the prompt (with the request context given) and answers its text', async () => {
    const result = await client.callTool({
      name: 'agent-echo-agent',
      arguments: { prompt: 'hello over MCP', requestContext: { tenant: 'acme' } },
    });
    expect(result.isError).toBeFalsy();
    expect(result.content).toEqual([{ type: 'text', text: 'You said: hello over MCP' }]);
  });

  it('answers a missing prompt with an isError result', async () => {
    const result = await client.callTool({ name: 'agent-echo-agent', arguments: {} });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: 'text', text: 'prompt: give the agent a non-empty string to answer.' }]);
  });

  it('names a paused run and how to continue it, and the run continues through the HTTP API', async () => {
    const refunder = {
      id: 'refund-agent',
      name: 'Refunds',
      model: 'test/scripted',
      instructions: 'Refund when asked.',
      tools: ['issue-refund'],
    };
    expect((await post(server.url, '/api/agents', refunder)).status).toBe(201);
    expect((await post(server.url, '/api/agents/refund-agent/versions/1/publish', {})).status).toBe(200);
    const result = await client.callTool({
      name: 'agent-refund-agent',
      arguments: { prompt: '[[call issue-refund {"orderId":"o-1","amount":5}]]' },
    });
    expect(result.isError).toBe(true);
    const { text } = (result.content as Array<{ type: 'text'; text: string }>)[0]!;
    const [, runId, toolCallId] = /paused in run (\S+), waiting for issue-refund \(approval, toolCallId (\S+)\)/.exec(
      text,
    )!;
    expect(text).toContain(`POST /api/runs/${runId}/<action>`);
    expect(text).toContain('approve (or decline) with { toolCallId }');
    const approved = await post(server.url, `/api/runs/${runId}/approve`, { toolCallId });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ runId, status: 'finished' });
    expect(approved.body.text).toMatch(/^Tool results: issue-refund ->/);
  });

  it('lists no agents on the default server, where the setting is off', async () => {
    const plain = await connectMcpClient(inject('serverUrl'));
    try {
      const { tools } = await plain.listTools();
      expect(tools.some((tool) => tool.name.startsWith('agent-'))).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
