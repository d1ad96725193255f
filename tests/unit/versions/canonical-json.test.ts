import { describe, expect, it } from 'vitest';
import { canonicalJson, configHash, sameJson } from '@/lib/versions';

describe('canonicalJson', () => {
  it.each<[string, unknown, string]>([
    [
      'sorts object keys at every depth',
      { b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } },
      '{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}',
    ],
    ['drops undefined members', { a: undefined, b: 1 }, '{"b":1}'],
    ['keeps array order and turns undefined items into null', [3, undefined, 1], '[3,null,1]'],
    ['writes primitives as JSON', 'x', '"x"'],
    ['writes undefined as null', undefined, 'null'],
  ])('%s', (_name, value, expected) => {
    expect(canonicalJson(value)).toBe(expected);
  });

  it('gives the same hash for the same meaning and a different one otherwise', () => {
    expect(configHash({ a: 1, b: [1, 2] })).toBe(configHash({ b: [1, 2], a: 1 }));
    expect(configHash({ a: 1, b: [1, 2] })).not.toBe(configHash({ a: 1, b: [2, 1] }));
    expect(configHash({})).toMatch(/^[0-9a-f]{64}$/);
  });

  it('compares values by meaning', () => {
    expect(sameJson({ a: { b: 1, c: 2 } }, { a: { c: 2, b: 1 } })).toBe(true);
    expect(sameJson('5', 5)).toBe(false);
  });

  it('compares text as text, and text never equals a value of another kind', () => {
    expect(sameJson('Help customers.', 'Help customers.')).toBe(true);
    expect(sameJson('Help customers.', 'Help customers!')).toBe(false);
    expect(sameJson('null', null)).toBe(false);
    expect(sameJson(undefined, 'undefined')).toBe(false);
    expect(sameJson('{}', {})).toBe(false);
    expect(sameJson(['a'], ['a'])).toBe(true);
  });
});
