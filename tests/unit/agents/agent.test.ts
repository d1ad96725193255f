/** `new Agent({...})`: definition mistakes stop startup with a clear message; the registry keys by id. */
import { describe, expect, it } from 'vitest';
import { Agent, AgentDefinitionError } from '@/lib/agents';
import { createCodeAgentRegistry } from '@/lib/agents/code-agent-registry';
import { createTool } from '@/lib/tools';

const base = { id: 'support', name: 'Support', instructions: 'Help.', model: 'openai/gpt-4o' };

describe('Agent', () => {
  it('keeps its options as plain data', () => {
    const lookup = createTool({ id: 'lookup', description: 'Look up' });
    const agent = new Agent({ ...base, tools: { lookup }, editor: { tools: { description: true } } });
    expect(agent).toMatchObject({
      id: 'support',
      name: 'Support',
      modelName: 'openai/gpt-4o',
      editor: { tools: { description: true } },
    });
    expect(agent.tools.lookup).toBe(lookup);
    expect(Object.isFrozen(agent.tools)).toBe(true);
    expect(new Agent({ ...base, model: { provider: 'test', modelId: 'scripted' } }).modelName).toBe('test/scripted');
  });

  it.each([
    { name: 'an invalid id', options: { ...base, id: 'Not Valid' }, message: /Agent ids/ },
    { name: 'an empty name', options: { ...base, name: ' ' }, message: /name must be/ },
    { name: 'a model without a provider', options: { ...base, model: 'gpt-4o' }, message: /provider\/model/ },
    {
      name: 'instructions that are neither text nor blocks',
      options: { ...base, instructions: 42 },
      message: /instructions must be/,
    },
    {
      name: 'a tool that is not a tool',
      options: { ...base, tools: { x: { description: 'no' } } },
      message: /tools\["x"\] is not a tool/,
    },
    { name: 'an unknown editor key', options: { ...base, editor: { tool: true } }, message: /editor must be/ },
    {
      name: 'editor tools with a non-boolean',
      options: { ...base, editor: { tools: { description: 'yes' } } },
      message: /editor must be/,
    },
    {
      name: 'a sub-agent key that makes no tool name',
      options: { ...base, agents: { 'bad key!': new Agent({ ...base, id: 'helper' }) } },
      message: /agents\["bad key!"\] cannot name a tool: "agent-bad key!"/,
    },
    {
      name: 'a workflow key that makes no tool name',
      options: { ...base, workflows: { ['x'.repeat(60)]: {} } },
      message: /workflows\["x+"\] cannot name a tool/,
    },
  ])('rejects $name', ({ options, message }) => {
    expect(() => new Agent(options as never)).toThrow(AgentDefinitionError);
    expect(() => new Agent(options as never)).toThrow(message);
  });
});

describe('code agent registry', () => {
  it('keys agents by id, sorted', () => {
    const registry = createCodeAgentRegistry({
      agents: { b: new Agent({ ...base, id: 'b' }), a: new Agent({ ...base, id: 'a' }) },
    });
    expect(registry.list().map((agent) => agent.id)).toEqual(['a', 'b']);
    expect(registry.get('a')?.id).toBe('a');
  });

  it('stops startup for a key that is not the id, or a value that is not an Agent', () => {
    expect(() => createCodeAgentRegistry({ agents: { other: new Agent(base) } })).toThrow(
      /register it as agents\["support"\]/,
    );
    expect(() => createCodeAgentRegistry({ agents: { support: base as never } })).toThrow(/not an agent/);
  });
});
