/**
 * Writes of saved MCP clients, each in one transaction with its audit row. Every submitted stdio
 * command must be on `settings.stdioAllowedCommands`; masked env values keep the stored secret.
 */
import { writeTransaction } from '../../db/queries';
import { invalidInput, StudioError, type Issue } from '../errors';
import { commandViolation, envViolations, stdioCommandsSetting } from '../mcp';
import { applyChanges } from '../versions';
import { recordAudit } from './audit';
import { parseInput } from './parse-input';
import { defaultActor, type EditorContext } from './context';
import { unmaskServers } from './mcp-client-secrets';
import {
  createMcpClientBodySchema,
  mcpClientFields,
  updateMcpClientBodySchema,
  type CreateMcpClientInput,
  type McpClientSnapshot,
  type UpdateMcpClientInput,
} from './mcp-client-snapshot';
import { appendClientVersion, parseClientVersionRow, type StoredMcpClientVersion } from './mcp-client-versions';
import { mcpClientNotFound } from './not-found';
import { staleBaseError } from './stale-base';

/**
 * The stdio rules for servers about to be written (saved, restored or imported): a command off the
 * allow-list is 403 naming the setting; loader variables in `env` are 400 naming each variable
 * (new input never gets this far, the schema refuses it, but an older version being restored can).
 */
export function checkStdioServers(context: EditorContext, servers: McpClientSnapshot['servers']): void {
  const allowedCommands = context.settings.stdioAllowedCommands;
  const issues: Issue[] = [];
  for (const [server, config] of Object.entries(servers)) {
    if (config.type !== 'stdio') continue;
    const refused = commandViolation({ command: config.command, allowedCommands });
    if (refused)
      throw new StudioError('forbidden', `Server "${server}": ${refused.message}`, {
        server,
        command: config.command,
        ...stdioCommandsSetting,
      });
    for (const violation of envViolations(config.env))
      if (violation.rule === 'env')
        issues.push({ path: `servers.${server}.env.${violation.variable}`, message: violation.message });
  }
  if (issues.length > 0) throw invalidInput(issues);
}

/** The `changedFields` of each version after `base`, oldest first. */
function changedFieldsAfter(
  context: EditorContext,
  { clientId, base, latest }: { clientId: string; base: number; latest: number },
): string[][] {
  const changed: string[][] = [];
  for (let number = base + 1; number <= latest; number += 1) {
    const row = context.mcpClients.versionByNumber(clientId, number);
    if (row) changed.push(JSON.parse(row.changedFields) as string[]);
  }
  return changed;
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
  checkStdioServers(context, snapshot.servers);
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
    const version = appendClientVersion(context, {
      clientId: input.id,
      versionNumber: 1,
      snapshot,
      changedFields: mcpClientFields.filter((field) => snapshot[field] !== undefined),
      changeMessage: input.changeMessage ?? 'Initial version',
      actor,
    });
    recordAudit(context, {
      actor,
      action: 'mcp_client.create',
      entity: 'mcp_client',
      entityId: input.id,
      details: { versionNumber: 1, servers: Object.keys(snapshot.servers) },
    });
    return version;
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
    const base = input.baseVersionNumber;
    if (base !== undefined && base !== record.latestVersionNumber) {
      throw staleBaseError({
        base,
        latest: record.latestVersionNumber,
        changedFieldsAfter: () => changedFieldsAfter(context, { clientId, base, latest: record.latestVersionNumber }),
        fields: mcpClientFields,
        advice: 'reload before saving.',
      });
    }
    const latest = latestVersion(context, clientId);
    const provided: Record<string, unknown> = { name: input.name, description: input.description };
    if (input.servers !== undefined) {
      const servers = unmaskServers({ submitted: input.servers, stored: latest.snapshot.servers });
      checkStdioServers(context, servers);
      provided.servers = servers;
    }
    const { snapshot, changedFields } = applyChanges({
      latest: latest.snapshot as McpClientSnapshot,
      provided,
      fields: mcpClientFields,
    });
    if (changedFields.length === 0) return { created: false, version: latest };
    const version = appendClientVersion(context, {
      clientId,
      versionNumber: record.latestVersionNumber + 1,
      snapshot,
      changedFields,
      changeMessage: input.changeMessage ?? 'Saved from editor',
      actor,
    });
    recordAudit(context, {
      actor,
      action: 'mcp_client.save',
      entity: 'mcp_client',
      entityId: clientId,
      details: { versionNumber: version.versionNumber, changedFields },
    });
    return { created: true, version };
  });
}

export function restoreMcpClient(
  context: EditorContext,
  { id: clientId, versionNumber, actor = defaultActor }: { id: string; versionNumber: number; actor?: string },
) {
  return writeTransaction(context.database, () => {
    const record = context.mcpClients.get(clientId);
    if (!record) throw mcpClientNotFound(clientId);
    const sourceRow = context.mcpClients.versionByNumber(clientId, versionNumber);
    if (!sourceRow)
      throw new StudioError('version_not_found', `MCP client "${clientId}" has no version ${versionNumber}.`, {
        clientId,
        versionNumber,
      });
    const source = parseClientVersionRow(context, sourceRow).snapshot as McpClientSnapshot;
    // The deployment's rules may have changed since that version was saved.
    checkStdioServers(context, source.servers);
    const latest = latestVersion(context, clientId).snapshot as McpClientSnapshot;
    const provided = { name: source.name, description: source.description ?? null, servers: source.servers };
    const { changedFields } = applyChanges({ latest, provided, fields: mcpClientFields });
    const version = appendClientVersion(context, {
      clientId,
      versionNumber: record.latestVersionNumber + 1,
      snapshot: source,
      changedFields,
      changeMessage: `Restored from version ${versionNumber}`,
      actor,
    });
    recordAudit(context, {
      actor,
      action: 'mcp_client.restore',
      entity: 'mcp_client',
      entityId: clientId,
      details: { fromVersionNumber: versionNumber, versionNumber: version.versionNumber },
    });
    return version;
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
