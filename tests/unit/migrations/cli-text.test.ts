/** The CLI's text helpers: field diffs, progress on a terminal, `--since`, number ranges. */
import { describe, expect, it } from 'vitest';
import { parseSince } from '@/lib/cli/commands/audit-commands';
import { startProgress } from '@/lib/cli/progress';
import { renderFieldDiff } from '@/lib/cli/render-diff';
import { numberRanges, table } from '@/lib/cli/text';

describe('renderFieldDiff', () => {
  it('diffs text line by line with context', () => {
    expect(renderFieldDiff({ field: 'instructions', previous: 'a\nb\nc', current: 'a\nB\nc' })).toBe(
      ['~ instructions', '  @@ -1,3 +1,3 @@', '   a', '  -b', '  +B', '   c'].join('\n'),
    );
  });

  it('diffs other values as indented JSON, and says when a field is added or cleared', () => {
    expect(renderFieldDiff({ field: 'tools', previous: null, current: { a: {} } }).split('\n')[0]).toBe('+ tools (added)');
    expect(renderFieldDiff({ field: 'tools', previous: ['a'], current: null })).toBe(
      ['- tools (cleared)', '  @@ -1,3 +0,0 @@', '  -[', '  -  "a"', '  -]'].join('\n'),
    );
  });
});

describe('startProgress', () => {
  it('redraws one line in place on a terminal, then clears it', () => {
    let drawn = '';
    const progress = startProgress(
      { stdout() {}, stderr() {}, stderrIsTerminal: true, stderrRaw: (text) => (drawn += text) },
      { label: 'Saving', total: 2 },
    );
    progress.tick('a');
    progress.tick('b');
    progress.done();
    expect(drawn.split('\r').filter(Boolean).map((line) => line.trimEnd())).toEqual([
      'Saving [........................] 0/2',
      'Saving [############............] 1/2 a',
      'Saving [########################] 2/2 b',
      '',
    ]);
  });

  it('draws nothing when stderr is not a terminal', () => {
    let drawn = '';
    const progress = startProgress({ stdout() {}, stderr() {}, stderrRaw: (text) => (drawn += text) }, { label: 'x' });
    progress.tick();
    progress.done();
    expect(drawn).toBe('');
  });
});

describe('parseSince', () => {
  const now = new Date('2025-01-31T12:00:00.000Z');
  it.each([
    ['30m', '2025-01-31T11:30:00.000Z'],
    ['12h', '2025-01-31T00:00:00.000Z'],
    ['7d', '2025-01-24T12:00:00.000Z'],
    ['2025-01-01T00:00:00Z', '2025-01-01T00:00:00.000Z'],
  ])('reads %s', (value, expected) => expect(parseSince(value, now)).toBe(expected));

  it('refuses anything else, saying what it takes', () => {
    expect(() => parseSince('yesterday', now)).toThrow(/ISO time .* or a duration/);
  });
});

describe('text layout', () => {
  it('writes version ranges and aligned columns', () => {
    expect(numberRanges([1, 2, 3, 5, 7, 8])).toBe('1-3, 5, 7-8');
    expect(table([['a', 'long', 'x'], ['bbb', 'y', 'z']])).toBe('a    long  x\nbbb  y     z');
  });
});
