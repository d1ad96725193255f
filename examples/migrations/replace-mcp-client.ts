/**
 * Points every agent that uses one saved MCP client at another one instead, in every variant of
 * `mcpClients`, keeping the per-agent tool selection and descriptions. It first checks through the
 * API that the new client exists, so a typo stops the run before anything is compared or saved.
 *
 *   agent-studio migrate examples/migrations/replace-mcp-client.ts           # dry run
 *   agent-studio migrate examples/migrations/replace-mcp-client.ts --apply
 *
 * Edit `from` and `to` below.
 */
import type { DraftSnapshot, MigrationContext } from '@/lib/migrations';

export const from = 'docs-v1';
export const to = 'docs-v2';

export const changeMessage = `Use saved MCP client ${to} instead of ${from}`;

type References = NonNullable<DraftSnapshot['mcpClients']>;

function replaceInRecord(references: unknown, oldId: string, newId: string): unknown {
  if (typeof references !== 'object' || references === null || Array.isArray(references) || !(oldId in references))
    return references;
  const entries = Object.entries(references as Record<string, unknown>);
  // An agent that already names the new client keeps its own selection for it.
  const keepsNew = newId in references;
  return Object.fromEntries(
    entries.flatMap(([id, reference]) => {
      if (id !== oldId) return [[id, reference] as const];
      return keepsNew ? [] : [[newId, reference] as const];
    }),
  );
}

/** `mcpClients` with the reference replaced, whatever its shape. Pure: returns a new value. */
export function replaceClientReference(references: References, oldId: string, newId: string): References {
  if (Array.isArray(references))
    return references.map((variant) => ({ ...variant, value: replaceInRecord(variant.value, oldId, newId) })) as References;
  return replaceInRecord(references, oldId, newId) as References;
}

export default async function replaceMcpClient({ agents, client }: MigrationContext): Promise<void> {
  // Rejects with the API's not_found error (the run stops, nothing is saved) if `to` does not exist.
  await client.getMcpClient({ params: { id: to } });
  for (const agent of agents) {
    if (agent.snapshot.mcpClients !== undefined)
      agent.snapshot.mcpClients = replaceClientReference(agent.snapshot.mcpClients, from, to);
  }
}
