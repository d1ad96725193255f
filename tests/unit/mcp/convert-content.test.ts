import { describe, expect, it } from 'vitest';
import { mcpResultToModelOutput, mcpResultToToolOutput } from '@/lib/mcp/convert';
import type { McpCallToolResult } from '@/lib/mcp/types';

type Part = McpCallToolResult['content'][number];

describe('mcpResultToModelOutput: content parts', () => {
  it.each<{ case: string; part: Part; expected: unknown }>([
    { case: 'text', part: { type: 'text', text: 'hi' }, expected: { type: 'text', text: 'hi' } },
    {
      case: 'image -> image-data',
      part: { type: 'image', data: 'AAAA', mimeType: 'image/png' },
      expected: { type: 'image-data', data: 'AAAA', mediaType: 'image/png' },
    },
    {
      case: 'audio -> media',
      part: { type: 'audio', data: 'BBBB', mimeType: 'audio/wav' },
      expected: { type: 'media', data: 'BBBB', mediaType: 'audio/wav' },
    },
    {
      case: 'text resource -> its text',
      part: { type: 'resource', resource: { uri: 'file:///a.txt', text: 'contents', mimeType: 'text/plain' } },
      expected: { type: 'text', text: 'contents' },
    },
    {
      case: 'image blob resource -> image-data',
      part: { type: 'resource', resource: { uri: 'file:///a.png', blob: 'CCCC', mimeType: 'image/png' } },
      expected: { type: 'image-data', data: 'CCCC', mediaType: 'image/png' },
    },
    {
      case: 'other blob resource -> media',
      part: { type: 'resource', resource: { uri: 'file:///a.gz', blob: 'DDDD', mimeType: 'application/gzip' } },
      expected: { type: 'media', data: 'DDDD', mediaType: 'application/gzip' },
    },
    {
      case: 'blob resource without a mime type -> octet-stream media',
      part: { type: 'resource', resource: { uri: 'file:///a', blob: 'EEEE' } },
      expected: { type: 'media', data: 'EEEE', mediaType: 'application/octet-stream' },
    },
    {
      case: 'resource link -> a text naming it',
      part: { type: 'resource_link', uri: 'file:///b.txt', name: 'b.txt', description: 'the b file' },
      expected: { type: 'text', text: 'Resource link "b.txt" <file:///b.txt>: the b file' },
    },
  ])('$case', ({ part, expected }) => {
    expect(mcpResultToModelOutput({ content: [part] })).toEqual({ isError: false, content: [expected] });
  });

  it('keeps the order of several parts', () => {
    const output = mcpResultToModelOutput({
      content: [
        { type: 'text', text: 'one' },
        { type: 'image', data: 'AA', mimeType: 'image/gif' },
        { type: 'text', text: 'two' },
      ],
    });
    expect(output.content.map((part) => part.type)).toEqual(['text', 'image-data', 'text']);
  });

  it('passes an unknown part type to the model as JSON instead of dropping it', () => {
    const part = { type: 'hologram', data: 'x' } as unknown as Part;
    expect(mcpResultToModelOutput({ content: [part] }).content).toEqual([
      { type: 'text', text: '{"type":"hologram","data":"x"}' },
    ]);
  });
});

describe('mcpResultToModelOutput: errors and structured content', () => {
  it.each([
    { case: 'isError true is kept', isError: true, expected: true },
    { case: 'isError false', isError: false, expected: false },
    { case: 'isError absent means success', isError: undefined, expected: false },
  ])('$case', ({ isError, expected }) => {
    const result: McpCallToolResult = {
      content: [{ type: 'text', text: 'x' }],
      ...(isError === undefined ? {} : { isError }),
    };
    expect(mcpResultToModelOutput(result).isError).toBe(expected);
  });

  it('keeps structured content next to the text parts', () => {
    const output = mcpResultToModelOutput({
      content: [{ type: 'text', text: '{"sum":3}' }],
      structuredContent: { sum: 3 },
    });
    expect(output).toEqual({
      isError: false,
      content: [{ type: 'text', text: '{"sum":3}' }],
      structuredContent: { sum: 3 },
    });
  });

  it('gives the model the structured content as text when the server sent no parts', () => {
    const output = mcpResultToModelOutput({ content: [], structuredContent: { sum: 3 } });
    expect(output.content).toEqual([{ type: 'text', text: '{"sum":3}' }]);
  });

  it('maps a legacy { toolResult } answer to text', () => {
    expect(mcpResultToModelOutput({ toolResult: { ok: 1 } }).content).toEqual([{ type: 'text', text: '{"ok":1}' }]);
    expect(mcpResultToModelOutput({ toolResult: 'plain' }).content).toEqual([{ type: 'text', text: 'plain' }]);
  });
});

describe('mcpResultToToolOutput: what an MCP tool gives the model', () => {
  it('is the mapped content parts for a result', () => {
    const result: McpCallToolResult = {
      content: [
        { type: 'text', text: 'hi' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
      ],
    };
    expect(mcpResultToToolOutput(result)).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'hi' },
        { type: 'image-data', data: 'AAAA', mediaType: 'image/png' },
      ],
    });
  });

  it('is a tool error (error-text) for an isError result with text parts', () => {
    const result: McpCallToolResult = {
      isError: true,
      content: [
        { type: 'text', text: 'Access denied' },
        { type: 'text', text: 'path outside' },
      ],
    };
    expect(mcpResultToToolOutput(result)).toEqual({ type: 'error-text', value: 'Access denied\npath outside' });
  });

  it('keeps non-text parts of an isError result as error-json', () => {
    const result: McpCallToolResult = {
      isError: true,
      content: [
        { type: 'text', text: 'failed' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
      ],
    };
    expect(mcpResultToToolOutput(result)).toEqual({
      type: 'error-json',
      value: [
        { type: 'text', text: 'failed' },
        { type: 'image-data', data: 'AAAA', mediaType: 'image/png' },
      ],
    });
  });
});
