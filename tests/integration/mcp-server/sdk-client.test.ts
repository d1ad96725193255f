/**
 * POST /api/mcp over real HTTP (a test studio served by @hono/node-server), driven by the MCP
 * SDK's own client: listing passes the `mcp` option through unchanged, calls go through the
 * normal tool pipeline and failures come back as `isError` results.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTool } from '@/lib/tools';
import { jsonRequest } from '../../support/studio';
import { useServedMcpClient } from './fixture';

const lookupOrderMcp = {
  annotations: { title: 'Look up an order', readOnlyHint: true, openWorldHint: false },
  _meta: { 'agent-studio/category': 'orders', ui: { icon: 'box', order: 2 } },
};

const tools = {
  'lookup-order': createTool({
    id: 'lookup-order',
    description: 'Finds an order by its number',
    inputSchema: z.object({ orderNumber: z.string().regex(/^A-\d+$/, 'Order numbers look like A-123') }),
    mcp: lookupOrderMcp,
    execute: ({ orderNumber }) => `Order ${orderNumber}: shipped`,
  }),
  'measure-text': createTool({
    id: 'measure-text',
    description: 'Counts the characters and words of a text',
    inputSchema: z.object({ text: z.string() }),
    outputSchema: z.object({ characters: z.number().int(), words: z.number().int() }),
    execute: ({ text }) => ({ characters: text.length, words: text.split(/\s+/).filter(Boolean).length }),
  }),
  'echo-plain': createTool({
    id: 'echo-plain',
    description: 'Echoes a message (plain JSON Schema, nothing declared for MCP)',
    inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
    execute: (input) => ({ echoed: input.message }),
  }),
  'render-chart': createTool({
    id: 'render-chart',
    description: 'Renders a chart',
    execute: () => ({ points: 3 }),
    toModelOutput: () => ({
      type: 'content',
      value: [
        'A chart with 3 points',
        { type: 'image-data', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
        { type: 'file-url', url: 'https://example.com/reports/q3.pdf', mediaType: 'application/pdf' },
      ],
    }),
  }),
  'always-fails': createTool({
    id: 'always-fails',
    description: 'Throws',
    execute: (): string => {
      throw new Error('The warehouse system is down');
    },
  }),
  'browser-only': createTool({ id: 'browser-only', description: 'A client tool, executed by the calling application' }),
};

describe('POST /api/mcp with the SDK client', () => {
  const session = useServedMcpClient(tools);

  describe('tools/list', () => {
    it('lists every executable code tool, sorted by id', async () => {
      const { tools: listed } = await session.client.listTools();
      expect(listed.map((tool) => tool.name)).toEqual([
        'always-fails',
        'echo-plain',
        'lookup-order',
        'measure-text',
        'render-chart',
      ]);
      expect(session.client.getServerVersion()).toMatchObject({
        name: 'agent-studio',
        version: session.served.studio.version,
      });
    });

    it('passes title, annotations and _meta through exactly as declared', async () => {
      const { tools: listed } = await session.client.listTools();
      const lookup = listed.find((tool) => tool.name === 'lookup-order')!;
      expect(lookup.title).toBe('Look up an order');
      expect(lookup.annotations).toEqual(lookupOrderMcp.annotations);
      expect(lookup._meta).toEqual(lookupOrderMcp._meta);
      expect(lookup.description).toBe('Finds an order by its number');
      expect(lookup.inputSchema).toEqual(tools['lookup-order'].inputJsonSchema);
    });

    it('adds no default annotations, title or _meta to a tool that declares none (on the wire)', async () => {
      const response = await fetch(new URL('/api/mcp', session.served.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = await response.json();
      const echo = body.result.tools.find((tool: { name: string }) => tool.name === 'echo-plain');
      expect(Object.keys(echo).sort()).toEqual(['description', 'inputSchema', 'name']);
      expect(echo.inputSchema).toEqual({
        type: 'object',
        properties: { message: { type: 'string' } },
        required: ['message'],
      });
    });

    it('declares outputSchema only for the tool that has one', async () => {
      const { tools: listed } = await session.client.listTools();
      const withOutput = listed.filter((tool) => tool.outputSchema !== undefined).map((tool) => tool.name);
      expect(withOutput).toEqual(['measure-text']);
      expect(listed.find((tool) => tool.name === 'measure-text')!.outputSchema).toEqual(
        tools['measure-text'].outputJsonSchema,
      );
    });
  });

  describe('tools/call', () => {
    it('returns structuredContent plus the JSON text when the tool has an outputSchema', async () => {
      const result = await session.client.callTool({ name: 'measure-text', arguments: { text: 'two words' } });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({ characters: 9, words: 2 });
      expect(result.content).toEqual([{ type: 'text', text: JSON.stringify({ characters: 9, words: 2 }) }]);
    });

    it('returns text content and no structuredContent for a tool without an outputSchema', async () => {
      const result = await session.client.callTool({ name: 'lookup-order', arguments: { orderNumber: 'A-42' } });
      expect(result).toEqual({ content: [{ type: 'text', text: 'Order A-42: shipped' }] });
      const echoed = await session.client.callTool({ name: 'echo-plain', arguments: { message: 'hi' } });
      expect(echoed.content).toEqual([{ type: 'text', text: '{"echoed":"hi"}' }]);
    });

    it('maps toModelOutput content parts to MCP content', async () => {
      const result = await session.client.callTool({ name: 'render-chart', arguments: {} });
      expect(result.isError).toBeFalsy();
      expect(result.content).toEqual([
        { type: 'text', text: 'A chart with 3 points' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        {
          type: 'resource_link',
          uri: 'https://example.com/reports/q3.pdf',
          name: 'q3.pdf',
          mimeType: 'application/pdf',
        },
      ]);
    });

    it('answers invalid input with an isError result carrying the standard validation message', async () => {
      const result = await session.client.callTool({ name: 'measure-text', arguments: { text: 42 } });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      // The same message the execute route gives the model.
      const executed = await session.served.studio.api.request(
        '/api/tools/measure-text/execute',
        jsonRequest('POST', { input: { text: 42 } }),
      );
      const { output } = await executed.json();
      expect(output.message).toMatch(
        /^Tool input validation failed for measure-text\. Please fix the following errors and try again:\n- text: /,
      );
      expect(result.content).toEqual([{ type: 'text', text: output.message }]);
    });

    it('answers a thrown execute with an isError result holding its message', async () => {
      const result = await session.client.callTool({ name: 'always-fails', arguments: {} });
      expect(result).toEqual({ content: [{ type: 'text', text: 'The warehouse system is down' }], isError: true });
    });

    it('refuses tools that are not listed (unknown ids and session.client tools) with a protocol error', async () => {
      // Said once: "MCP error -32602: Tool no-such-tool not found", not with the prefix twice.
      await expect(session.client.callTool({ name: 'no-such-tool', arguments: {} })).rejects.toThrow(
        /^MCP error -32602: Tool no-such-tool not found$/,
      );
      await expect(session.client.callTool({ name: 'browser-only', arguments: {} })).rejects.toThrow(
        /Tool browser-only not found/,
      );
    });

    it('serves concurrent calls, each on its own stateless request', async () => {
      const texts = ['a', 'b c', 'd e f', 'g h i j', 'k l m n o'];
      const results = await Promise.all(
        texts.map((text) => session.client.callTool({ name: 'measure-text', arguments: { text } })),
      );
      expect(results.map((result) => (result.structuredContent as { words: number }).words)).toEqual([1, 2, 3, 4, 5]);
    });
  });
});
