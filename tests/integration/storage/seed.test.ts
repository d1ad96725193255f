import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAgentId, seedStudio } from '@/lib/seed';
import { createTestStudio } from '../../support/studio';

let context: Awaited<ReturnType<typeof createTestStudio>>;
beforeAll(async () => {
  context = await createTestStudio();
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
