import { describe, expect, it } from 'vitest';
import {
  appendQueryParameter,
  serializeHeaderParameter,
  serializePathParameter,
} from '@/lib/integrations/openapi/serialize-parameters';

const binding = (overrides: Record<string, unknown>) => ({
  key: 'k',
  name: 'color',
  in: 'query' as const,
  ...overrides,
});

describe('parameter serialisation', () => {
  it.each([
    { style: undefined, explode: undefined, value: 'a b/c', expected: 'a%20b%2Fc' },
    { style: undefined, explode: undefined, value: ['blue', 'black'], expected: 'blue,black' },
    { style: undefined, explode: false, value: { R: 100, G: 200 }, expected: 'R,100,G,200' },
    { style: undefined, explode: true, value: { R: 100, G: 200 }, expected: 'R=100,G=200' },
    { style: 'label', explode: false, value: ['blue', 'black'], expected: '.blue,black' },
    { style: 'matrix', explode: false, value: 'blue', expected: ';color=blue' },
    { style: 'matrix', explode: true, value: ['blue', 'black'], expected: ';color=blue;color=black' },
  ])('path $style/$explode $value -> $expected', ({ style, explode, value, expected }) => {
    const parameter = binding({
      in: 'path',
      ...(style ? { style } : {}),
      ...(explode !== undefined ? { explode } : {}),
    });
    expect(serializePathParameter(parameter, value)).toBe(expected);
  });

  it.each([
    { style: undefined, explode: undefined, value: ['blue', 'black'], expected: 'color=blue&color=black' },
    { style: 'form', explode: false, value: ['blue', 'black'], expected: 'color=blue%2Cblack' },
    { style: 'pipeDelimited', explode: false, value: ['blue', 'black'], expected: 'color=blue%7Cblack' },
    { style: 'spaceDelimited', explode: false, value: ['blue', 'black'], expected: 'color=blue+black' },
    { style: undefined, explode: undefined, value: { R: 1, G: 2 }, expected: 'R=1&G=2' },
    { style: 'deepObject', explode: true, value: { R: 1, G: 2 }, expected: 'color%5BR%5D=1&color%5BG%5D=2' },
    { style: undefined, explode: undefined, value: true, expected: 'color=true' },
  ])('query $style/$explode $value -> $expected', ({ style, explode, value, expected }) => {
    const searchParams = new URLSearchParams();
    appendQueryParameter(
      searchParams,
      binding({ ...(style ? { style } : {}), ...(explode !== undefined ? { explode } : {}) }),
      value,
    );
    expect(searchParams.toString()).toBe(expected);
  });

  it.each([
    { value: 5, expected: '5' },
    { value: ['a', 'b'], expected: 'a,b' },
    { value: { a: 1 }, expected: 'a,1' },
  ])('header $value -> $expected', ({ value, expected }) => {
    expect(serializeHeaderParameter(binding({ in: 'header' }), value)).toBe(expected);
  });
});
