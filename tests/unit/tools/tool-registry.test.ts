import { describe, expect, it } from 'vitest';
import { createTool, createToolRegistry, ToolDefinitionError, type Tool } from '@/lib/tools';

const tool = (id: string, description = `The ${id} tool`) => createTool({ id, description, execute: () => id });

describe('createToolRegistry', () => {
  it('finds tools by id and lists them sorted by id', () => {
    const registry = createToolRegistry({
      tools: { zeta: tool('zeta'), alpha: tool('alpha'), 'mid-one': tool('mid-one') },
    });
    expect(registry.get('alpha')?.id).toBe('alpha');
    expect(registry.get('missing')).toBeUndefined();
    expect(registry.list().map((entry) => entry.id)).toEqual(['alpha', 'mid-one', 'zeta']);
  });

  it('is empty without tools', () => {
    expect(createToolRegistry().list()).toEqual([]);
  });

  it('does not let callers change its list', () => {
    const registry = createToolRegistry({ tools: { alpha: tool('alpha') } });
    registry.list().pop();
    expect(registry.list()).toHaveLength(1);
  });

  it('does not find inherited object keys', () => {
    expect(createToolRegistry({ tools: { alpha: tool('alpha') } }).get('toString')).toBeUndefined();
  });

  it('rejects a key that differs from the tool id, naming the key and the id', () => {
    const create = () => createToolRegistry({ tools: { weatherTool: tool('weather-tool') } });
    expect(create).toThrow(ToolDefinitionError);
    expect(create).toThrow(
      /tools\["weatherTool"\] \(id "weather-tool": "The weather-tool tool"\) is registered under a key that differs from its id/,
    );
    expect(create).toThrow(/Register it as tools\["weather-tool"\]/);
  });

  it('rejects two tools with the same id, naming both definitions', () => {
    const create = () =>
      createToolRegistry({
        tools: { search: tool('search', 'Web search'), searchDocs: tool('search', 'Docs search') },
      });
    expect(create).toThrow(
      'Two registered tools have the id "search": tools["search"] (id "search": "Web search") and tools["searchDocs"] (id "search": "Docs search"). Tool ids must be unique.',
    );
  });

  it('names the clash when a mismatched key is the id of another tool', () => {
    const create = () => createToolRegistry({ tools: { alpha: tool('beta'), other: tool('alpha') } });
    expect(create).toThrow(
      /^tools\["alpha"\] \(id "beta": .*\) is registered under a key that differs from its id, and the key is the id of tools\["other"\] \(id "alpha": .*\)\./,
    );
  });

  it('rejects a value that is not a tool', () => {
    const notATool = { id: 'x', description: 'y', execute: () => 1 } as unknown as Tool;
    expect(() => createToolRegistry({ tools: { x: notATool } })).toThrow(
      'tools["x"] is not a tool: create it with createTool({ id, description, ... }).',
    );
  });
});
