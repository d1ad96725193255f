/**
 * Approval of saved MCP clients (docs/mcp.md, "Approval"). A stdio server runs a command on this
 * machine, so one that arrives by import (a client export, a deployment backup) is stored but not
 * started until an admin approves its client: the record's `approval` is `needs_approval` until then,
 * and the test route and resolution report it instead of spawning anything.
 *
 * A save through the editor or the API that submits the servers and writes a new version marks the
 * client approved: only an admin (or the local user while sign-in is off) may save a stdio server,
 * and the saver sent the very configuration that will run. A save that leaves the servers out
 * (name or description only) and a restore keep the approval as it was.
 */
import type { McpClientRow } from '../../db/queries';
import { recordAudit } from './audit';
import { defaultActor, type EditorContext } from './context';
import type { McpClientSnapshot } from '../schemas/mcp-client-snapshot';
import { parseClientVersionRow, type StoredMcpClientVersion } from './mcp-client-versions';
import { existingClient } from './not-found';

export type McpClientApproval = McpClientRow['approval'];

/** What an approver is shown and what the audit keeps: the exact launch of each stdio server, env values left out. */
export interface StdioLaunchToApprove {
  server: string;
  command: string;
  args: string[];
  envNames: string[];
}

type Servers = McpClientSnapshot['servers'];

export function stdioLaunches(servers: Servers): StdioLaunchToApprove[] {
  return Object.entries(servers).flatMap(([server, config]) =>
    config.type === 'stdio'
      ? [{ server, command: config.command, args: config.args ?? [], envNames: Object.keys(config.env ?? {}).sort() }]
      : [],
  );
}

/** An import of these versions: `needs_approval` when any of them has a stdio server (any can be restored). */
export function approvalOnImport(snapshots: ReadonlyArray<{ servers: Servers }>): McpClientApproval {
  return snapshots.some((snapshot) => stdioLaunches(snapshot.servers).length > 0) ? 'needs_approval' : 'approved';
}

/** Marks an existing client as needing approval when imported versions bring a stdio server. */
export async function holdImportedStdio(
  context: EditorContext,
  { clientId, snapshots }: { clientId: string; snapshots: ReadonlyArray<{ servers: Servers }> },
): Promise<void> {
  if (approvalOnImport(snapshots) === 'needs_approval')
    await context.mcpClients.setApproval({ id: clientId, approval: 'needs_approval', updatedAt: context.now() });
}

/** After a save that wrote a new version with the servers the saver submitted. */
export async function approveSubmittedServers(context: EditorContext, clientId: string): Promise<void> {
  const record = await existingClient(context, clientId);
  if (record.approval !== 'approved')
    await context.mcpClients.setApproval({ id: clientId, approval: 'approved', updatedAt: context.now() });
}

/**
 * `POST /api/mcp-clients/:id/approve`: the latest version's stdio servers may start. Audited with
 * the launches approved; approving an approved client changes nothing and records nothing.
 */
export async function approveMcpClient(
  context: EditorContext,
  { id: clientId, actor = defaultActor }: { id: string; actor?: string },
): Promise<{ changed: boolean; version: StoredMcpClientVersion }> {
  return context.storage.transaction(async () => {
    const record = await existingClient(context, clientId);
    const latest = parseClientVersionRow(context, (await context.mcpClients.latest(clientId))!);
    if (record.approval === 'approved') return { changed: false, version: latest };
    const launches = stdioLaunches((latest.snapshot as McpClientSnapshot).servers);
    await context.mcpClients.setApproval({ id: clientId, approval: 'approved', updatedAt: context.now() });
    await recordAudit(context, {
      actor,
      action: 'mcp_client.approve',
      entityId: clientId,
      details: { versionNumber: record.latestVersionNumber, launches },
    });
    return { changed: true, version: latest };
  });
}
