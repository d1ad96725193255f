/**
 * PURE: the result of a direct tool call (`callTool`, the same one `POST /api/tools/:id/execute`
 * answers with) -> an MCP `tools/call` result. Failures are results with `isError: true`, never
 * protocol errors, so the calling model reads the message and can retry.
 */
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/sdk/types.js';
import type { ToolCallResult, ToolContentPart, ToolModelOutput } from '../../tools';

function text(value: string): ContentBlock {
  return { type: 'text', text: value };
}

function jsonText(value: unknown): ContentBlock {
  return text(JSON.stringify(value) ?? 'null');
}

/** The last path segment of a URL, which MCP requires as a resource link's `name`. */
function nameOfUrl(url: string): string {
  try {
    const segments = new URL(url).pathname.split('/').filter((segment) => segment !== '');
    return decodeURIComponent(segments.at(-1) ?? '') || url;
  } catch {
    return url;
  }
}

function linkPart({ url, mediaType }: { url: string; mediaType?: string }): ContentBlock {
  const link: ContentBlock = { type: 'resource_link', uri: url, name: nameOfUrl(url) };
  return mediaType === undefined ? link : { ...link, mimeType: mediaType };
}

/**
 * Inline binary data: images and audio have their own MCP parts; anything else is an embedded
 * resource, which needs a URI: `tool-output:///<filename or part-N>` names it within this result.
 */
function binaryPart({ data, mediaType, name }: { data: string; mediaType: string; name: string }): ContentBlock {
  if (mediaType.startsWith('image/')) return { type: 'image', data, mimeType: mediaType };
  if (mediaType.startsWith('audio/')) return { type: 'audio', data, mimeType: mediaType };
  return {
    type: 'resource',
    resource: { uri: `tool-output:///${encodeURIComponent(name)}`, mimeType: mediaType, blob: data },
  };
}

export function contentPartToMcp(part: ToolContentPart, index: number): ContentBlock {
  switch (part.type) {
    case 'text':
      return text(part.text);
    case 'image-data':
      return binaryPart({ data: part.data, mediaType: part.mediaType, name: `part-${index}` });
    case 'file-data':
      return binaryPart({ data: part.data, mediaType: part.mediaType, name: part.filename ?? `part-${index}` });
    case 'image-url':
    case 'file-url':
      return linkPart({ url: part.url, mediaType: 'mediaType' in part ? part.mediaType : undefined });
    default: {
      // Provider file ids and custom parts mean nothing to an MCP client; their JSON (without
      // provider options) keeps them visible instead of silently dropping them.
      const { providerOptions: _providerOptions, ...rest } = part;
      return jsonText(rest);
    }
  }
}

export function modelOutputToMcpContent(modelOutput: ToolModelOutput): ContentBlock[] {
  switch (modelOutput.type) {
    case 'text':
    case 'error-text':
      return [text(modelOutput.value)];
    case 'json':
    case 'error-json':
      return [jsonText(modelOutput.value)];
    case 'content':
      return modelOutput.value.map(contentPartToMcp);
  }
}

/** The message of a failed call: a validation-error value and a thrown execute's `{ message }` alike. */
function errorMessage(output: unknown): string {
  const message = typeof output === 'object' && output !== null ? (output as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : JSON.stringify(output);
}

/**
 * `structured` is true for tools listed with an `outputSchema`: MCP then requires the output as
 * `structuredContent`; `content` still carries it for clients that only read content.
 */
export function toMcpCallResult({
  result,
  structured,
}: {
  result: ToolCallResult;
  structured: boolean;
}): CallToolResult {
  if (result.isError) {
    // A tool error shaped by toModelOutput (error-text / error-json) is given as shaped.
    const content = result.modelOutput
      ? modelOutputToMcpContent(result.modelOutput)
      : [text(errorMessage(result.output))];
    return { content, isError: true };
  }
  const content = result.modelOutput
    ? modelOutputToMcpContent(result.modelOutput)
    : [typeof result.output === 'string' ? text(result.output) : jsonText(result.output)];
  if (!structured) return { content };
  return { content, structuredContent: result.output as Record<string, unknown> };
}
