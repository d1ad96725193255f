/**
 * Writes of saved MCP clients, each in one transaction with its audit row. Every submitted stdio
 * command must be on `settings.stdioAllowedCommands`; masked env values keep the stored secret.
 */
import { writeTransaction } from '../../db/queries';
import { StudioError } from '../errors';
import { recordAudit } from './audit';
import { parseInput } from './parse-input';
import { defaultActor, type EditorContext } from './context';
import { unmaskServers } from './mcp-client-secrets';
import {
  createMcpClientBodySchema,
  updateMcpClientBodySchema,
  type CreateMcpClientInput,
  type McpClientSnapshot,
  type UpdateMcpClientInput,
} from './mcp-client-snapshot';
import { mcpClientVersions, parseClientVersionRow, type StoredMcpClientVersion } from './mcp-client-versions';
import { mcpClientNotFound } from './not-found';
import { appendFirstVersion, checkBaseVersion, restoreFromVersion, saveChanges } from './version-writer';

function checkAllowedCommands(context: EditorContext, servers: McpClientSnapshot['servers']): void {
  const allowed = context.settings.stdioAllowedCommands;
  for (const [server, config] of Object.entries(servers)) {
    if (config.type !== 'stdio' || allowed.includes(config.command)) continue;
    throw new StudioError(
      'forbidden',
      `Stdio command "${config.command}" (server "${server}") is not allowed on this deployment: add it to STUDIO_STDIO_ALLOWED_COMMANDS (settings.stdioAllowedCommands).`,
      {
        server,
        command: config.command,
        setting: 'stdioAllowedCommands',
        environmentVariable: 'STUDIO_STDIO_ALLOWED_COMMANDS',
      },
    );
  }
}

function latestVersion(context: EditorContext, clientId: string): StoredMcpClientVersion {
  const row = context.mcpClients.latest(clientId);
  if (!row) throw mcpClientNotFound(clientId);
  return parseClientVersionRow(context, row);
}

export function createMcpClient(
  context: EditorContext,
  { actor = defaultActor, ...body }: CreateMcpClientInput,
): StoredMcpClientVersion {
  const input = parseInput(createMcpClientBodySchema, body);
  const snapshot: McpClientSnapshot = {
    name: input.name,
    servers: unmaskServers({ submitted: input.servers, stored: undefined }),
  };
  if (input.description !== undefined) snapshot.description = input.description;
  checkAllowedCommands(context, snapshot.servers);
  return writeTransaction(context.database, () => {
    if (context.mcpClients.get(input.id))
      throw new StudioError('conflict', `An MCP client with id "${input.id}" already exists.`, { clientId: input.id });
    const now = context.now();
    context.mcpClients.insert({
      id: input.id,
      latestVersionNumber: 0,
      authorId: actor,
      createdAt: now,
      updatedAt: now,
    });
    return appendFirstVersion(context, mcpClientVersions, {
      ownerId: input.id,
      snapshot,
      changeMessage: input.changeMessage,
      actor,
      details: { servers: Object.keys(snapshot.servers) },
    });
  });
}

export function updateMcpClient(
  context: EditorContext,
  { id: clientId, actor = defaultActor, ...body }: UpdateMcpClientInput,
) {
  const input = parseInput(updateMcpClientBodySchema, body);
  return writeTransaction(context.database, () => {
    const record = context.mcpClients.get(clientId);
    if (!record) throw mcpClientNotFound(clientId);
    checkBaseVersion(context, mcpClientVersions, {
      ownerId: clientId,
      base: input.baseVersionNumber,
      latest: record.latestVersionNumber,
      advice: 'reload before saving.',
    });
    const latest = latestVersion(context, clientId);
    const provided: Record<string, unknown> = { name: input.name, description: input.description };
    if (input.servers !== undefined) {
      const servers = unmaskServers({ submitted: input.servers, stored: latest.snapshot.servers });
      checkAllowedCommands(context, servers);
      provided.servers = servers;
    }
    const saved = saveChanges(context, mcpClientVersions, {
      ownerId: clientId,
      latest: latest.snapshot as McpClientSnapshot,
      latestVersionNumber: record.latestVersionNumber,
      provided,
      changeMessage: input.changeMessage,
      actor,
    });
    return saved.created ? { created: true, version: saved.version } : { created: false, version: latest };
  });
}

export function restoreMcpClient(
  context: EditorContext,
  { id: clientId, versionNumber, actor = defaultActor }: { id: string; versionNumber: number; actor?: string },
) {
  return writeTransaction(context.database, () => {
    const record = context.mcpClients.get(clientId);
    if (!record) throw mcpClientNotFound(clientId);
    return restoreFromVersion(context, mcpClientVersions, {
      ownerId: clientId,
      latestVersionNumber: record.latestVersionNumber,
      versionNumber,
      actor,
    });
  });
}

export function deleteMcpClient(
  context: EditorContext,
  { id: clientId, actor = defaultActor }: { id: string; actor?: string },
): void {
  writeTransaction(context.database, () => {
    if (!context.mcpClients.delete(clientId)) throw mcpClientNotFound(clientId);
    recordAudit(context, { actor, action: 'mcp_client.delete', entity: 'mcp_client', entityId: clientId });
  });
}
