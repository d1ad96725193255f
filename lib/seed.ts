/**
 * Demo content for a fresh database: one published agent that works offline with the bundled demo
 * tools. Seeding only happens on a database with no stored agent and no agent history (audit log),
 * so it never touches a database in use, nor one that received a restore or had its agents
 * deleted: a restore writes an audit row even when the backup brought no agent.
 */
import type { Editor } from './editor';
import { isStudioError } from './errors';

export const demoAgentId = 'demo-assistant';

const demoInstructions = [
  'You are the demo assistant of Agent Studio.',
  'You help with three things, each with its own tool:',
  '- converting units (length, mass, temperature, volume and more) with convert-units;',
  '- telling the current time in a time zone or city, and converting times between zones, with world-time;',
  '- answering questions about Agent Studio from its bundled knowledge base with search-knowledge-base; cite what you found, and say so when it has nothing.',
  'Prefer a tool over guessing, show the numbers you used, and keep answers short.',
].join('\n');

/**
 * Creates and publishes the demo agent (actor `system`) when the database is new: no stored agents, no agent or restore in the audit log. Processes
 * starting together on one file may all see it empty: the create is one transaction, so exactly one
 * of them creates the agent and the others get a conflict, which means someone else seeded.
 */
export async function seedStudio(studio: { editor: Editor }): Promise<{ created: boolean }> {
  if ((await hasHistory(studio.editor)) || (await hasStoredAgent(studio.editor))) return { created: false };
  try {
    await createDemoAgent(studio.editor);
  } catch (error) {
    if (isStudioError(error) && error.code === 'conflict') return { created: false };
    throw error;
  }
  await studio.editor.agents.publish({ id: demoAgentId, versionNumber: 1, actor: 'system' });
  return { created: true };
}

/**
 * A restore or any agent ever stored (even one deleted since). Other rows (users, keys made
 * before the first start) do not count: they say nothing about the agents this database holds.
 */
async function hasHistory(editor: Editor): Promise<boolean> {
  for (const entity of ['deployment', 'agent']) {
    if ((await editor.audit.list({ entity, limit: 1 })).items.length > 0) return true;
  }
  return false;
}

/** Code agents are listed too, but they are not what makes a database empty. */
async function hasStoredAgent(editor: Editor): Promise<boolean> {
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<Editor['agents']['list']>> = await editor.agents.list({ limit: 100, cursor });
    if (page.items.some((item) => item.status !== 'code_only')) return true;
    cursor = page.nextCursor;
  } while (cursor !== null);
  return false;
}

/** The demo agent as a create body (`POST /api/agents`); the API's contract test types it too. */
export const demoAgentBody = {
  id: demoAgentId,
  name: 'Demo assistant',
  description: 'Converts units, tells the time around the world and searches the bundled knowledge base.',
  model: 'openai/gpt-4o-mini',
  instructions: demoInstructions,
  tools: { 'convert-units': {}, 'world-time': {}, 'search-knowledge-base': {} },
  changeMessage: 'Demo agent created by the seed',
};

async function createDemoAgent(editor: Editor) {
  await editor.agents.create({ ...demoAgentBody, actor: 'system' });
}
