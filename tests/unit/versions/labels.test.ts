import { describe, expect, it } from 'vitest';
import { checkLabelName, checkWritableLabelName } from '@/lib/versions';

describe('label names', () => {
  it.each<[string, boolean]>([
    ['staging', true],
    ['v1.2.3', true],
    ['a', true],
    ['9', true],
    ['release_2024-01', true],
    ['a'.repeat(64), true],
    ['a'.repeat(65), false],
    ['', false],
    ['Staging', false],
    ['-staging', false],
    ['staging.', false],
    ['with space', false],
    ['ünicode', false],
  ])('%j is well-formed: %s', (name, valid) => {
    expect(checkLabelName(name).ok).toBe(valid);
  });

  it.each(['production', 'latest'])('%s is readable but reserved for writes', (name) => {
    expect(checkLabelName(name).ok).toBe(true);
    const check = checkWritableLabelName(name);
    expect(check).toMatchObject({ ok: false, issues: [{ path: 'root', message: expect.stringMatching(/reserved/) }] });
  });

  it('explains a malformed name', () => {
    expect(checkWritableLabelName('Bad Name')).toMatchObject({
      ok: false,
      issues: [{ path: 'root', message: expect.stringMatching(/a-z/) }],
    });
  });
});
