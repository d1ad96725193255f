import { describe, expect, it } from 'vitest';
import { createVersionCache } from '../../../lib/editor/version-cache';

describe('version cache', () => {
  it('parses a version once and answers the same object after', () => {
    const cache = createVersionCache({ maxEntries: 10 });
    let parses = 0;
    const parse = () => ({ parsed: ++parses });
    const first = cache.get('v1', parse);
    expect(cache.get('v1', parse)).toBe(first);
    expect(parses).toBe(1);
  });

  it('peeks without parsing, and forgets a deleted version', () => {
    const cache = createVersionCache({ maxEntries: 10 });
    expect(cache.peek('v1')).toBeUndefined();
    cache.get('v1', () => ({ id: 'v1' }));
    expect(cache.peek('v1')).toEqual({ id: 'v1' });
    cache.delete('v1');
    expect(cache.peek('v1')).toBeUndefined();
  });

  it('drops the least recently used version beyond its bound', () => {
    const cache = createVersionCache({ maxEntries: 2 });
    cache.get('a', () => ({ id: 'a' }));
    cache.get('b', () => ({ id: 'b' }));
    cache.get('a', () => ({ id: 'a again' })); // a is now the most recently used
    cache.get('c', () => ({ id: 'c' }));
    expect(cache.peek('a')).toEqual({ id: 'a' });
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('c')).toEqual({ id: 'c' });
  });
});
