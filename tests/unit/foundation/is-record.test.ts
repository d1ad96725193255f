import { describe, expect, it } from 'vitest';
import { isPlainRecord, isRecord } from '@/lib/is-record';

class Point {
  x = 1;
}

describe('isRecord and isPlainRecord', () => {
  it.each([
    ['an object literal', { a: 1 }, true, true],
    ['an object without a prototype', Object.create(null) as object, true, true],
    ['a class instance', new Point(), true, false],
    ['a date', new Date(0), true, false],
    ['a map', new Map(), true, false],
    ['an array', [1], false, false],
    ['null', null, false, false],
    ['a string', 'text', false, false],
    ['a function', () => 1, false, false],
  ])('%s', (_name, value, record, plain) => {
    expect(isRecord(value)).toBe(record);
    expect(isPlainRecord(value)).toBe(plain);
  });
});
