import { describe, expect, it } from 'vitest';
import {
  callTool,
  createModelOutput,
  createTool,
  createValidationError,
  modelOutputForError,
  normalizeModelOutput,
  ToolDefinitionError,
} from '@/lib/tools';
import { silentLogger } from '@/lib/logger';

const normalize = (result: unknown) => normalizeModelOutput({ result, toolId: 'shaper' });

describe('createModelOutput without toModelOutput', () => {
  it.each([
    ['a string as text', 'sunny', { type: 'text', value: 'sunny' }],
    ['an object as JSON', { temperature: 21 }, { type: 'json', value: { temperature: 21 } }],
    ['undefined as JSON null', undefined, { type: 'json', value: null }],
    [
      'a date inside JSON as its string',
      { at: new Date('2024-01-01T00:00:00Z') },
      { type: 'json', value: { at: '2024-01-01T00:00:00.000Z' } },
    ],
  ])('gives %s', async (_name, output, expected) => {
    expect(await createModelOutput({ tool: { id: 't' }, output })).toEqual(expected);
  });
});

describe('the JSON value of an output is exactly what JSON gives back', () => {
  class Point {
    constructor(
      readonly x: number,
      readonly y: number,
    ) {}
  }
  const nested: Record<string, unknown> = { level: 0 };
  let cursor = nested;
  for (let level = 1; level < 40; level++) cursor = (cursor.next = { level }) as Record<string, unknown>;
  it.each<[string, unknown]>([
    ['a plain object, key order kept', { b: 1, a: [true, null, 'x', 2.5], 2: 'two', 1: 'one' }],
    ['an array with a hole and undefined', Object.assign(new Array<unknown>(4), { 0: 1, 2: undefined, 3: () => 1 })],
    ['undefined fields and functions dropped', { kept: 1, gone: undefined, call: () => 1 }],
    ['non-finite numbers and -0', { nan: Number.NaN, infinite: Infinity, negativeZero: -0 }],
    ['class instances, maps and dates', { point: new Point(1, 2), map: new Map([[1, 2]]), at: new Date(0) }],
    ['a toJSON method', { value: { toJSON: () => 'shown' } }],
    ['a null-prototype object', Object.assign(Object.create(null) as object, { a: 1 })],
    ['an own __proto__ key', JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as unknown],
    ['deep nesting', nested],
  ])('for %s', async (_name, output) => {
    const { value } = (await createModelOutput({ tool: { id: 't' }, output })) as { value: unknown };
    expect(JSON.stringify(value)).toBe(JSON.stringify(output));
    expect(value).toStrictEqual(JSON.parse(JSON.stringify(output)));
    if (typeof output === 'object' && output !== null) expect(value).not.toBe(output);
  });

  it('copies, so changing the output later does not change what the model was given', async () => {
    const output = { list: [{ name: 'a' }] };
    const { value } = (await createModelOutput({ tool: { id: 't' }, output })) as { value: typeof output };
    output.list[0]!.name = 'changed';
    expect(value.list[0]!.name).toBe('a');
  });

  it('reports a throwing toModelOutput as a rejection', async () => {
    const failing = createModelOutput({
      tool: {
        id: 't',
        toModelOutput: () => {
          throw new Error('no view');
        },
      },
      output: 1,
    });
    await expect(failing).rejects.toThrow('no view');
  });

  it('still reports a cycle as JSON does', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(createModelOutput({ tool: { id: 't' }, output: cyclic })).rejects.toThrow(/circular/i);
  });
});

describe('createModelOutput with toModelOutput', () => {
  it('gives the model what toModelOutput returns (sync or async)', async () => {
    const tool = {
      id: 't',
      toModelOutput: async (output: { celsius: number }) => ({ type: 'text' as const, value: `${output.celsius} °C` }),
    };
    expect(await createModelOutput({ tool, output: { celsius: 21 } })).toEqual({ type: 'text', value: '21 °C' });
  });

  it('does not pass a validation-error value through toModelOutput (it expects the declared output)', async () => {
    const error = createValidationError({
      kind: 'input',
      toolId: 't',
      issues: [{ path: ['city'], message: 'Required' }],
      value: {},
    });
    const tool = {
      id: 't',
      toModelOutput: () => {
        throw new Error('must not be called');
      },
    };
    expect(await createModelOutput({ tool, output: error })).toEqual({ type: 'json', value: error });
  });
});

