'use server';
/**
 * The editor's writes and on-demand reads, as server actions over the editor service: the service
 * parses every input with the same schemas as the API routes, so no rule is repeated here.
 */
import { allows } from '@/lib/auth';
import { invalidInput, issuesFromZod, StudioError } from '@/lib/errors';
import { publishOverrideSchema, type CreateAgentBody, type PublishOverride, type UpdateAgentBody } from '@/lib/schemas';
import { currentStudio } from '@/lib/studio-handle';
import { summarizeChanges } from '@/lib/versions';
import { runAction as run } from '../_server/run-action';
import { listRuns } from '../runs/_data/runs';

export async function createAgent(input: CreateAgentBody) {
  return run('editor', async ({ actor }) => {
    const { agent } = await currentStudio().editor.agents.create({ ...input, actor });
    return { id: agent.id };
  });
}

export async function saveAgent(input: UpdateAgentBody & { id: string }) {
  return run('editor', async ({ actor }) => {
    const { created, version } = await currentStudio().editor.agents.update({ ...input, actor });
    return { created, versionNumber: version.versionNumber };
  });
}

function parsedOverride(override: PublishOverride): PublishOverride {
  const parsed = publishOverrideSchema.safeParse(override);
  if (!parsed.success) throw invalidInput(issuesFromZod(parsed.error, ['override']));
  return parsed.data;
}

/** `override`: publish without the evaluation the agent's publish gate asks for (admins only, the reason audited). */
export async function publishVersion({
  id,
  versionNumber,
  message,
  override,
}: {
  id: string;
  versionNumber: number;
  message?: string;
  override?: PublishOverride;
}) {
  return run('editor', async ({ actor, principal }) => {
    if (override && !allows(principal, 'admin'))
      throw new StudioError('forbidden', 'Only an admin may publish past the publish gate (override).', {
        requiredScope: 'admin',
      });
    const overriding = override ? { override: parsedOverride(override) } : {};
    const { agent } = await currentStudio().editor.agents.publish({ id, versionNumber, message, actor, ...overriding });
    return { activeVersionNumber: agent.activeVersionNumber };
  });
}

/** What publishing `versionNumber` would put live, against the version live now, and the gate's problems. */
export async function previewPublish({ id, versionNumber }: { id: string; versionNumber: number }) {
  return run('runtime', () => currentStudio().editor.agents.previewPublish({ id, versionNumber }));
}

/** Deletes the agent; the page then goes to the agents list. */
export async function deleteAgent({ id }: { id: string }) {
  return run('editor', ({ actor }) => currentStudio().editor.agents.delete(id, { actor }));
}

/** What stops working when the agent is deleted, for the confirmation. */
export async function deletionFacts({ id }: { id: string }) {
  return run('runtime', async () => {
    const { agent } = await currentStudio().editor.agents.getById(id);
    const labels = await currentStudio().editor.agents.labels.list(id);
    const runs = await listRuns({ agentId: id, limit: 100 });
    return {
      activeVersionNumber: agent.activeVersionNumber,
      labels: labels.items.map((label) => label.name),
      runCount: runs.items.length,
      moreRuns: Boolean(runs.nextCursor),
    };
  });
}

export async function unpublishAgent({ id }: { id: string }) {
  return run('editor', async ({ actor }) => {
    await currentStudio().editor.agents.unpublish({ id, actor });
    return { unpublished: true };
  });
}

export async function restoreVersion({ id, versionNumber }: { id: string; versionNumber: number }) {
  return run('editor', async ({ actor }) => {
    const { version } = await currentStudio().editor.agents.restore({ id, versionNumber, actor });
    return { versionNumber: version.versionNumber };
  });
}

export async function setLabel(input: {
  id: string;
  label: string;
  versionNumber: number;
  expectedRevisionToken: string | null;
}) {
  return run(
    'editor',
    async ({ actor }) => (await currentStudio().editor.agents.labels.set({ ...input, actor })).label,
  );
}

export async function deleteLabel(input: { id: string; label: string; expectedRevisionToken: string }) {
  return run('editor', ({ actor }) => currentStudio().editor.agents.labels.delete({ ...input, actor }));
}

export async function compareVersions(input: {
  id: string;
  from: number;
  to: number;
  requestContext?: Record<string, unknown>;
}) {
  return run('runtime', async () => {
    const diff = await currentStudio().editor.agents.diff(input);
    return { ...diff, changes: summarizeChanges(diff.diffs) };
  });
}

export async function readVersion({ id, versionNumber }: { id: string; versionNumber: number }) {
  return run('runtime', async () => (await currentStudio().editor.agents.getById(id, { versionNumber })).version);
}

export async function listVersions({ id, cursor }: { id: string; cursor?: string }) {
  return run('runtime', () => currentStudio().editor.agents.listVersions(id, { limit: 100, cursor }));
}

/** The versions saved after `after` (who saved what), for the conflict dialog. */
export async function versionsAfter({ id, after }: { id: string; after: number }) {
  return run('runtime', async () => {
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
