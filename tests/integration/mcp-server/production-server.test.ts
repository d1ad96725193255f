/**
 * The production server (dist/server.js with the demo tools of studio.config.ts) as an MCP server,
 * through the SDK's client over real HTTP.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { convertUnitsTool, searchKnowledgeBaseTool, worldTimeTool } from '@/lib/demo-tools';
import { connectMcpClient } from './fixture';

describe('production server: POST /api/mcp', () => {
  let client: Client;

  beforeAll(async () => {
    client = await connectMcpClient(inject('serverUrl'));
  });
  afterAll(() => client?.close());

  it("lists the demo tools (and the test configuration's pausing tools) with their declared annotations and output schemas", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'convert-units',
      'issue-refund',
      'schedule-callback',
      'search-knowledge-base',
      'world-time',
    ]);
    for (const demoTool of [convertUnitsTool, searchKnowledgeBaseTool, worldTimeTool]) {
      const listed = tools.find((tool) => tool.name === demoTool.id)!;
      expect(listed.annotations).toEqual(demoTool.mcp?.annotations);
      expect(listed.title).toBe(demoTool.mcp?.annotations?.title);
      expect(listed.inputSchema).toEqual(demoTool.inputJsonSchema);
      expect(listed.outputSchema).toEqual(demoTool.outputJsonSchema);
    }
  });

  it('calls convert-units and gets structured content', async () => {
    const result = await client.callTool({ name: 'convert-units', arguments: { value: 10, from: 'km', to: 'mi' } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      value: 10,
      from: 'km',
      to: 'mi',
      kind: 'length',
      formatted: '10 km = 6.21371 mi',
    });
    const [part] = result.content as Array<{ type: string; text: string }>;
    expect(part!.type).toBe('text');
    expect(JSON.parse(part!.text)).toEqual(result.structuredContent);
  });

  it('answers a conversion across kinds with the validation message as an isError result', async () => {
    const result = await client.callTool({ name: 'convert-units', arguments: { value: 1, from: 'kg', to: 'km' } });
    expect(result.isError).toBe(true);
    const [part] = result.content as Array<{ type: string; text: string }>;
    expect(part!.text).toMatch(
      /^Tool input validation failed for convert-units\. Please fix the following errors and try again:\n- to: Cannot convert mass \(kg\) to length \(km\)/,
    );
  });
});
