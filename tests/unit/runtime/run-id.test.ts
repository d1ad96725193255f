import { describe, expect, it } from 'vitest';
import { createRunId } from '@/lib/runtime/run-id';

const uuidVersion7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('run ids', () => {
  it('are version 7 UUIDs carrying their creation time in the first 48 bits', () => {
    const at = Date.parse('2026-12-01T10:00:00.123Z');
    const id = createRunId(at);
    expect(id).toMatch(uuidVersion7);
    expect(parseInt(id.replaceAll('-', '').slice(0, 12), 16)).toBe(at);
    expect(createRunId(0).startsWith('00000000-0000-7')).toBe(true);
    expect(createRunId(2 ** 48 - 1).startsWith('ffffffff-ffff-7')).toBe(true);
  });

  it('are unique and sort by creation time across milliseconds', () => {
    const ids = Array.from({ length: 5_000 }, (_, index) => createRunId(1_700_000_000_000 + Math.floor(index / 10)));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(uuidVersion7);
    const firstOfEachMillisecond = ids.filter((_, index) => index % 10 === 0);
    expect([...firstOfEachMillisecond].sort()).toEqual(firstOfEachMillisecond);
  });
});
