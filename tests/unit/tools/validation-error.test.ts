import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createValidationError,
  isToolValidationError,
  previewValue,
  validationSummary,
  type ValidationKind,
} from '@/lib/tools';

describe('createValidationError', () => {
  it('writes the exact input message: heading, one line per problem, provided arguments', () => {
    const result = createValidationError({
      kind: 'input',
      toolId: 'weather-tool',
      issues: [
        { path: ['location'], message: 'Required' },
        { path: ['items', 0, 'tags'], message: 'Expected array' },
      ],
      value: { units: 'metric' },
    });
    expect(result).toEqual({
      error: true,
      message:
        'Tool input validation failed for weather-tool. Please fix the following errors and try again:\n' +
        '- location: Required\n' +
        '- items.0.tags: Expected array\n' +
        '\n' +
        'Provided arguments: {"units":"metric"}',
      validationErrors: [
        { path: 'location', message: 'Required' },
        { path: 'items.0.tags', message: 'Expected array' },
      ],
    });
  });

  it.each<[ValidationKind, string, string]>([
    ['input', 'Tool input validation failed for t1', 'Provided arguments: '],
    ['requestContext', 'Request context validation failed for t1', 'Provided request context: '],
    ['output', 'Tool output validation failed for t1', 'Returned output: '],
    ['suspend', 'Tool suspension data validation failed for t1', 'Provided suspension data: '],
    ['resume', 'Tool resume data validation failed for t1', 'Provided resume data: '],
  ])('uses the %s heading and value label', (kind, heading, label) => {
    const { message } = createValidationError({ kind, toolId: 't1', issues: [{ path: [], message: 'bad' }], value: 1 });
    expect(message).toBe(`${heading}. Please fix the following errors and try again:\n- root: bad\n\n${label}1`);
  });

  it('names a failure of the whole value `root`', () => {
    const { validationErrors } = createValidationError({
      kind: 'input',
      toolId: 't',
      issues: [{ path: [], message: 'x' }],
      value: null,
    });
    expect(validationErrors).toEqual([{ path: 'root', message: 'x' }]);
  });

  it('prints undefined arguments as undefined', () => {
    const { message } = createValidationError({
      kind: 'input',
      toolId: 't',
      issues: [{ path: [], message: 'x' }],
      value: undefined,
    });
    expect(message.endsWith('Provided arguments: undefined')).toBe(true);
  });
});

describe('previewValue', () => {
  it.each([
    'password',
    'clientSecret',
    'accessToken',
    'apiKey',
    'APIKEY',
    'api_key',
    'Authorization',
    'auth',
    'credentials',
    'DB_PASSWORD',
  ])('redacts the value of a %s key', (key) => {
    expect(previewValue({ [key]: 'hunter2', city: 'Oslo' })).toBe(`{"${key}":"[REDACTED]","city":"Oslo"}`);
  });

  it('redacts secret-looking keys at any depth, inside arrays too', () => {
    let deep: Record<string, unknown> = { token: 'deep-secret' };
    for (let level = 0; level < 12; level++) deep = { nested: deep };
    expect(previewValue(deep)).not.toContain('deep-secret');
    expect(previewValue({ list: [{ password: 'p1' }] })).toBe('{"list":[{"password":"[REDACTED]"}]}');
  });

  it('judges keys by the listed words only (author contains auth) and never looks at values', () => {
    expect(previewValue({ author: 'Ada' })).toBe('{"author":"[REDACTED]"}');
    expect(previewValue({ note: 'token' })).toBe('{"note":"token"}');
  });

  it('cuts the JSON at 200 characters, marking the cut', () => {
    const preview = previewValue({ text: 'x'.repeat(500) });
    expect(preview).toHaveLength(200);
    expect(preview.endsWith('…')).toBe(true);
    expect(preview.startsWith('{"text":"xxx')).toBe(true);
  });

  it('does not cut JSON of exactly 200 characters', () => {
    const value = 'y'.repeat(198);
    expect(previewValue(value)).toBe(JSON.stringify(value));
  });

  it('survives values JSON cannot print', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(previewValue(cyclic)).toBe('{"name":"loop","self":"[Circular]"}');
    expect(previewValue(10n)).toBe('10');
  });

  it('never exceeds 200 characters and never prints a redacted secret (property)', () => {
    const secret = 'S3CR3T-VALUE';
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom('password', 'token', 'apiKey', 'x_auth'), (value, key) => {
        const preview = previewValue({ wrapper: value, [key]: secret });
        return preview.length <= 200 && !preview.includes(secret);
      }),
    );
  });
});

describe('isToolValidationError', () => {
  it.each([
    [createValidationError({ kind: 'input', toolId: 't', issues: [], value: 1 }), true],
    [{ error: true, message: 'x', validationErrors: [] }, true],
    [{ error: true, message: 'x' }, false],
    [{ message: 'x', validationErrors: [] }, false],
    ['error', false],
    [null, false],
  ])('recognises %j: %s', (value, expected) => {
    expect(isToolValidationError(value)).toBe(expected);
  });
});

describe('validationSummary', () => {
  it('says what was refused and why, without the refused value', () => {
    const refused = createValidationError({
      kind: 'output',
      toolId: 'lookup',
      issues: [
        { path: ['state'], message: 'Required' },
        { path: [], message: 'Too many keys' },
      ],
      value: { email: 'someone@example.com' },
    });
    expect(validationSummary(refused)).toBe(
      'Tool output validation failed for lookup: state: Required; root: Too many keys',
    );
  });

  it('is the heading alone when no issue is listed', () => {
    const refused = createValidationError({ kind: 'resume', toolId: 'book', issues: [], value: 3 });
    expect(validationSummary(refused)).toBe('Tool resume data validation failed for book');
  });
});
