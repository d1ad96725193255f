import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseValueDraft, valueDraftOf, withValueKind, type ValueDraft } from '@/lib/rules';

describe('typed rule values', () => {
  it('shows any stored JSON value in a kind that gives it back exactly', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (raw) => {
        const value = JSON.parse(JSON.stringify(raw)) as unknown;
        expect(parseValueDraft(valueDraftOf(value))).toStrictEqual({ ok: true, value });
      }),
      { numRuns: 1000 },
    );
  });

  it.each<[string, unknown, ValueDraft]>([
    ['text', 'pro', { kind: 'text', text: 'pro' }],
    ['a number', 2.5, { kind: 'number', text: '2.5' }],
    ['a number-like string stays text', '5', { kind: 'text', text: '5' }],
    ['a boolean', false, { kind: 'boolean', text: 'false' }],
    ['a list of text', ['eu', 'us'], { kind: 'list', itemKind: 'text', text: 'eu, us' }],
    ['a list of numbers', [1, 2], { kind: 'list', itemKind: 'number', text: '1, 2' }],
    ['an empty list', [], { kind: 'list', itemKind: 'text', text: '' }],
    ['a list with a comma inside an item', ['a,b'], { kind: 'json', text: '["a,b"]' }],
    ['a mixed list', ['a', 1], { kind: 'json', text: '["a",1]' }],
    ['null', null, { kind: 'json', text: 'null' }],
    ['an object', { plan: 'pro' }, { kind: 'json', text: '{"plan":"pro"}' }],
    // An object whose own keys shadow Object's methods is never turned into text.
    ['a list holding such an object', [0, { toString: '' }], { kind: 'json', text: '[0,{"toString":""}]' }],
  ])('%s', (_name, value, draft) => {
    expect(valueDraftOf(value)).toEqual(draft);
  });

  it.each<[ValueDraft, string]>([
    [{ kind: 'number', text: 'five' }, 'Enter a number, such as 5 or 2.5'],
    [{ kind: 'number', text: '' }, 'Enter a number, such as 5 or 2.5'],
    [{ kind: 'boolean', text: 'yes' }, 'Choose true or false'],
    [{ kind: 'list', itemKind: 'number', text: '1, x' }, 'Item 2 of the list: Enter a number, such as 5 or 2.5'],
    [{ kind: 'list', itemKind: 'text', text: 'a,,b' }, 'Item 2 of the list is empty'],
    [{ kind: 'json', text: '{' }, expect.stringMatching(/^Not valid JSON/) as unknown as string],
  ])('says what is wrong with %j', (draft, message) => {
    expect(parseValueDraft(draft)).toEqual({ ok: false, issues: [{ path: 'root', message }] });
  });

  it('changes a JSON list holding an object to other kinds without failing', () => {
    const draft: ValueDraft = { kind: 'json', text: '[{"toString":""},1]' };
    expect(withValueKind(draft, 'list', 'text')).toEqual({
      kind: 'list',
      itemKind: 'text',
      text: '{"toString":""}, 1',
    });
    expect(withValueKind(draft, 'text')).toEqual({ kind: 'text', text: '{"toString":""}' });
  });

  it('changes kind keeping what still makes sense', () => {
    expect(withValueKind({ kind: 'text', text: 'pro' }, 'list', 'text')).toEqual({
      kind: 'list',
      itemKind: 'text',
      text: 'pro',
    });
    expect(withValueKind({ kind: 'list', itemKind: 'number', text: '3, 4' }, 'number')).toEqual({
      kind: 'number',
      text: '3',
    });
    expect(withValueKind({ kind: 'number', text: '3' }, 'json')).toEqual({ kind: 'json', text: '3' });
    expect(withValueKind({ kind: 'text', text: 'maybe' }, 'boolean')).toEqual({ kind: 'boolean', text: 'true' });
  });
});
