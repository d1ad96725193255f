/**
 * What the model receives for a tool result. The application keeps the raw output; `toModelOutput`
 * may shape a different view (text, JSON or content parts). Parts are normalised to the AI SDK's
 * tool-result shapes: binary data becomes base64, URLs become strings, the legacy `media` part
 * becomes `image-data` or `file-data`, a bare string becomes a text part.
 */
import { copyPlain, notPlain, type PlainCopyRules } from './plain-copy';
import { ToolDefinitionError } from './tool-definition-error';
import { isToolValidationError } from './validation-error';
import { errorMessage } from '../errors';

export type ProviderOptions = Record<string, Record<string, unknown>>;
export type FileId = string | Record<string, string>;

export type ToolContentPart =
  | { type: 'text'; text: string; providerOptions?: ProviderOptions }
  | { type: 'image-url'; url: string; providerOptions?: ProviderOptions }
  | { type: 'image-data'; data: string; mediaType: string; providerOptions?: ProviderOptions }
  | { type: 'file-url'; url: string; mediaType?: string; providerOptions?: ProviderOptions }
  | { type: 'file-data'; data: string; mediaType: string; filename?: string; providerOptions?: ProviderOptions }
  | { type: 'file-id'; fileId: FileId; providerOptions?: ProviderOptions }
  | { type: 'image-file-id'; fileId: FileId; providerOptions?: ProviderOptions }
  | { type: 'custom'; providerOptions?: ProviderOptions };

export type ToolModelOutput =
  | { type: 'text'; value: string }
  | { type: 'json'; value: unknown }
  | { type: 'content'; value: ToolContentPart[] }
  | { type: 'error-text'; value: string }
  | { type: 'error-json'; value: unknown };

type BinaryData = Uint8Array | ArrayBuffer;

/** What a `toModelOutput` function may return: the shapes above, with a few conveniences. */
export type ToolContentPartInput =
  | string
  | ToolContentPart
  | { type: 'image-data' | 'file-data'; data: string | BinaryData; mediaType: string; filename?: string }
  | { type: 'image-url' | 'file-url'; url: string | URL; mediaType?: string }
  | { type: 'media'; data: string | BinaryData; mediaType: string };

export type ToModelOutputResult =
  | string
  | { type: 'text'; value: string }
  | { type: 'json'; value: unknown }
  | { type: 'content'; value: ToolContentPartInput[] }
  /** The output reports a failure (e.g. an MCP `isError` result): the model reads it as a tool error. */
  | { type: 'error-text'; value: string }
  | { type: 'error-json'; value: unknown };

const partTypes = ['text', 'image-url', 'image-data', 'file-url', 'file-data', 'file-id', 'image-file-id', 'custom'];

function toBase64(data: unknown, where: string): string {
  if (typeof data === 'string') return data;
  if (data instanceof Uint8Array) return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('base64');
  throw new ToolDefinitionError(`${where}: data must be a base64 string, a Uint8Array or an ArrayBuffer.`);
}

function requireString(value: unknown, field: string, where: string): string {
  if (typeof value !== 'string') throw new ToolDefinitionError(`${where}: ${field} must be a string.`);
  return value;
}

function normalizePart(part: unknown, where: string): ToolContentPart {
  if (typeof part === 'string') return { type: 'text', text: part };
  if (typeof part !== 'object' || part === null || !('type' in part)) {
    throw new ToolDefinitionError(`${where}: a content part must be a string or an object with a type.`);
  }
  const record = part as Record<string, unknown> & { type: unknown };
  switch (record.type) {
    case 'text':
      return { ...record, type: 'text', text: requireString(record.text, 'text', where) };
    case 'media': {
      const mediaType = requireString(record.mediaType, 'mediaType', where);
      const data = toBase64(record.data, where);
      return mediaType.startsWith('image/')
        ? { type: 'image-data', data, mediaType }
        : { type: 'file-data', data, mediaType };
    }
    case 'image-data':
    case 'file-data':
      return {
        ...record,
        type: record.type,
        data: toBase64(record.data, where),
        mediaType: requireString(record.mediaType, 'mediaType', where),
      } as ToolContentPart;
    case 'image-url':
    case 'file-url': {
      const url = record.url instanceof URL ? record.url.href : requireString(record.url, 'url', where);
      return { ...record, type: record.type, url } as ToolContentPart;
    }
    case 'file-id':
    case 'image-file-id':
      if (typeof record.fileId !== 'string' && (typeof record.fileId !== 'object' || record.fileId === null)) {
        throw new ToolDefinitionError(`${where}: fileId must be a string or a { provider: id } object.`);
      }
      return record as ToolContentPart;
    case 'custom':
      return record as ToolContentPart;
    default:
      throw new ToolDefinitionError(
        `${where}: unknown content part type ${JSON.stringify(record.type)} (expected one of ${partTypes.join(', ')}).`,
      );
  }
}

