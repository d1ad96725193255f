import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  createTool,
  defaultToolAnnotations,
  effectiveToolAnnotations,
  ToolDefinitionError,
  type ToolExecution,
  type ToolOptions,
} from '@/lib/tools';
import { schemaKinds } from './schema-fixtures';

const base = { id: 'weather-tool', description: 'Current weather for a city' } as const;

/** One row per option of the table in tools.md section 1 that the tool carries as given. */
const carriedOptions: Array<[keyof ToolOptions, unknown]> = [
  ['strict', true],
  ['toModelOutput', (output: unknown) => ({ type: 'json', value: output })],
  ['transform', { display: { output: ({ output }: { output: unknown }) => output } }],
  ['requireApproval', true],
  [
    'requireApproval',
    (_input: unknown, { requestContext }: { requestContext: Record<string, unknown> }) => requestContext.plan !== 'pro',
  ],
  ['mcp', { annotations: { title: 'Weather', readOnlyHint: true }, _meta: { 'ui/resource': 'x' } }],
  ['providerOptions', { anthropic: { cacheControl: { type: 'ephemeral' } }, openai: { strict: true } }],
  ['inputExamples', [{ input: { city: 'Oslo' } }]],
  ['background', { enabled: true, timeoutMs: 30_000, maxRetries: 2 }],
  ['onInputStart', () => undefined],
  ['onInputDelta', () => undefined],
  ['onInputAvailable', () => undefined],
  ['onOutput', () => undefined],
];

