/**
 * `POST /api/mcp-clients/:id/test`: connects every server of the saved client's LATEST version
 * (read from storage, not from the resolution cache, so an edit a moment ago is what gets tested),
 * each on a fresh connection through `pool.probe`, concurrently. Per server: ok, the tools it
 * lists (bare names, before any allow-list: the editor ticks from them), the latency of connect +
 * list, and the error. The caller's `mastra__authToken` goes to HTTP servers only, as in resolution.
 */
import { StudioError } from '../errors';
import type { McpFailureReason, McpPool, McpServerConfig } from '../mcp';
import { authTokenKey } from '../resolver';

export interface McpServerTestResult {
  ok: boolean;
  tools: Array<{ name: string; description: string }>;
  /** Connect + handshake + every `tools/list` page, or until the failure, in milliseconds. */
  latencyMs: number;
  /** Why it failed (never contains the caller's token). */
  error?: string;
  reason?: McpFailureReason;
}

export interface McpClientTestReport {
  clientId: string;
  versionNumber: number;
  servers: Record<string, McpServerTestResult>;
}

/** Structurally the editor's `mcpClients.getLatestWithSecrets` (env decrypted, for connections only). */
export interface LatestMcpClientReader {
  getLatestWithSecrets(
    clientId: string,
  ): Promise<{ versionNumber: number; snapshot: { servers: Readonly<Record<string, McpServerConfig>> } } | undefined>;
}

export async function testSavedMcpClient({
  clientId,
  requestContext = {},
  savedClients,
  pool,
  signal,
}: {
  clientId: string;
  requestContext?: Readonly<Record<string, unknown>>;
  savedClients: LatestMcpClientReader;
  pool: McpPool;
  signal?: AbortSignal;
}): Promise<McpClientTestReport> {
  const latest = await savedClients.getLatestWithSecrets(clientId);
  if (!latest) throw new StudioError('not_found', `MCP client "${clientId}" does not exist.`, { clientId });
  const token = requestContext[authTokenKey];
  const authToken = typeof token === 'string' && token !== '' ? token : undefined;
  const entries = Object.entries(latest.snapshot.servers);
  const results = await Promise.all(
    entries.map(([serverName, server]) =>
      pool.probe({
        server,
        serverName,
        ...(authToken === undefined ? {} : { authToken }),
        ...(signal ? { signal } : {}),
      }),
    ),
  );
  const servers: Record<string, McpServerTestResult> = {};
  entries.forEach(([serverName], index) => {
    const result = results[index]!;
    servers[serverName] = result.ok
      ? {
          ok: true,
          tools: result.tools.map((tool) => ({ name: tool.name, description: tool.description ?? '' })),
          latencyMs: result.latencyMs,
        }
      : { ok: false, tools: [], latencyMs: result.latencyMs, error: result.error.message, reason: result.error.reason };
  });
  return { clientId, versionNumber: latest.versionNumber, servers };
}
