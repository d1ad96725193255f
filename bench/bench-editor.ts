/** The editor service over a bench database, and the 1,000-agent fixture several figures share. */
import type { Storage } from '../db/storage';
import { createEditor, type Editor } from '../lib/editor';
import { silentLogger } from '../lib/logger';
import { ephemeralSecretsKey } from '../lib/secrets';

export function createBenchEditor(storage: Storage): Editor {
  return createEditor({
    storage,
    settings: { stdioAllowedCommands: [] },
    secretsKey: ephemeralSecretsKey(),
    logger: silentLogger,
  });
}

/** `agent-0000`... published at version 1; every third one has an unpublished version 2. */
export async function seedPublishedAgents({ editor, agents }: { editor: Editor; agents: number }) {
  for (let index = 0; index < agents; index++) {
    const id = `agent-${String(index).padStart(4, '0')}`;
    await editor.agents.create({
      id,
      name: `Agent ${index}`,
      model: 'openai/gpt-4o-mini',
      instructions: 'Help the user.',
      tools: { 'convert-units': {} },
    });
    await editor.agents.publish({ id, versionNumber: 1 });
    if (index % 3 === 0) await editor.agents.update({ id, instructions: 'Help the user, briefly.' });
  }
}
