import { describe, expect, it } from 'vitest';
import { createTool, type ToolExecution, type ToolSchema } from '@/lib/tools';
import { outputOf, validationErrorOf } from '@/tests/support/tool-execution';
import { schemaKinds, validOrder } from './schema-fixtures';

/** A tool that answers the input its execute received, so tests see exactly what execute got. */
function echoTool(inputSchema: ToolSchema) {
  return createTool({
    id: 'echo',
    description: 'Answers its input',
    inputSchema,
    execute: (input: unknown) => ({ received: input }),
  });
}

async function run(inputSchema: ToolSchema, input: unknown) {
  return echoTool(inputSchema).execute!(input);
}

function failedPaths(result: ToolExecution): string[] {
  return validationErrorOf(result)
    .validationErrors.map((issue) => issue.path)
    .sort();
}

const repairedOrder = { ...validOrder, priority: 'low' };

describe.each(schemaKinds)('input validation and repairs with $library', ({ order, options, text }) => {
  it('gives execute the validated output value (defaults filled in)', async () => {
    expect(await run(order, validOrder)).toEqual({ status: 'output', output: { received: repairedOrder } });
  });

  it.each([undefined, null])(
    'turns %s input into {} for an object schema whose fields are all optional',
    async (input) => {
      expect(await run(options, input)).toEqual({ status: 'output', output: { received: {} } });
    },
  );

  it('names the missing required fields (not the root) when undefined input becomes {}', async () => {
    expect(failedPaths(await run(order, undefined))).toEqual(['customer', 'items']);
  });

  it('does not turn undefined into {} when the schema is not an object', async () => {
    expect(failedPaths(await run(text, undefined))).toEqual(['root']);
  });

  it('parses a JSON string sent for an array field', async () => {
    const input = { customer: 'Ada', items: JSON.stringify(validOrder.items) };
    expect(await run(order, input)).toEqual({ status: 'output', output: { received: repairedOrder } });
  });

  it('parses a JSON string sent for an object field', async () => {
    const input = { ...validOrder, address: '{"city":"Oslo"}' };
    expect(await run(order, input)).toEqual({
      status: 'output',
      output: { received: { ...repairedOrder, address: { city: 'Oslo' } } },
    });
  });

  it('parses a JSON string inside an array element', async () => {
    const input = { customer: 'Ada', items: [{ sku: 'A-1', tags: '["red"]' }] };
    expect(await run(order, input)).toEqual({ status: 'output', output: { received: repairedOrder } });
  });

  it('leaves a string alone where a string is expected, even if it looks like JSON', async () => {
    expect(await run(text, '["not","parsed"]')).toEqual({ status: 'output', output: { received: '["not","parsed"]' } });
  });

  it('reports the field when its string is not JSON', async () => {
    expect(failedPaths(await run(order, { customer: 'Ada', items: 'A-1, B-2' }))).toEqual(['items']);
  });

  it('drops a null optional field that fails', async () => {
    expect(await run(order, { ...validOrder, note: null })).toEqual({
      status: 'output',
      output: { received: repairedOrder },
    });
  });

  it('drops a null optional object field that fails', async () => {
    expect(await run(order, { ...validOrder, address: null })).toEqual({
      status: 'output',
      output: { received: repairedOrder },
    });
  });

  it('still fails for a null required field, naming it', async () => {
    expect(failedPaths(await run(order, { ...validOrder, customer: null }))).toEqual(['customer']);
  });

  it('does not drop null array elements', async () => {
    expect(failedPaths(await run(order, { customer: 'Ada', items: [null] }))).toEqual(['items.0']);
  });

  it('applies several repairs to one input, in order', async () => {
    const input = { customer: 'Ada', items: JSON.stringify(validOrder.items), note: null, address: null };
    expect(await run(order, input)).toEqual({ status: 'output', output: { received: repairedOrder } });
  });

  it("never changes the caller's input", async () => {
    const input = { customer: 'Ada', items: JSON.stringify(validOrder.items), note: null };
    const copy = structuredClone(input);
    await run(order, input);
    expect(input).toEqual(copy);
  });

  it('lists every remaining problem and prints the arguments as the model sent them', async () => {
    const input = { customer: 5, items: [{ tags: ['x'] }], note: null };
    const result = await run(order, input);
    expect(failedPaths(result)).toEqual(['customer', 'items.0.sku']);
    expect(validationErrorOf(result).message).toMatch(
      /^Tool input validation failed for echo\. Please fix the following errors and try again:\n- customer: .+\n- items\.0\.sku: .+\n\nProvided arguments: \{"customer":5,"items":\[\{"tags":\["x"\]\}\],"note":null\}$/,
    );
  });
});

describe('input validation', () => {
  it('parses a whole input sent as a JSON string', async () => {
    expect(await run(schemaKinds[0]!.order, JSON.stringify(validOrder))).toEqual({
      status: 'output',
      output: { received: repairedOrder },
    });
  });

  it('passes any input through when the tool has no input schema', async () => {
    const tool = createTool({ id: 'free', description: 'No schema', execute: (input: unknown) => input });
    expect(await tool.execute!({ anything: [1] })).toEqual({ status: 'output', output: { anything: [1] } });
  });

  it('does not call execute when the input is invalid', async () => {
    let calls = 0;
    const tool = createTool({
      id: 'counted',
      description: 'Counts',
      inputSchema: schemaKinds[0]!.order,
      execute: () => ++calls,
    });
    expect((await tool.execute!({ customer: 1 })).status).toBe('invalid');
    expect(calls).toBe(0);
  });

  it('redacts secret-looking arguments in the message', async () => {
    const tool = createTool({
      id: 'login',
      description: 'Logs in',
      inputSchema: {
        type: 'object',
        properties: { user: { type: 'string' }, password: { type: 'string' } },
        required: ['user'],
      },
      execute: () => 'ok',
    });
    const result = await tool.execute!({ password: 'hunter2' });
    expect(validationErrorOf(result).message).toMatch(/Provided arguments: \{"password":"\[REDACTED\]"\}$/);
  });
});

describe('JSON Schema defaults and the caller value', () => {
  it("fills declared defaults into a copy: the caller's value is never changed", async () => {
    const input = { city: 'Oslo' };
    const result = await run(
      { type: 'object', properties: { city: { type: 'string' }, units: { type: 'string', default: 'metric' } } },
      input,
    );
    expect(result).toEqual({ status: 'output', output: { received: { city: 'Oslo', units: 'metric' } } });
    expect(input).toEqual({ city: 'Oslo' });
  });

  it('does not copy the input when the schema declares no default (nothing can be written into it)', async () => {
    const input = { city: 'Oslo' };
    const result = await run({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }, input);
    expect(outputOf(result).received).toBe(input);
  });
});
