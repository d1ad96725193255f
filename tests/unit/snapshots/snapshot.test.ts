import { describe, expect, it } from 'vitest';
import {
  agentSnapshotJsonSchema,
  checkAgentSnapshot,
  isConditional,
  storedAgentIssues,
  type AgentSnapshot,
} from '@/lib/snapshots';

const full: AgentSnapshot = {
  name: 'Support',
  description: 'Answers customers',
  instructions: [
    { type: 'text', content: 'You help {{user.name || "customers"}}.' },
    {
      type: 'prompt_block',
      content: 'Offer refunds.',
      rules: { operator: 'AND', conditions: [{ field: 'tier', operator: 'equals', value: 'pro' }] },
    },
  ],
  model: 'openai/gpt-4o-mini',
  tools: [
    { value: { search: {} } },
    {
      value: { refund: { description: 'Refund an order' } },
      rules: { operator: 'OR', conditions: [{ field: 'tier', operator: 'in', value: ['pro'] }] },
    },
  ],
  mcpClients: { docs: { tools: { docs_search: { description: 'Search the docs' } } } },
  integrationTools: { openapi: { tools: { getPet: { description: 'Get a pet', operationId: 'getPet' } } } },
  toolProviders: {
    composio: {
      tools: { GITHUB_STAR: { toolkit: 'github' } },
      connections: { github: [{ kind: 'author', connectionId: 'c1', label: 'work', scope: 'per-author' }] },
    },
  },
  agents: { researcher: { description: 'Finds sources' } },
  workflows: ['triage'],
  requestContextSchema: { type: 'object', properties: { tier: { type: 'string' } } },
  defaultOptions: { maxSteps: 5, toolChoice: 'auto', temperature: 0.2 },
};

function pathsOf(value: unknown) {
  const check = checkAgentSnapshot(value);
  return check.ok ? [] : check.issues.map((issue) => issue.path);
}

