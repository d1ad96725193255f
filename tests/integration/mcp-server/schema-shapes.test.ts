/**
 * Tools whose schemas MCP cannot carry as they are, and content parts without a direct MCP
 * equivalent, over real HTTP with the SDK client (which validates every listing and result).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTool } from '@/lib/tools';
import { useServedMcpClient } from './fixture';

const tools = {
  'pick-shape': createTool({
    id: 'pick-shape',
    description: 'Input is a union of objects: a JSON Schema with anyOf and no top-level type',
    inputSchema: z.union([z.object({ circle: z.number() }), z.object({ square: z.number() })]),
    execute: (input) => ('circle' in input ? `circle ${input.circle}` : `square ${input.square}`),
  }),
  shout: createTool({
    id: 'shout',
    description: 'Input is a bare string, which MCP arguments (always an object) cannot be',
    inputSchema: z.string(),
    execute: (input) => input.toUpperCase(),
  }),
  'list-colours': createTool({
    id: 'list-colours',
    description: 'Output is an array, which MCP structured content (always an object) cannot be',
    outputSchema: z.array(z.string()),
    execute: () => ['red', 'green'],
  }),
  'export-report': createTool({
    id: 'export-report',
    description: 'Returns files and provider references',
    execute: () => ({ ok: true }),
    toModelOutput: () => ({
      type: 'content',
      value: [
        { type: 'file-data', data: 'JVBERi0=', mediaType: 'application/pdf', filename: 'report q3.pdf' },
        { type: 'file-data', data: 'UklGRg==', mediaType: 'audio/wav' },
        { type: 'image-url', url: 'https://example.com/charts/' },
        { type: 'file-id', fileId: 'file_123', providerOptions: { openai: { detail: 'low' } } },
      ],
    }),
  }),
};

describe('POST /api/mcp: schemas and content MCP cannot carry as they are', () => {
  const session = useServedMcpClient(tools);

  it('lists a union input schema with type "object" added, and leaves out a tool whose input is not an object', async () => {
    const { tools: listed } = await session.client.listTools();
    expect(listed.map((tool) => tool.name)).toEqual(['export-report', 'list-colours', 'pick-shape']);
    const pickShape = listed.find((tool) => tool.name === 'pick-shape')!;
    expect(pickShape.inputSchema).toEqual({ ...tools['pick-shape'].inputJsonSchema, type: 'object' });
    const result = await session.client.callTool({ name: 'pick-shape', arguments: { square: 2 } });
    expect(result.content).toEqual([{ type: 'text', text: 'square 2' }]);
  });

  it('lists a tool with a non-object output schema without outputSchema and answers with text only', async () => {
    const { tools: listed } = await session.client.listTools();
    expect(listed.find((tool) => tool.name === 'list-colours')!.outputSchema).toBeUndefined();
    const result = await session.client.callTool({ name: 'list-colours', arguments: {} });
    expect(result).toEqual({ content: [{ type: 'text', text: '["red","green"]' }] });
  });

  it('maps file data to embedded resources or audio, URLs to resource links, provider references to JSON text', async () => {
    const result = await session.client.callTool({ name: 'export-report', arguments: {} });
    expect(result.content).toEqual([
      {
        type: 'resource',
        resource: { uri: 'tool-output:///report%20q3.pdf', mimeType: 'application/pdf', blob: 'JVBERi0=' },
      },
      { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
      { type: 'resource_link', uri: 'https://example.com/charts/', name: 'charts' },
      { type: 'text', text: JSON.stringify({ type: 'file-id', fileId: 'file_123' }) },
    ]);
  });
});
