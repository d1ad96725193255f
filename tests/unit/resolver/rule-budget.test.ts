import { describe, expect, it } from 'vitest';
import { planResolution, renderInstructions, ruleBudgetWarnings } from '@/lib/resolver';
import { createRuleBudget } from '@/lib/rules';
import type { AgentSnapshot } from '@/lib/snapshots';
import { nestedSomeRule } from '../../support/bounded-rules';

const pro = { operator: 'AND', conditions: [{ field: 'tier', operator: 'equals', value: 'pro' }] };
// Stored before the nesting limit: still evaluated, under the budget.
const expensive = nestedSomeRule();

const snapshot = {
  model: 'openai/gpt-4o',
  instructions: [
    { type: 'text', content: 'Help.' },
    { type: 'prompt_block', content: 'Pro tier.', rules: pro },
  ],
  tools: [
    { value: { a: {} }, rules: pro },
    { value: { b: {} }, rules: expensive },
    { value: { c: {} }, rules: pro },
    { value: { d: {} } },
  ],
} as unknown as AgentSnapshot;

describe('one rule budget per request', () => {
  it('stops the expensive variant and every rule after it, and names them', () => {
    const budget = createRuleBudget();
    const requestContext = { tier: 'pro' };
    const plan = planResolution({ version: { id: 'v1', snapshot }, requestContext, budget });
    const instructions = renderInstructions({ instructions: snapshot.instructions, requestContext, budget });
    expect(plan.fields.tools?.matched).toEqual([0, 3]);
    expect(instructions).toBe('Help.');
    expect(budget.stopped).toEqual(['tools[1].rules', 'tools[2].rules', 'instructions[1].rules']);
    expect(ruleBudgetWarnings(budget)).toEqual(
      budget.stopped.map((ref) => ({
        code: 'rule_budget_exceeded',
        message: expect.stringContaining(`${ref} was not evaluated`),
        source: 'rules',
        ref,
      })),
    );
  });

  it('gives every request a fresh budget when none is passed', () => {
    const requestContext = { tier: 'pro' };
    const first = planResolution({ version: { id: 'v1', snapshot }, requestContext });
    const second = planResolution({ version: { id: 'v1', snapshot }, requestContext });
    expect(first.signature).toBe(second.signature);
    expect(renderInstructions({ instructions: snapshot.instructions, requestContext })).toBe('Help.\n\nPro tier.');
  });
});
