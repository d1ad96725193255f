/**
 * PURE: an MCP `tools/call` result -> what the model sees, as AI-SDK-style tool output content
 * parts. `isError` is kept so the runtime can hand the result to the model as a tool error.
 */
import type { ToModelOutputResult } from '../../tools';
import type { McpCallToolResult } from '../types';

export type McpModelContentPart =
  | { type: 'text'; text: string }
  | { type: 'image-data'; data: string; mediaType: string }
  | { type: 'media'; data: string; mediaType: string };

export interface McpModelOutput {
  isError: boolean;
  content: McpModelContentPart[];
  structuredContent?: Record<string, unknown>;
}

type ResultPart = McpCallToolResult['content'][number];

/** Servers on the 2024-10-07 protocol answer `{ toolResult }` instead of `{ content }`. */
export type McpLegacyCallToolResult = { toolResult: unknown; isError?: boolean };

function binaryPart({ data, mediaType }: { data: string; mediaType: string }): McpModelContentPart {
  return mediaType.startsWith('image/') ? { type: 'image-data', data, mediaType } : { type: 'media', data, mediaType };
}

export function mcpContentPartToModel(part: ResultPart): McpModelContentPart {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'image':
      return { type: 'image-data', data: part.data, mediaType: part.mimeType };
    case 'audio':
      return { type: 'media', data: part.data, mediaType: part.mimeType };
    case 'resource': {
      const resource = part.resource;
      if ('text' in resource && typeof resource.text === 'string') return { type: 'text', text: resource.text };
      if ('blob' in resource && typeof resource.blob === 'string') {
        return binaryPart({ data: resource.blob, mediaType: resource.mimeType ?? 'application/octet-stream' });
      }
      return { type: 'text', text: JSON.stringify(resource) };
    }
    case 'resource_link': {
      const label = part.title ?? part.name;
      const description = part.description ? `: ${part.description}` : '';
      return { type: 'text', text: `Resource link "${label}" <${part.uri}>${description}` };
    }
    default:
      // A part type newer than this code: give the model its JSON rather than dropping it.
      return { type: 'text', text: JSON.stringify(part) };
  }
}

export function mcpResultToModelOutput(result: McpCallToolResult | McpLegacyCallToolResult): McpModelOutput {
  const isError = result.isError === true;
  if (!('content' in result) || !Array.isArray(result.content)) {
    const legacy = (result as McpLegacyCallToolResult).toolResult;
    return {
      isError,
      content: [{ type: 'text', text: typeof legacy === 'string' ? legacy : JSON.stringify(legacy ?? null) }],
    };
  }
  const content = result.content.map(mcpContentPartToModel);
  const structuredContent = result.structuredContent;
  // MCP asks servers to mirror structured content as text; when one does not, the model still needs it.
  if (content.length === 0 && structuredContent !== undefined)
    content.push({ type: 'text', text: JSON.stringify(structuredContent) });
  return structuredContent === undefined ? { isError, content } : { isError, content, structuredContent };
}

/**
 * The `toModelOutput` of an MCP tool: content parts, or for an `isError` result a tool error the
 * model reads as such (`error-text` when every part is text, else `error-json` of the parts, so an
 * image in a failure is not lost).
 */
export function mcpResultToToolOutput(result: McpCallToolResult | McpLegacyCallToolResult): ToModelOutputResult {
  const { isError, content } = mcpResultToModelOutput(result);
  if (!isError) return { type: 'content', value: content };
  if (content.every((part) => part.type === 'text'))
    return { type: 'error-text', value: content.map((part) => part.text).join('\n') };
  return { type: 'error-json', value: content };
}
