/**
 * The connection tests: `POST /api/mcp-clients/:id/test` connects every server of the saved
 * client's LATEST version (read from storage, not from the resolution cache, so an edit a moment
 * ago is what gets tested); `POST /api/mcp-clients/test` does the same for servers not saved yet.
 * Each server on a fresh connection through `pool.probe` (which checks the stdio allow-list at the
 * spawn point), concurrently. Per server: ok, the tools it lists (bare names, before any
 * allow-list: the editor ticks from them), the latency of connect + list, the error and, for a stdio
 * child that failed, the tail of its stderr with its secrets redacted. The caller's
 * `mastra__authToken` goes to HTTP servers only, as in resolution.
 *
 * A saved client whose imported stdio server no admin approved yet (docs/mcp.md, "Approval") has
 * those servers answered `needs_approval` without anything being started.
 */
import { definedFields } from '../defined-fields';
import { StudioError } from '../errors';
import type { InternalAddresses } from '../auth';
import type { McpFailureReason, McpPool, McpServerConfig } from '../mcp';
import { authTokenKey } from '../resolver';

export interface McpServerTestResult {
  ok: boolean;
  tools: Array<{ name: string; description: string }>;
  /** Connect + handshake + every `tools/list` page, or until the failure, in milliseconds. */
  latencyMs: number;
  /** Why it failed (never contains the caller's token). */
  error?: string;
  reason?: McpFailureReason | 'needs_approval';
  /** The last few kilobytes a failed stdio child wrote to stderr, its secrets `[redacted]`. */
  stderr?: string;
}

export interface McpClientTestReport {
  clientId: string;
  versionNumber: number;
  servers: Record<string, McpServerTestResult>;
}

type Servers = Readonly<Record<string, McpServerConfig>>;

/** Structurally the editor's `mcpClients.getLatestWithSecrets` (env decrypted, for connections only). */
export interface LatestMcpClientReader {
  getLatestWithSecrets(clientId: string): Promise<
    | {
        versionNumber: number;
        snapshot: { servers: Servers };
        approval?: 'approved' | 'needs_approval';
        internalAddresses?: InternalAddresses;
      }
    | undefined
  >;
}

interface ProbeRequest {
  requestContext?: Readonly<Record<string, unknown>>;
  pool: McpPool;
  signal?: AbortSignal;
  /** `refused`: the servers' writer may not reach loopback or private addresses (`allowed` by default). */
  internalAddresses?: InternalAddresses;
}

const needsApproval = (serverName: string): McpServerTestResult => ({
  ok: false,
  tools: [],
  latencyMs: 0,
  error: `MCP server "${serverName}" runs a local command that arrived by import: it starts only after an admin approves this client.`,
  reason: 'needs_approval',
});

async function probeOne(
  { pool, signal, internalAddresses }: ProbeRequest,
  { serverName, server, authToken }: { serverName: string; server: McpServerConfig; authToken: string | undefined },
): Promise<McpServerTestResult> {
  const result = await pool.probe({ server, serverName, internalAddresses, authToken, signal });
  if (result.ok)
    return {
      ok: true,
      tools: result.tools.map((tool) => ({ name: tool.name, description: tool.description ?? '' })),
      latencyMs: result.latencyMs,
    };
  return definedFields({
    ok: false,
    tools: [],
    latencyMs: result.latencyMs,
    error: result.error.message,
    reason: result.error.reason,
    stderr: result.stderr,
  });
}

/** Every server probed concurrently; `held` stdio servers are answered `needs_approval` unstarted. */
async function probeServers(
  request: ProbeRequest & { servers: Servers; holdStdio: boolean },
): Promise<Record<string, McpServerTestResult>> {
  const token = (request.requestContext ?? {})[authTokenKey];
  const authToken = typeof token === 'string' && token !== '' ? token : undefined;
  const entries = Object.entries(request.servers);
  const results = await Promise.all(
    entries.map(([serverName, server]) =>
      request.holdStdio && server.type === 'stdio'
        ? needsApproval(serverName)
        : probeOne(request, { serverName, server, authToken }),
    ),
  );
  return Object.fromEntries(entries.map(([serverName], index) => [serverName, results[index]!]));
}

export async function testSavedMcpClient({
  clientId,
  savedClients,
  ...request
}: ProbeRequest & { clientId: string; savedClients: LatestMcpClientReader }): Promise<McpClientTestReport> {
  const latest = await savedClients.getLatestWithSecrets(clientId);
  if (!latest) throw new StudioError('not_found', `MCP client "${clientId}" does not exist.`, { clientId });
  const servers = await probeServers({
    ...request,
    servers: latest.snapshot.servers,
    holdStdio: latest.approval === 'needs_approval',
    internalAddresses: latest.internalAddresses,
  });
  return { clientId, versionNumber: latest.versionNumber, servers };
}

/** Servers that are not saved yet (checked by the editor's schema first; stdio needs admin at the route). */
export async function testDraftMcpClient({
  servers,
  ...request
}: ProbeRequest & { servers: Servers }): Promise<{ servers: Record<string, McpServerTestResult> }> {
  return { servers: await probeServers({ ...request, servers, holdStdio: false }) };
}
