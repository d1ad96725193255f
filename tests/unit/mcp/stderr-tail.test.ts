import { describe, expect, it } from 'vitest';
import { createStderrTail, maxStderrTailLength } from '@/lib/mcp/stderr-tail';

describe('the stderr tail of a stdio child', () => {
  it('is undefined when the child wrote nothing, and the text as written otherwise', () => {
    const tail = createStderrTail({ secrets: [] });
    expect(tail.read()).toBeUndefined();
    tail.write('line one\n');
    tail.write('line two\n');
    expect(tail.read()).toBe('line one\nline two\n');
  });

  it('redacts the server secrets, also when one arrives split over two writes', () => {
    const tail = createStderrTail({ secrets: ['secret-token-value', 'abc'] });
    tail.write('using secret-tok');
    tail.write('en-value and abc\n');
    // Values shorter than four characters are too common to replace.
    expect(tail.read()).toBe('using [redacted] and abc\n');
  });

  it('keeps only the last 4 KB, and never a fragment of a secret cut at the start', () => {
    const secret = 'S'.repeat(40);
    const tail = createStderrTail({ secrets: [secret] });
    for (let index = 0; index < 2_000; index += 1) tail.write(`${secret} line ${index}\n`);
    const text = tail.read()!;
    expect(text.startsWith('…')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(maxStderrTailLength + 1);
    expect(text).toContain('line 1999');
    expect(text).not.toMatch(/SSSS/);
  });
});
