import { describe, expect, it } from 'vitest';
import { toVersionSelector, versionSelectorSchema } from '@/lib/versions';

describe('version selector', () => {
  it.each<[unknown, unknown]>([
    [{}, undefined],
    [{ versionNumber: 3 }, { versionNumber: 3 }],
    [{ label: 'staging' }, { label: 'staging' }],
    [{ status: 'published' }, { status: 'published' }],
    [{ versionId: 'abc' }, { versionId: 'abc' }],
  ])('%j selects %j', (input, expected) => {
    expect(toVersionSelector(versionSelectorSchema.parse(input))).toEqual(expected);
  });

  it.each([
    [{ versionNumber: 1, label: 'x' }],
    [{ status: 'draft', versionId: 'a' }],
    [{ status: 'live' }],
    [{ versionNumber: 0 }],
    [{ tag: 'x' }],
  ])('rejects %j', (input) => {
    expect(versionSelectorSchema.safeParse(input).success).toBe(false);
  });
});
