/** The specific 404s of the editor, worded once. */
import { StudioError } from '../errors';
import type { EditorContext } from './context';

export const agentNotFound = (agentId: string) =>
  new StudioError('not_found', `Agent "${agentId}" does not exist.`, { agentId });

export const versionNotFound = (agentId: string, reference: { versionNumber?: number; versionId?: string }) =>
  new StudioError(
    'version_not_found',
    reference.versionNumber !== undefined
      ? `Agent "${agentId}" has no version ${reference.versionNumber}.`
      : `Agent "${agentId}" has no version with id "${reference.versionId}".`,
    { agentId, ...reference },
  );

export const labelNotFound = (agentId: string, label: string) =>
  new StudioError('version_label_not_found', `Agent "${agentId}" has no label "${label}".`, { agentId, label });

export const noPublishedVersion = (agentId: string) =>
  new StudioError(
    'no_published_version',
    `Agent "${agentId}" has no published version. Publish one, or ask for status "draft" explicitly.`,
    {
      agentId,
    },
  );

export const mcpClientNotFound = (clientId: string) =>
  new StudioError('not_found', `MCP client "${clientId}" does not exist.`, { clientId });

/** An agent's record, or its 404. */
export async function existingAgent(context: Pick<EditorContext, 'agents'>, agentId: string) {
  const record = await context.agents.get(agentId);
  if (!record) throw agentNotFound(agentId);
  return record;
}

/** A saved MCP client's record, or its 404. */
export async function existingClient(context: Pick<EditorContext, 'mcpClients'>, clientId: string) {
  const record = await context.mcpClients.get(clientId);
  if (!record) throw mcpClientNotFound(clientId);
  return record;
}