describe('createTool options', () => {
  it.each(carriedOptions)('carries %s unchanged', (option, value) => {
    const tool = createTool({ ...base, [option]: value } as ToolOptions);
    expect(tool[option as keyof typeof tool]).toBe(value);
  });

  it('carries id and description', () => {
    const tool = createTool({ ...base });
    expect([tool.id, tool.description]).toEqual([base.id, base.description]);
  });

  it('keeps the options as given, with its own execute under options.execute', () => {
    const execute = () => 'sunny';
    const options = { ...base, execute };
    const tool = createTool(options);
    expect(tool.options).toBe(options);
    expect(tool.options.execute).toBe(execute);
    expect(tool.execute).not.toBe(execute);
  });

  it.each(schemaKinds)('exposes the input and output JSON Schema ($library)', ({ library, order, options }) => {
    const tool = createTool({ ...base, inputSchema: options, outputSchema: order });
    expect(tool.inputJsonSchema).toMatchObject({
      type: 'object',
      properties: { verbose: { type: 'boolean' }, limit: { type: 'number' } },
    });
    expect(tool.outputJsonSchema).toMatchObject({ type: 'object', required: ['customer', 'items'] });
    if (library === 'json-schema') expect(tool.inputJsonSchema).toBe(options);
  });

  it('describes a tool without an input schema as taking an object, and one without an output schema as having none', () => {
    const tool = createTool({ ...base });
    expect(tool.inputJsonSchema).toEqual({ type: 'object', properties: {} });
    expect(tool.outputJsonSchema).toBeUndefined();
  });

  it.each([
    ['inputSchema', 'input'],
    ['outputSchema', 'output'],
    ['suspendSchema', 'suspend'],
    ['resumeSchema', 'resume'],
    ['requestContextSchema', 'requestContext'],
  ] as const)('normalises %s once, at creation', (option, key) => {
    const tool = createTool({ ...base, [option]: schemaKinds[0]!.options } as ToolOptions);
    expect(tool.schemas[key]?.validate({ limit: 1 })).toEqual({ success: true, value: { limit: 1 } });
    expect(Object.keys(tool.schemas)).toEqual([key]);
  });

  it.each([['inputSchema'], ['outputSchema'], ['suspendSchema'], ['resumeSchema'], ['requestContextSchema']] as const)(
    'rejects an unusable %s at creation, naming the tool and the option',
    (option) => {
      expect(() => createTool({ ...base, [option]: ['not', 'a', 'schema'] } as ToolOptions)).toThrow(
        new RegExp(`^Tool weather-tool: ${option} must be a Standard JSON Schema`),
      );
    },
  );

  it.each([
    ['an empty id', { ...base, id: '' }, /createTool needs a non-empty string id/],
    ['a missing description', { id: 'x', description: '  ' }, /Tool x: description must be a non-empty string/],
    ['a non-function execute', { ...base, execute: 'run' }, /Tool weather-tool: execute must be a function/],
    ['a non-function hook', { ...base, onOutput: true }, /Tool weather-tool: onOutput must be a function/],
    ['a non-function toModelOutput', { ...base, toModelOutput: 'text' }, /toModelOutput must be a function/],
    [
      'an invalid requireApproval',
      { ...base, requireApproval: 'yes' },
      /requireApproval must be true, false or a function/,
    ],
    [
      'MCP hints that are not booleans',
      { ...base, mcp: { annotations: { readOnlyHint: 'x', destructiveHint: 5 } } },
      /mcp\.annotations\.readOnlyHint: .*boolean.*; mcp\.annotations\.destructiveHint: .*boolean/,
    ],
    ['a strict that is not a boolean', { ...base, strict: 'x' }, /Tool weather-tool: strict: /],
    [
      'a negative background timeout',
      { ...base, background: { enabled: true, timeoutMs: -5 } },
      /background\.timeoutMs/,
    ],
    ['provider options that are not a record', { ...base, providerOptions: 5 }, /providerOptions: /],
    [
      'an input example without input',
      { ...base, inputExamples: [{ nope: 1 }] },
      /inputExamples\.0\.input: is missing/,
    ],
    [
      'an input example the input schema refuses',
      {
        ...base,
        inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        inputExamples: [{ input: { city: 3 } }],
      },
      /inputExamples\.0\.input\.city: /,
    ],
    [
      'a transform phase that is not a function',
      { ...base, transform: { display: { output: 5 } } },
      /transform\.display\.output: must be a function/,
    ],
    [
      'a misspelt transform phase',
      { ...base, transform: { display: { outptu: () => 1 } } },
      /Unrecognized key: "outptu"/,
    ],
    [
      'an input schema whose $ref points outside it, which nothing fetches',
      { ...base, inputSchema: { type: 'object', properties: { a: { $ref: 'http://example.com/schema.json' } } } },
      /the \$ref "http:\/\/example\.com\/schema\.json" points outside the schema/,
    ],
  ])('rejects %s', (_name, options, message) => {
    expect(() => createTool(options as unknown as ToolOptions)).toThrow(ToolDefinitionError);
    expect(() => createTool(options as unknown as ToolOptions)).toThrow(message);
  });

  it('takes an input schema whose $refs point inside it, or to an $id it declares', async () => {
    const tool = createTool({
      ...base,
      inputSchema: {
        type: 'object',
        properties: { a: { $ref: '#/$defs/city' }, b: { $ref: 'urn:place' } },
        $defs: { city: { type: 'string' }, place: { $id: 'urn:place', type: 'string' } },
      },
      execute: (input) => input,
    });
    expect(await tool.execute!({ a: 'Oslo', b: 'Bergen' } as never, {} as never)).toMatchObject({
      output: { a: 'Oslo', b: 'Bergen' },
    });
  });

  it('returns plain data that serialises without functions', () => {
    const tool = createTool({ ...base, inputSchema: { type: 'object' }, execute: () => 1 });
    expect(JSON.parse(JSON.stringify({ id: tool.id, inputJsonSchema: tool.inputJsonSchema }))).toEqual({
      id: 'weather-tool',
      inputJsonSchema: { type: 'object' },
    });
  });

  it('types execute input from the schema output and the result from execute', async () => {
    const tool = createTool({
      ...base,
      inputSchema: z.object({ city: z.string(), units: z.enum(['c', 'f']).default('c') }),
      execute: ({ city, units }) => {
        expectTypeOf(city).toEqualTypeOf<string>();
        expectTypeOf(units).toEqualTypeOf<'c' | 'f'>();
        return { temperature: 21, city };
      },
    });
    const result = await tool.execute!({ city: 'Oslo' });
    expectTypeOf(result).toEqualTypeOf<ToolExecution<{ temperature: number; city: string }>>();
    expect(result).toEqual({ status: 'output', output: { temperature: 21, city: 'Oslo' } });
  });
});

describe('MCP annotations', () => {
  it('defaults absent hints as the MCP specification does', () => {
    expect(defaultToolAnnotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(effectiveToolAnnotations(createTool({ ...base }))).toEqual(defaultToolAnnotations);
  });

  it('lets declared hints win and keeps the title', () => {
    const tool = createTool({
      ...base,
      mcp: { annotations: { title: 'Weather', readOnlyHint: true, openWorldHint: false } },
    });
    expect(effectiveToolAnnotations(tool)).toEqual({
      title: 'Weather',
      readOnlyHint: true,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: false,
    });
    expect(tool.mcp?.annotations).toEqual({ title: 'Weather', readOnlyHint: true, openWorldHint: false });
  });
});
