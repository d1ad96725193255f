import { describe, expect, it } from 'vitest';
import { toMcpCallResult } from '@/lib/mcp/server';
import { createValidationError } from '@/lib/tools';

const validationError = createValidationError({
  kind: 'input',
  toolId: 'convert-units',
  issues: [{ path: ['to'], message: 'Cannot convert mass to length' }],
  value: { value: 1, from: 'kg', to: 'm' },
});

describe('toMcpCallResult', () => {
  it.each([
    ['a validation-error value', validationError, validationError.message],
    ['a thrown execute', { message: 'upstream is down' }, 'upstream is down'],
    ['any other failed output', { code: 7 }, '{"code":7}'],
  ])('answers %s as an isError result with its message as text', (_case, output, text) => {
    expect(toMcpCallResult({ result: { output, isError: true }, structured: true })).toEqual({
      content: [{ type: 'text', text }],
      isError: true,
    });
  });

  it('gives a shaped tool error as shaped', () => {
    const result = { output: {}, isError: true, modelOutput: { type: 'error-text' as const, value: 'no such city' } };
    expect(toMcpCallResult({ result, structured: false })).toEqual({
      content: [{ type: 'text', text: 'no such city' }],
      isError: true,
    });
  });

  it('answers an output as JSON text, and as structured content for a tool with an output schema', () => {
    const output = { result: 6.2 };
    expect(toMcpCallResult({ result: { output, isError: false }, structured: false })).toEqual({
      content: [{ type: 'text', text: '{"result":6.2}' }],
    });
    expect(toMcpCallResult({ result: { output, isError: false }, structured: true })).toEqual({
      content: [{ type: 'text', text: '{"result":6.2}' }],
      structuredContent: output,
    });
  });
});
