import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertUnitsTool, searchKnowledgeBaseTool, worldTimeTool } from '@/lib/demo-tools';
import { demoAgentId, seedStudio } from '@/lib/seed';
import { createTestStudio } from '../../support/studio';

let context: Awaited<ReturnType<typeof createTestStudio>>;
beforeAll(async () => {
  // The demo agent names the demo tools, which the studio must have for it to be published.
  context = await createTestStudio({
    tools: {
      [convertUnitsTool.id]: convertUnitsTool,
      [worldTimeTool.id]: worldTimeTool,
      [searchKnowledgeBaseTool.id]: searchKnowledgeBaseTool,
    },
  });
});
afterAll(() => context.cleanup());

describe('seedStudio', () => {
  it('creates and publishes the demo agent once, as system, only in an empty database', async () => {
    expect(await seedStudio(context.studio)).toEqual({ created: true });
    const { agent, version } = await context.studio.editor.agents.getById(demoAgentId, { status: 'published' });
    expect(agent).toMatchObject({ status: 'published', activeVersionNumber: 1, authorId: 'system' });
    expect(version).toMatchObject({
      name: 'Demo assistant',
      model: 'openai/gpt-4o-mini',
      tools: { 'convert-units': {}, 'world-time': {}, 'search-knowledge-base': {} },
    });
    expect(version.instructions).toMatch(/unit/);
    expect(await seedStudio(context.studio)).toEqual({ created: false });
    const audit = await context.studio.editor.audit.list({ entity: 'agent', entityId: demoAgentId });
    expect(audit.items.map((entry) => [entry.action, entry.actor])).toEqual([
      ['agent.publish', 'system'],
      ['agent.create', 'system'],
    ]);
  });
});
