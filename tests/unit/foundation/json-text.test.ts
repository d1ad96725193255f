import { describe, expect, it } from 'vitest';
import { readJsonText } from '@/lib/json-text';

describe('readJsonText', () => {
  it('answers the value of JSON text, whatever its kind', () => {
    expect(readJsonText('{"plan": "pro", "seats": [1, 2]}')).toEqual({
      ok: true,
      value: { plan: 'pro', seats: [1, 2] },
    });
    expect(readJsonText('"pro"')).toEqual({ ok: true, value: 'pro' });
    expect(readJsonText('null')).toEqual({ ok: true, value: null });
  });

  it("says why text is not JSON, in the parser's words", () => {
    const read = readJsonText('{"plan": pro}');
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.issues).toHaveLength(1);
    expect(read.issues[0]!.path).toBe('root');
    expect(read.issues[0]!.message).toMatch(/^Not valid JSON: \S/);
  });
});