describe('agent snapshot schema', () => {
  it('accepts every field in every form', () => {
    const check = checkAgentSnapshot(full);
    expect(check.ok).toBe(true);
    if (check.ok) expect(check.value).toEqual(full);
  });

  it.each<[string, unknown]>([
    ['an empty snapshot', {}],
    ['plain string instructions', { instructions: 'Be brief.' }],
    ['a legacy list of tool ids', { tools: ['search', 'clock'] }],
    ['an empty array as an empty plain value', { tools: [], mcpClients: [], toolProviders: [] }],
    ['a variant without rules', { mcpClients: [{ value: { docs: {} } }] }],
    [
      'a raw JSON Logic rule',
      { tools: [{ value: { a: {} }, rules: { jsonLogic: { '===': [{ var: 'tier' }, 'pro'] } } }] },
    ],
    ['per-tool rules (kept, not evaluated)', { tools: { a: { rules: { operator: 'AND', conditions: [] } } } }],
    ['a compatible model name', { model: 'compatible/llama3.1:8b' }],
  ])('accepts %s', (_name, value) => {
    expect(pathsOf(value)).toEqual([]);
  });

  it.each<[string, unknown, string[]]>([
    ['an unknown field', { nmae: 'x' }, ['nmae']],
    ['a model without provider', { model: 'gpt-4o' }, ['model']],
    ['an empty name', { name: '  ' }, ['name']],
    ['an unknown key in a tool entry', { tools: { a: { descripton: 'x' } } }, ['tools.a.descripton']],
    [
      'a bad rule inside a variant',
      { tools: [{ value: {}, rules: { operator: 'AND', conditions: [{ field: 'x', operator: 'in', value: 1 }] } }] },
      ['tools.0.rules.conditions.0.value'],
    ],
    [
      'a variant list mixed with a bad variant',
      { mcpClients: [{ value: {} }, { value: 'docs' }] },
      ['mcpClients.1.value'],
    ],
    ['an unknown key in a variant', { tools: [{ value: {}, rule: {} }] }, ['tools.0.rule']],
    ['a list of ids where only records are allowed', { mcpClients: ['docs'] }, ['mcpClients']],
    ['a bad prompt block type', { instructions: [{ type: 'html', content: 'x' }] }, ['instructions.0.type']],
    [
      'a bad prompt block rule',
      { instructions: [{ type: 'prompt_block', content: 'x', rules: { operator: 'NOR', conditions: [] } }] },
      ['instructions.0.rules.operator'],
    ],
    [
      'a bad connection kind',
      { toolProviders: { p: { tools: {}, connections: { gh: [{ kind: 'robot', connectionId: 'c' }] } } } },
      ['toolProviders.p.connections.gh.0.kind'],
    ],
    ['provider tools missing', { toolProviders: { p: {} } }, ['toolProviders.p.tools']],
    ['a non-JSON value', { defaultOptions: { when: new Date() } }, ['defaultOptions.when']],
    [
      'a disallowed JSON Logic operation',
      { tools: [{ value: {}, rules: { jsonLogic: { log: 1 } } }] },
      ['tools.0.rules.jsonLogic.log'],
    ],
    [
      'request context patterns RE2 cannot run',
      {
        requestContextSchema: {
          type: 'object',
          properties: { code: { type: 'string', pattern: '(?=a)b' }, plan: { type: 'string', pattern: '^[a-z]+$' } },
          patternProperties: { '(a)\\1': {} },
        },
      },
      ['requestContextSchema.properties.code.pattern', 'requestContextSchema.patternProperties.(a)\\1'],
    ],
  ])('rejects %s at its path', (_name, value, paths) => {
    expect(pathsOf(value)).toEqual(paths);
  });

  it('reports every problem at once', () => {
    expect(pathsOf({ model: 'x', name: '', tools: { a: { description: 1 } }, mcpClients: 3 })).toEqual([
      'name',
      'model',
      'tools.a.description',
      'mcpClients',
    ]);
  });

  it('prefixes paths for nested documents', () => {
    const check = checkAgentSnapshot({ model: 'bad' }, ['versions', 2, 'snapshot']);
    expect(check.ok ? [] : check.issues.map((issue) => issue.path)).toEqual(['versions.2.snapshot.model']);
  });
});

describe('stored agent requirements', () => {
  it.each<[AgentSnapshot, string[]]>([
    [{ name: 'A', model: 'a/b', instructions: 'x' }, []],
    [{ name: 'A', model: 'a/b', instructions: [{ type: 'text', content: 'x' }] }, []],
    [{ name: 'A', model: 'a/b', instructions: '  ' }, ['instructions']],
    [{ name: 'A', model: 'a/b', instructions: [] }, ['instructions']],
    [{}, ['name', 'model', 'instructions']],
  ])('%j misses %j', (snapshot, paths) => {
    expect(storedAgentIssues(snapshot).map((issue) => issue.path)).toEqual(paths);
  });
});

describe('conditional detection (resolution.md section 3)', () => {
  it.each<[unknown, boolean]>([
    [[{ value: {} }], true],
    [[{ value: {}, rules: {} }, 'x'], true],
    [[], false],
    [['a', 'b'], false],
    [[{ id: 'a' }], false],
    [{ value: {} }, false],
    [undefined, false],
  ])('%j is conditional: %s', (value, expected) => {
    expect(isConditional(value as never)).toBe(expected);
  });
});

describe('published JSON Schema', () => {
  it('describes the snapshot with its conditional forms and rule groups', () => {
    const document = agentSnapshotJsonSchema() as {
      $ref: string;
      $defs: Record<string, { properties: Record<string, unknown>; additionalProperties: boolean }>;
    };
    expect(document.$ref).toBe('#/$defs/AgentSnapshot');
    const schema = document.$defs.AgentSnapshot!;
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties)).toContain('toolProviders');
    expect(JSON.stringify(schema)).toContain('RuleGroup');
  });
});