describe('normalizeModelOutput', () => {
  it.each([
    ['a bare string', 'hello', { type: 'text', value: 'hello' }],
    ['text', { type: 'text', value: 'hello' }, { type: 'text', value: 'hello' }],
    ['json', { type: 'json', value: { a: [1] } }, { type: 'json', value: { a: [1] } }],
    ['json undefined', { type: 'json', value: undefined }, { type: 'json', value: null }],
    [
      'error-text (an output that reports a failure)',
      { type: 'error-text', value: 'quota exceeded' },
      { type: 'error-text', value: 'quota exceeded' },
    ],
    ['error-json', { type: 'error-json', value: { code: 429 } }, { type: 'error-json', value: { code: 429 } }],
  ])('keeps %s', (_name, result, expected) => {
    expect(normalize(result)).toEqual(expected);
  });

  const bytes = new Uint8Array([104, 105]);
  it.each([
    ['a bare string part as text', 'hi', { type: 'text', text: 'hi' }],
    ['a text part', { type: 'text', text: 'hi' }, { type: 'text', text: 'hi' }],
    [
      'an image-url part with a URL object',
      { type: 'image-url', url: new URL('https://example.com/a.png') },
      { type: 'image-url', url: 'https://example.com/a.png' },
    ],
    [
      'an image-data part with bytes as base64',
      { type: 'image-data', data: bytes, mediaType: 'image/png' },
      { type: 'image-data', data: 'aGk=', mediaType: 'image/png' },
    ],
    [
      'an image-data part with base64',
      { type: 'image-data', data: 'aGk=', mediaType: 'image/png' },
      { type: 'image-data', data: 'aGk=', mediaType: 'image/png' },
    ],
    [
      'a file-url part',
      { type: 'file-url', url: 'https://example.com/a.pdf', mediaType: 'application/pdf' },
      { type: 'file-url', url: 'https://example.com/a.pdf', mediaType: 'application/pdf' },
    ],
    [
      'a file-data part with an ArrayBuffer',
      { type: 'file-data', data: bytes.buffer, mediaType: 'text/plain', filename: 'hi.txt' },
      { type: 'file-data', data: 'aGk=', mediaType: 'text/plain', filename: 'hi.txt' },
    ],
    ['a file-id part', { type: 'file-id', fileId: 'file_1' }, { type: 'file-id', fileId: 'file_1' }],
    [
      'an image-file-id part per provider',
      { type: 'image-file-id', fileId: { openai: 'file_2' } },
      { type: 'image-file-id', fileId: { openai: 'file_2' } },
    ],
    [
      'a custom part',
      { type: 'custom', providerOptions: { anthropic: { type: 'x' } } },
      { type: 'custom', providerOptions: { anthropic: { type: 'x' } } },
    ],
    [
      'a legacy image media part as image-data',
      { type: 'media', data: bytes, mediaType: 'image/jpeg' },
      { type: 'image-data', data: 'aGk=', mediaType: 'image/jpeg' },
    ],
    [
      'a legacy non-image media part as file-data',
      { type: 'media', data: 'aGk=', mediaType: 'application/pdf' },
      { type: 'file-data', data: 'aGk=', mediaType: 'application/pdf' },
    ],
  ])('normalises %s', (_name, part, expected) => {
    expect(normalize({ type: 'content', value: [part] })).toEqual({ type: 'content', value: [expected] });
  });

  it.each([
    [
      'an unknown result type',
      { type: 'image', value: 'x' },
      /Tool shaper: toModelOutput returned an unknown type "image"/,
    ],
    [
      'a result without a type',
      { value: 'x' },
      /must return a string or \{ type: 'text' \| 'json' \| 'content' \| 'error-text' \| 'error-json', value \}/,
    ],
    ['a text result that is not a string', { type: 'text', value: 3 }, /value must be a string/],
    ['content that is not an array', { type: 'content', value: 'x' }, /a content value must be an array of parts/],
    [
      'an unknown part type',
      { type: 'content', value: [{ type: 'video' }] },
      /part 0: unknown content part type "video" \(expected one of text, image-url/,
    ],
    [
      'a part without mediaType',
      { type: 'content', value: [{ type: 'image-data', data: 'x' }] },
      /part 0: mediaType must be a string/,
    ],
    [
      'a part with unusable data',
      { type: 'content', value: [{ type: 'file-data', data: 5, mediaType: 'a/b' }] },
      /data must be a base64 string, a Uint8Array or an ArrayBuffer/,
    ],
    [
      'a file-id part without an id',
      { type: 'content', value: [{ type: 'file-id' }] },
      /fileId must be a string or a \{ provider: id \} object/,
    ],
  ])('rejects %s, saying what is expected', (_name, result, message) => {
    expect(() => normalize(result)).toThrow(ToolDefinitionError);
    expect(() => normalize(result)).toThrow(message);
  });
});

describe('modelOutputForError', () => {
  it.each([
    [new Error('upstream is down'), 'upstream is down'],
    ['plain string', 'plain string'],
  ])('gives the model the message of %s', (error, value) => {
    expect(modelOutputForError(error)).toEqual({ type: 'error-text', value });
  });
});

describe('callTool with a toModelOutput that reports an error', () => {
  const tool = createTool({
    id: 'remote',
    description: 'Answers { failed } like a remote service',
    execute: async (input: unknown) => {
      const failed = (input as { fail?: boolean }).fail === true;
      return { failed, text: failed ? 'quota exceeded' : 'done' };
    },
    toModelOutput: (output: { failed: boolean; text: string }) =>
      output.failed
        ? { type: 'error-text' as const, value: output.text }
        : { type: 'text' as const, value: output.text },
  });

  it('answers isError: true with the raw output and the error the model sees', async () => {
    expect(await callTool({ tool, input: { fail: true }, logger: silentLogger })).toEqual({
      output: { failed: true, text: 'quota exceeded' },
      isError: true,
      modelOutput: { type: 'error-text', value: 'quota exceeded' },
    });
  });

  it('answers isError: false otherwise', async () => {
    expect(await callTool({ tool, input: {}, logger: silentLogger })).toMatchObject({
      isError: false,
      modelOutput: { type: 'text', value: 'done' },
    });
  });
});
