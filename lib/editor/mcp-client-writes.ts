/**
 * Writes of saved MCP clients, each in one transaction with its audit row. Every submitted stdio
 * server must be admitted by a launch spec (`settings.stdioAllowedCommands` or one an admin stored)
 * and set only allowed env names; masked env values keep the stored secret while the server's launch spec and env names
 * are unchanged.
 */
import { invalidInput, StudioError, type Issue } from '../errors';
import { stdioCommandsSetting, stdioServerViolations, type StdioPolicy } from '../mcp/stdio-rules';
import { recordAudit } from './audit';
import { approveSubmittedServers } from './mcp-client-approval';
import { parseInput } from './parse-input';
import { stdioPolicyInForce } from './stdio-launch-specs';
import { defaultActor, type EditorContext } from './context';
import { unmaskServers } from './mcp-client-secrets';
import {
  createMcpClientBodySchema,
  mcpServersSchema,
  updateMcpClientBodySchema,
  type CreateMcpClientInput,
  type McpClientSnapshot,
  type McpClientWriter,
  type UpdateMcpClientInput,
} from '../schemas/mcp-client-snapshot';
import { mcpClientVersions, parseClientVersionRow, type StoredMcpClientVersion } from './mcp-client-versions';
import { mcpClientNotFound, existingClient } from './not-found';
import { appendFirstVersion, checkBaseVersion, restoreFromVersion, saveChanges } from './version-writer';

/**
/**
 * The stdio rules for servers about to be written (saved, restored or imported), under the policy in
 * force (the settings and the stored launch specs, `stdioPolicyInForce`): a command and arguments no
 * launch spec admits is 403 naming the setting; an env name off the allow-list is 400 naming each
 * variable (runtime variables in new input are refused by the schema already, but an older version
 * being restored, or a name the deployment no longer lists, gets here).
 */
export function checkStdioServers(servers: McpClientSnapshot['servers'], policy: StdioPolicy): void {
  const issues: Issue[] = [];
  for (const [server, config] of Object.entries(servers)) {
    if (config.type !== 'stdio') continue;
    for (const violation of stdioServerViolations({ server: config, policy })) {
      if (violation.rule === 'command')
        throw new StudioError('forbidden', `Server "${server}": ${violation.message}`, {
          server,
          command: config.command,
          ...stdioCommandsSetting,
        });
      issues.push({ path: `servers.${server}.env.${violation.variable}`, message: violation.message });
    }
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
  checkStdioServers(unmasked, await stdioPolicyInForce(context));
  return unmasked;
}

async function latestVersion(context: EditorContext, clientId: string): Promise<StoredMcpClientVersion> {
  const row = await context.mcpClients.latest(clientId);
  if (!row) throw mcpClientNotFound(clientId);
  return parseClientVersionRow(context, row);
}

export async function createMcpClient(
  context: EditorContext,
  { actor = defaultActor, internalAddresses = 'allowed', ...body }: CreateMcpClientInput,
): Promise<StoredMcpClientVersion> {
  const input = parseInput(createMcpClientBodySchema, body);
  const snapshot: McpClientSnapshot = {
    name: input.name,
    servers: unmaskServers({ submitted: input.servers, stored: undefined }),
  };
  if (input.description !== undefined) snapshot.description = input.description;
  checkStdioServers(snapshot.servers, await stdioPolicyInForce(context));
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
      internalAddresses,
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
  { id: clientId, actor = defaultActor, internalAddresses = 'allowed', ...body }: UpdateMcpClientInput,
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
      checkStdioServers(servers, await stdioPolicyInForce(context));
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
    await context.mcpClients.setInternalAddresses({ id: clientId, internalAddresses });
    if (input.servers !== undefined) await approveSubmittedServers(context, clientId);
    return { created: true, version: saved.version };
  });
}

export async function restoreMcpClient(
  context: EditorContext,
  {
    id: clientId,
    versionNumber,
    actor = defaultActor,
    internalAddresses = 'allowed',
  }: { id: string; versionNumber: number } & McpClientWriter,
) {
  return context.storage.transaction(async () => {
    const record = await existingClient(context, clientId);
    const policy = await stdioPolicyInForce(context);
    await context.mcpClients.setInternalAddresses({ id: clientId, internalAddresses });
    return restoreFromVersion(context, mcpClientVersions, {
      ownerId: clientId,
      latestVersionNumber: record.latestVersionNumber,
      versionNumber,
      // The deployment's rules may have changed since that version was saved.
      check: (snapshot) => checkStdioServers(snapshot.servers, policy),
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
    // What its servers listed goes with it: a client made again under the id starts unknown.
    await context.mcpClients.deleteToolListings(clientId);
    await recordAudit(context, { actor, action: 'mcp_client.delete', entityId: clientId });
  });
}
