import { describe, expect, it } from 'vitest';
import { lintVersion, toolRulesAsVariants } from '@/lib/rules';

const pro = { operator: 'AND' as const, conditions: [{ field: 'tier', operator: 'equals' as const, value: 'pro' }] };

describe('turning per-tool rules into variants', () => {
  it('gives each tool with rules a variant of its own after one holding the others', () => {
    const variants = toolRulesAsVariants({ search: { description: 'Find', rules: pro }, clock: {} });
    expect(variants).toEqual([{ value: { clock: {} } }, { value: { search: { description: 'Find' } }, rules: pro }]);
    expect(lintVersion({ snapshot: { tools: variants } })).toEqual([]);
  });

  it('offers nothing when no entry carries rules, or the field is already conditional', () => {
    expect(toolRulesAsVariants({ search: {} })).toBeUndefined();
    expect(toolRulesAsVariants([{ value: { search: { rules: pro } } }])).toBeUndefined();
    expect(toolRulesAsVariants(['search'])).toBeUndefined();
  });
});
