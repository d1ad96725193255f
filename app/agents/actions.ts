'use server';
/**
 * The editor's writes and on-demand reads, as server actions over the editor service: the service
 * parses every input with the same schemas as the API routes, so no rule is repeated here.
 */
import type { CreateAgentBody, UpdateAgentBody } from '@/lib/schemas';
import { currentStudio } from '@/lib/studio-handle';
import { editorActor, runAction as run } from '../_server/run-action';

export async function createAgent(input: CreateAgentBody) {
  return run(async () => {
    const { agent } = await currentStudio().editor.agents.create({ ...input, actor: editorActor });
    return { id: agent.id };
  });
}

export async function saveAgent(input: UpdateAgentBody & { id: string }) {
  return run(async () => {
    const { created, version } = await currentStudio().editor.agents.update({ ...input, actor: editorActor });
    return { created, versionNumber: version.versionNumber };
  });
}

export async function publishVersion({ id, versionNumber }: { id: string; versionNumber: number }) {
  return run(async () => {
    const { agent } = await currentStudio().editor.agents.publish({ id, versionNumber, actor: editorActor });
    return { activeVersionNumber: agent.activeVersionNumber };
  });
}

export async function unpublishAgent({ id }: { id: string }) {
  return run(async () => {
    await currentStudio().editor.agents.unpublish({ id, actor: editorActor });
    return { unpublished: true };
  });
}

export async function restoreVersion({ id, versionNumber }: { id: string; versionNumber: number }) {
  return run(async () => {
    const { version } = await currentStudio().editor.agents.restore({ id, versionNumber, actor: editorActor });
    return { versionNumber: version.versionNumber };
  });
}

export async function setLabel(input: {
  id: string;
  label: string;
  versionNumber: number;
  expectedRevisionToken: string | null;
}) {
  return run(async () => (await currentStudio().editor.agents.labels.set({ ...input, actor: editorActor })).label);
}

export async function deleteLabel(input: { id: string; label: string; expectedRevisionToken: string }) {
  return run(() => currentStudio().editor.agents.labels.delete({ ...input, actor: editorActor }));
}

export async function compareVersions(input: {
  id: string;
  from: number;
  to: number;
  requestContext?: Record<string, unknown>;
}) {
  return run(() => currentStudio().editor.agents.diff(input));
}

export async function readVersion({ id, versionNumber }: { id: string; versionNumber: number }) {
  return run(async () => (await currentStudio().editor.agents.getById(id, { versionNumber })).version);
}

export async function listVersions({ id, cursor }: { id: string; cursor?: string }) {
  return run(() => currentStudio().editor.agents.listVersions(id, { limit: 100, cursor }));
}

/** The versions saved after `after` (who saved what), for the conflict dialog. */
export async function versionsAfter({ id, after }: { id: string; after: number }) {
  return run(async () => {
    const page = await currentStudio().editor.agents.listVersions(id, { limit: 100 });
    return page.items
      .filter((version) => version.versionNumber > after)
      .map(({ versionNumber, authorId, changeMessage, changedFields, createdAt }) => ({
        versionNumber,
        authorId,
        changeMessage,
        changedFields,
        createdAt,
      }));
  });
}
