import { describe, expect, it } from 'vitest';
import { redactErrorMessage, redactSecrets } from '@/lib/secrets';

const secret = 's3cret-value-123';

describe('redactSecrets', () => {
  it.each([
    ['plain text', `Echo: ${secret}`, 'Echo: [redacted]'],
    ['every occurrence', `${secret}/${secret}`, '[redacted]/[redacted]'],
    [
      'an MCP result',
      { content: [{ type: 'text', text: `token ${secret}` }] },
      { content: [{ type: 'text', text: 'token [redacted]' }] },
    ],
    [
      'structured content and keys',
      { structuredContent: { [secret]: [secret, 1] } },
      { structuredContent: { '[redacted]': ['[redacted]', 1] } },
    ],
    ['JSON text with \\u escapes', `{"token":"${secret.replace(/s/g, '\\u0073')}"}`, '{"token":"[redacted]"}'],
    ['numbers and null', { status: 200, body: null }, { status: 200, body: null }],
  ])('replaces the secret in %s', (_name, value, expected) => {
    expect(redactSecrets(value, [secret])).toEqual(expected);
  });

  it('finds a secret in its JSON-escaped spelling inside text', () => {
    const quoted = 'pa"ss\\word';
    expect(redactSecrets(`{"seen":${JSON.stringify(quoted)}} trailing`, [quoted])).toBe(
      '{"seen":"[redacted]"} trailing',
    );
  });

  it('leaves secrets shorter than 4 characters alone, so short values do not blank every answer', () => {
    expect(redactSecrets('abc a b c', ['abc', 'a'])).toBe('abc a b c');
  });

  it('answers the same object when nothing is found', () => {
    const value = { content: [{ type: 'text', text: 'nothing here' }] };
    expect(redactSecrets(value, [secret])).toBe(value);
  });

  it('replaces the longer of two overlapping secrets whole', () => {
    expect(redactSecrets('abcd-efgh', ['abcd', 'abcd-efgh'])).toBe('[redacted]');
  });
});

describe('redactErrorMessage', () => {
  it('takes the secret out of the message and the stack of the same error', () => {
    const error = new Error(`server said ${secret}`);
    expect(redactErrorMessage(error, [secret])).toBe(error);
    expect(error.message).toBe('server said [redacted]');
    expect(error.stack).not.toContain(secret);
  });
});
