/**
 * resolution.md section 8 (`source: 'agent' | 'workflow'`): sub-agents and workflows are resolved
 * tools like any other, after every other source, and a gone reference is a warning.
 */
import { describe, expect, it } from 'vitest';
import { resolvedToolsHash, type LoadedCallable } from '@/lib/resolver';
import { codes, listed, mcpClient, names, resolve, tool } from './fixtures';

const researchTool = tool('agent-research', 'Ask the agent "researcher".');
const research: LoadedCallable = {
  source: 'agent',
  origin: { agentId: 'researcher' },
  key: 'research',
  includedBy: [{ field: 'agents', variantIndex: null }],
  status: 'found',
  tool: researchTool,
  description: 'Finds papers',
};
const double: LoadedCallable = {
  source: 'workflow',
  origin: { workflowId: 'double' },
  key: 'double',
  includedBy: [{ field: 'workflows', variantIndex: null }],
  status: 'found',
  tool: tool('workflow-double', 'Doubles a number'),
};

describe('sub-agents and workflows in the merge', () => {
  it('become agent-<key> and workflow-<key> with their source, origin and explanation', () => {
    const merged = resolve({ snapshot: { tools: { weather: {} } }, sources: { callables: [research, double] } });
    expect(names(merged)).toEqual(['agent-research', 'weather', 'workflow-double']);
    expect(merged.tools['agent-research']).toMatchObject({
      name: 'agent-research',
      description: 'Finds papers',
      inputSchema: researchTool.inputJsonSchema,
      source: 'agent',
      origin: { agentId: 'researcher' },
    });
    expect(merged.tools['agent-research']!.tool.description).toBe('Finds papers');
    expect(merged.explanation.tools['agent-research']).toEqual({
      source: 'agent',
      origin: { agentId: 'researcher' },
      includedBy: [{ field: 'agents', variantIndex: null }],
      description: 'agent',
      shadowed: [],
    });
    expect(merged.explanation.tools['workflow-double']).toEqual({
      source: 'workflow',
      origin: { workflowId: 'double' },
      includedBy: [{ field: 'workflows', variantIndex: null }],
      description: 'original',
      shadowed: [],
    });
    expect(merged.warnings).toEqual([]);
  });

  it('are part of the resolved tools hash', () => {
    const without = resolve({ snapshot: { tools: { weather: {} } } });
    const withThem = resolve({ snapshot: { tools: { weather: {} } }, sources: { callables: [research] } });
    expect(resolvedToolsHash(withThem.tools)).not.toBe(resolvedToolsHash(without.tools));
  });

  it('come after every other source: a same-named tool is replaced whole, with name_shadowed', () => {
    const merged = resolve({
      snapshot: { mcpClients: { local: { tools: {} } } },
      sources: {
        mcpClients: {
          local: mcpClient({ kind: 'code', servers: [{ name: 'local', listed: [listed('agent-research')] }] }),
        },
        callables: [research],
      },
    });
    expect(merged.tools['agent-research']!.source).toBe('agent');
    expect(merged.explanation.tools['agent-research']!.shadowed).toEqual([
      { source: 'mcp', origin: { clientId: 'local', clientVersionId: 'v1', server: 'local', tool: 'agent-research' } },
    ]);
    expect(merged.warnings).toEqual([
      {
        code: 'name_shadowed',
        message: 'Tool "agent-research" from agent replaces the one from mcp',
        source: 'agent',
        ref: 'agent-research',
      },
    ]);
  });

  it('leave a gone reference out with agent_unknown / workflow_unknown naming it', () => {
    const merged = resolve({
      snapshot: {},
      sources: {
        callables: [
          { ...research, status: 'gone', reason: 'Agent "researcher" does not exist.' },
          { ...double, status: 'gone', reason: 'no workflow is registered with id "double".' },
        ] as LoadedCallable[],
      },
    });
    expect(names(merged)).toEqual([]);
    expect(codes(merged)).toEqual(['agent_unknown', 'workflow_unknown']);
    expect(merged.warnings.map(({ message, ref }) => [ref, message])).toEqual([
      ['agents.research', 'Sub-agent "research" is left out: Agent "researcher" does not exist.'],
      ['workflows.double', 'Workflow "double" is left out: no workflow is registered with id "double".'],
    ]);
  });

  it('a key stored before keys were checked is renamed for models, with name_invalid', () => {
    const merged = resolve({ snapshot: {}, sources: { callables: [{ ...research, key: 'bad key!' }] } });
    expect(names(merged)).toEqual(['agent-bad_key_']);
    expect(merged.explanation.tools['agent-bad_key_']!.originalName).toBe('agent-bad key!');
    expect(codes(merged)).toEqual(['name_invalid']);
  });
});
