import { describe, expect, it } from 'vitest';
import { appExamples, exampleLabel, exampleRequestContext } from '@/lib/app-examples';

const pro = { operator: 'AND', conditions: [{ field: 'account.plan', operator: 'in', value: ['pro', 'team'] }] };

describe('exampleRequestContext', () => {
  it.each([
    {
      name: 'a declared field per schema property: its first allowed value, or a sample of its type',
      schema: {
        type: 'object',
        properties: {
          tier: { type: 'string', enum: ['free', 'pro'] },
          seats: { type: 'integer' },
          beta: { type: 'boolean' },
          user: { type: 'object', properties: { role: { type: 'string' } } },
          tags: { type: 'array', items: { type: 'string' } },
        },
      },
      snapshot: {},
      expected: { tier: 'free', seats: 1, beta: true, user: { role: 'example' }, tags: ['example'] },
    },
    {
      name: 'without a schema, the fields the rules read with the values they compare against',
      schema: undefined,
      snapshot: {
        tools: [{ value: { a: {} }, rules: pro }],
        instructions: [{ value: 'x', rules: { jsonLogic: { '==': [{ var: 'region' }, 'eu'] } } }],
      },
      expected: { account: { plan: 'pro' }, region: 'example' },
    },
    {
      name: 'approval policies read the tool call, so their fields are not request context',
      schema: {},
      snapshot: {
        toolPolicies: {
          a: { approval: 'when', rules: { operator: 'AND', conditions: [{ field: 'args.x', operator: 'exists' }] } },
        },
      },
      expected: {},
    },
    {
      name: 'a field named like an object prototype key is left out',
      schema: JSON.parse(
        '{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"string"}}}',
      ) as unknown,
      snapshot: {},
      expected: {},
    },
  ])('$name', ({ schema, snapshot, expected }) => {
    expect(exampleRequestContext({ requestContextSchema: schema, snapshot })).toEqual(expected);
  });
});

describe('exampleLabel', () => {
  it.each([
    {
      labels: [
        { name: 'production', computed: true },
        { name: 'latest', computed: true },
      ],
      expected: 'production',
    },
    {
      labels: [
        { name: 'latest', computed: true },
        { name: 'staging', computed: false },
      ],
      expected: 'staging',
    },
    { labels: [{ name: 'latest', computed: true }], expected: 'latest' },
  ])('$expected from $labels.length labels', ({ labels, expected }) => {
    expect(exampleLabel(labels)).toBe(expected);
  });
});

describe('appExamples', () => {
  it('quotes an id and a context value with a quote in them so the shell passes them through unchanged', () => {
    const { curl, typescript } = appExamples({
      baseUrl: 'http://localhost:3000/',
      agentId: 'bot',
      label: 'production',
      requestContext: { note: "it's" },
    });
    expect(curl).toContain(`-d '{"selector":{"label":"production"},"requestContext":{"note":"it'\\''s"}}'`);
    expect(curl).toContain("curl -X POST 'http://localhost:3000/api/agents/bot/resolve'");
    expect(typescript).toContain('"note": "it\'s"');
  });
});
