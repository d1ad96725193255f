/**
 * Rules cannot make a request take unbounded time (docs/storage.md, "Rules"), through the
 * production server: a rule whose work multiplies is refused at save and import with 400 naming
 * where it is, and a rule the save limits allow but a long context list makes expensive stops at the
 * request's step budget with a `rule_budget_exceeded` warning. Every request has a time limit, so a
 * regression fails here instead of holding the test run.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { nestedSomeRule } from '../../support/bounded-rules';

const url = inject('serverUrl');
const agentId = 'bounded-rules-agent';
const timeLimit = () => AbortSignal.timeout(10_000);

const post = (path: string, body: unknown) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: timeLimit(),
  });

const hundredItems = { studio_literal: [JSON.stringify(Array.from({ length: 100 }, (_, index) => index))] };
/** Allowed at save (two array operations): 100 tests per item of the context's `items`. */
const itemsRule = { jsonLogic: { some: [{ var: 'items' }, { some: [hundredItems, { '===': [{ var: '' }, -1] }] }] } };
const pro = { operator: 'AND', conditions: [{ field: 'tier', operator: 'equals', value: 'pro' }] };

const agent = (tools: unknown) => ({
  id: agentId,
  name: 'Bounded rules',
  model: 'openai/gpt-4o',
  instructions: 'Help.',
  tools,
});

beforeAll(async () => {
  const created = await post(
    '/api/agents',
    agent([
      { value: { 'convert-units': {} } },
      { value: { 'world-time': {} }, rules: itemsRule },
      { value: { 'world-time': {} }, rules: pro },
    ]),
  );
  expect(created.status).toBe(201);
  expect((await post(`/api/agents/${agentId}/versions/1/publish`, {})).status).toBe(200);
});

describe('rules whose work multiplies', () => {
  it('refuses the 1.5 KB nested-some rule at save with 400 naming where it is', async () => {
    const response = await post('/api/agents', {
      ...agent([{ value: { 'world-time': {} }, rules: nestedSomeRule() }]),
      id: 'nested-some',
    });
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe('invalid_input');
    expect(JSON.stringify(error)).toContain('tools.0.rules.jsonLogic.some.1.some.1.some');
    expect(JSON.stringify(error)).toMatch(/nest at most 2 deep/);
  });

  it('refuses it at import too', async () => {
    const document = {
      format: 'agent-studio.agent',
      schemaVersion: 2,
      agent: { id: 'nested-some-import', activeVersionNumber: 1 },
      versions: [
        {
          versionNumber: 1,
          snapshot: {
            name: 'Nested',
            model: 'openai/gpt-4o',
            instructions: 'Help.',
            tools: [{ value: { 'world-time': {} }, rules: nestedSomeRule() }],
          },
        },
      ],
    };
    const response = await post('/api/agents/import', document);
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe('invalid_input');
    expect(JSON.stringify(error)).toMatch(/tools\.0\.rules\.jsonLogic\.some\.1\.some\.1\.some/);
  });
});

describe('the step budget of one resolve request', () => {
  it('counts a variant stopped by the budget as not matching and says so', async () => {
    const items = Array.from({ length: 5_000 }, (_, index) => index);
    const response = await post(`/api/agents/${agentId}/resolve`, { requestContext: { items, tier: 'pro' } });
    expect(response.status).toBe(200);
    const resolution = await response.json();
    expect(resolution.explanation.fields.tools.matched).toEqual([0]);
    expect(resolution.warnings).toEqual([
      expect.objectContaining({ code: 'rule_budget_exceeded', source: 'rules', ref: 'tools[1].rules' }),
      expect.objectContaining({ code: 'rule_budget_exceeded', source: 'rules', ref: 'tools[2].rules' }),
    ]);
  });

  it('answers a request within the budget without the warning (nothing carried over)', async () => {
    const response = await post(`/api/agents/${agentId}/resolve`, { requestContext: { items: [1, 2], tier: 'pro' } });
    const resolution = await response.json();
    expect(resolution.explanation.fields.tools.matched).toEqual([0, 2]);
    expect(resolution.warnings).toEqual([]);
  });

  it('documents the warning source in the OpenAPI document', async () => {
    const document = await (await fetch(`${url}/api/openapi.json`, { signal: timeLimit() })).json();
    const warning = document.components.schemas.Resolution.properties.warnings.items;
    expect(warning.properties.source.enum).toContain('rules');
  });
});