/**
 * What JSON gives back unchanged: strings, finite numbers other than -0, booleans, null, and plain
 * objects and arrays without `toJSON`. Most tool outputs are such values; copying them directly is
 * several times cheaper than writing and parsing their JSON text.
 */
const jsonRules: PlainCopyRules = {
  leaf: (value) =>
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    value === null ||
    (typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0))
      ? value
      : notPlain,
  acceptsObject: (value) => typeof (value as { toJSON?: unknown }).toJSON !== 'function',
  freeze: false,
};

function toJsonValue(value: unknown): unknown {
  // What a provider would send: `undefined` becomes null, dates become strings, and so on.
  if (value === undefined) return null;
  const copy = copyPlain(value, jsonRules);
  return copy === notPlain ? JSON.parse(JSON.stringify(value) ?? 'null') : copy;
}

/** Normalises what a tool's `toModelOutput` returned; throws for shapes a model cannot receive. */
export function normalizeModelOutput({ result, toolId }: { result: unknown; toolId: string }): ToolModelOutput {
  const where = `Tool ${toolId}: toModelOutput`;
  if (typeof result === 'string') return { type: 'text', value: result };
  if (typeof result !== 'object' || result === null || !('type' in result)) {
    throw new ToolDefinitionError(
      `${where} must return a string or { type: 'text' | 'json' | 'content' | 'error-text' | 'error-json', value }.`,
      { toolId },
    );
  }
  const { type, value } = result as { type: unknown; value: unknown };
  if (type === 'text') return { type: 'text', value: requireString(value, 'value', where) };
  if (type === 'json') return { type: 'json', value: toJsonValue(value) };
  if (type === 'error-text') return { type: 'error-text', value: requireString(value, 'value', where) };
  if (type === 'error-json') return { type: 'error-json', value: toJsonValue(value) };
  if (type === 'content') {
    if (!Array.isArray(value))
      throw new ToolDefinitionError(`${where}: a content value must be an array of parts.`, { toolId });
    return { type: 'content', value: value.map((part, index) => normalizePart(part, `${where} part ${index}`)) };
  }
  throw new ToolDefinitionError(
    `${where} returned an unknown type ${JSON.stringify(type)} (expected text, json, content, error-text or error-json).`,
    { toolId },
  );
}

/**
 * What the model sees for one result. A validation-error value goes to the model as JSON without
 * `toModelOutput`, which is written for the tool's declared output.
 */
export async function createModelOutput({
  tool,
  output,
}: {
  tool: { id: string; toModelOutput?: (output: never) => ToModelOutputResult | Promise<ToModelOutputResult> };
  output: unknown;
}): Promise<ToolModelOutput> {
  if (isToolValidationError(output)) return { type: 'json', value: output };
  if (tool.toModelOutput) {
    const toModelOutput = tool.toModelOutput as (output: unknown) => ToModelOutputResult | Promise<ToModelOutputResult>;
    return normalizeModelOutput({ result: await toModelOutput(output), toolId: tool.id });
  }
  return typeof output === 'string' ? { type: 'text', value: output } : { type: 'json', value: toJsonValue(output) };
}

/** What the model sees when execute threw: the error's message. */
export function modelOutputForError(error: unknown): ToolModelOutput {
  return { type: 'error-text', value: errorMessage(error) };
}
