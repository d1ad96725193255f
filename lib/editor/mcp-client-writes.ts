/**
 * Writes of saved MCP clients, each in one transaction with its audit row. Every submitted stdio
 * command must be on the allow-list (`settings.stdioAllowedCommands` and the stored launch specs); masked env values keep the stored secret.
 */
import { invalidInput, StudioError, type Issue } from '../errors';
import { commandViolation, envViolations, stdioCommandsSetting } from '../mcp/stdio-rules';
import { recordAudit } from './audit';
import { approveSubmittedServers } from './mcp-client-approval';
import { parseInput } from './parse-input';
import { allowedLaunchEntries } from './stdio-launch-specs';
import { defaultActor, type EditorContext } from './context';
import { unmaskServers } from './mcp-client-secrets';
import {
  createMcpClientBodySchema,
  mcpServersSchema,
  updateMcpClientBodySchema,
  type CreateMcpClientInput,
  type McpClientSnapshot,
  type UpdateMcpClientInput,
} from './mcp-client-snapshot';
import { mcpClientVersions, parseClientVersionRow, type StoredMcpClientVersion } from './mcp-client-versions';
import { mcpClientNotFound, existingClient } from './not-found';
import { appendFirstVersion, checkBaseVersion, restoreFromVersion, saveChanges } from './version-writer';

/**
 * The stdio rules for servers about to be written (saved, restored or imported): a command off the
 * allow-list (the setting and the stored launch specs, `allowedLaunchEntries`) is 403 naming the setting; loader variables in `env` are 400 naming each variable
 * (new input never gets this far, the schema refuses it, but an older version being restored can).
 */
export function checkStdioServers(
  servers: McpClientSnapshot['servers'],
  { allowedCommands }: { allowedCommands: readonly string[] },
): void {
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

/**
 * Servers that are not saved yet, ready for a connection test: checked like a save's (the schema,
 * the stdio allow-list); a masked secret cannot stand for anything here, so it is refused.
 */
export async function checkDraftServers(
  context: EditorContext,
  servers: unknown,
): Promise<McpClientSnapshot['servers']> {
  const unmasked = unmaskServers({ submitted: parseInput(mcpServersSchema, servers), stored: undefined });
  checkStdioServers(unmasked, { allowedCommands: await allowedLaunchEntries(context) });
  return unmasked;
}

async function latestVersion(context: EditorContext, clientId: string): Promise<StoredMcpClientVersion> {
  const row = await context.mcpClients.latest(clientId);
  if (!row) throw mcpClientNotFound(clientId);
  return parseClientVersionRow(context, row);
}

export async function createMcpClient(
  context: EditorContext,
  { actor = defaultActor, ...body }: CreateMcpClientInput,
): Promise<StoredMcpClientVersion> {
  const input = parseInput(createMcpClientBodySchema, body);
  const snapshot: McpClientSnapshot = {
    name: input.name,
    servers: unmaskServers({ submitted: input.servers, stored: undefined }),
  };
  if (input.description !== undefined) snapshot.description = input.description;
  checkStdioServers(snapshot.servers, { allowedCommands: await allowedLaunchEntries(context) });
  return context.storage.transaction(async () => {
    if (await context.mcpClients.get(input.id))
      throw new StudioError('conflict', `An MCP client with id "${input.id}" already exists.`, { clientId: input.id });
    const now = context.now();
    await context.mcpClients.insert({
      id: input.id,
      latestVersionNumber: 0,
      authorId: actor,
      createdAt: now,
      updatedAt: now,
      // Saved by whoever may save these servers (./mcp-client-approval): nothing left to approve.
      approval: 'approved',
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

export async function updateMcpClient(
  context: EditorContext,
  { id: clientId, actor = defaultActor, ...body }: UpdateMcpClientInput,
) {
  const input = parseInput(updateMcpClientBodySchema, body);
  return context.storage.transaction(async () => {
    const record = await existingClient(context, clientId);
    await checkBaseVersion(context, mcpClientVersions, {
      ownerId: clientId,
      base: input.baseVersionNumber,
      latest: record.latestVersionNumber,
      advice: 'reload before saving.',
    });
    const latest = await latestVersion(context, clientId);
    const provided: Record<string, unknown> = { name: input.name, description: input.description };
    if (input.servers !== undefined) {
      const servers = unmaskServers({ submitted: input.servers, stored: latest.snapshot.servers });
      checkStdioServers(servers, { allowedCommands: await allowedLaunchEntries(context) });
      provided.servers = servers;
    }
    const saved = await saveChanges(context, mcpClientVersions, {
      ownerId: clientId,
      latest: latest.snapshot as McpClientSnapshot,
      latestVersionNumber: record.latestVersionNumber,
      provided,
      changeMessage: input.changeMessage,
      actor,
    });
    if (!saved.created) return { created: false, version: latest };
    if (input.servers !== undefined) await approveSubmittedServers(context, clientId);
    return { created: true, version: saved.version };
  });
}

export async function restoreMcpClient(
  context: EditorContext,
  { id: clientId, versionNumber, actor = defaultActor }: { id: string; versionNumber: number; actor?: string },
) {
  return context.storage.transaction(async () => {
    const record = await existingClient(context, clientId);
    const allowedCommands = await allowedLaunchEntries(context);
    return restoreFromVersion(context, mcpClientVersions, {
      ownerId: clientId,
      latestVersionNumber: record.latestVersionNumber,
      versionNumber,
      // The deployment's rules may have changed since that version was saved.
      check: (snapshot) => checkStdioServers(snapshot.servers, { allowedCommands }),
      actor,
    });
  });
}

export async function deleteMcpClient(
  context: EditorContext,
  { id: clientId, actor = defaultActor }: { id: string; actor?: string },
): Promise<void> {
  await context.storage.transaction(async () => {
    if (!(await context.mcpClients.delete(clientId))) throw mcpClientNotFound(clientId);
    await recordAudit(context, { actor, action: 'mcp_client.delete', entityId: clientId });
  });
}
