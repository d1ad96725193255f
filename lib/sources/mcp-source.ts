/**
 * Loads the MCP clients a plan selected (resolution.md section 6): a code-registered server
 * (`createStudio({ mcpServers })`, tools un-namespaced, no server-level filter) or a saved client's
 * **latest** version, each server listed through the pool (cached per client version, server and
 * token hash). The caller's `mastra__authToken` goes to HTTP servers only; a failing server becomes
 * a failure value naming it, never an empty list that looks healthy.
 */
import type { McpPool, McpPoolKey, McpServerConfig } from '../mcp';
import type { LoadedMcpClient, LoadedMcpServer } from '../resolver';
import { tokenHash, type McpToolFactory } from './mcp-tool';
import { describeError } from './settle';

/** A code-registered MCP server: a connection agents may reference by id. */
export type CodeMcpServer = { type: 'stdio'; command: string; args?: string[]; env?: Record<string, string> } | { type: 'http'; url: string };

/** Structurally the editor's `mcpClients.getLatestWithSecrets`: env decrypted, for connections only. */
export interface SavedMcpClientReader {
  getLatestWithSecrets(clientId: string): Promise<{ id: string; snapshot: { servers: Readonly<Record<string, McpServerConfig>> } } | undefined>;
}

export interface McpSourceDependencies {
  pool: McpPool;
  factory: McpToolFactory;
  codeServers: ReadonlyMap<string, CodeMcpServer>;
  savedClients?: SavedMcpClientReader;
}

/** Pool keys of code-registered servers are prefixed so they never meet a saved client's. */
const codeClientKey = (clientId: string) => `code:${clientId}`;

async function findClient(clientId: string, dependencies: McpSourceDependencies) {
  const code = dependencies.codeServers.get(clientId);
  if (code) {
    return { kind: 'code' as const, poolClientId: codeClientKey(clientId), versionId: 'code', servers: [[clientId, code as McpServerConfig] as const] };
  }
  const saved = await dependencies.savedClients?.getLatestWithSecrets(clientId);
  if (!saved) return undefined;
  return { kind: 'saved' as const, poolClientId: clientId, versionId: saved.id, servers: Object.entries(saved.snapshot.servers) };
}

export async function loadMcpClient({
  clientId,
  authToken,
  signal,
  dependencies,
}: {
  clientId: string;
  authToken: string | undefined;
  signal: AbortSignal;
  dependencies: McpSourceDependencies;
}): Promise<{ loaded: LoadedMcpClient; fingerprint: string }> {
  let client: Awaited<ReturnType<typeof findClient>>;
  try {
    client = await findClient(clientId, dependencies);
  } catch (error) {
    const failure = `reading the saved client failed: ${describeError(error)}`;
    return { loaded: { status: 'loaded', kind: 'saved', clientVersionId: '', servers: [{ name: '(saved client)', listed: undefined, failure }], toolFor: () => undefined }, fingerprint: `x:${failure}` };
  }
  if (!client) return { loaded: { status: 'unknown' }, fingerprint: 'unknown' };
  const configs = new Map<string, { key: McpPoolKey; server: McpServerConfig }>();
  const servers = await Promise.all(
    client.servers.map(async ([serverName, server]): Promise<LoadedMcpServer & { hash: string }> => {
      const key: McpPoolKey = { clientId: client.poolClientId, clientVersionId: client.versionId, serverName, ...(server.type === 'http' && authToken !== undefined ? { authToken } : {}) };
      configs.set(serverName, { key, server });
      const tools = client.kind === 'saved' ? server.tools : undefined;
      const result = await dependencies.pool.listTools({ key, server, signal });
      if (result.ok) return { name: serverName, ...(tools === undefined ? {} : { tools }), listed: result.value.tools, hash: result.value.hash };
      return { name: serverName, ...(tools === undefined ? {} : { tools }), listed: undefined, failure: result.error.message, hash: `x:${result.error.message}` };
    }),
  );
  const hasHttp = client.servers.some(([, server]) => server.type === 'http');
  const fingerprint = [client.poolClientId, client.versionId, hasHttp ? tokenHash(authToken) : '', ...servers.map((server) => `${server.name}=${server.hash}`)].join('|');
  return {
    loaded: {
      status: 'loaded',
      kind: client.kind,
      clientVersionId: client.versionId,
      servers: servers.map(({ hash: _hash, ...server }) => server),
      toolFor: (tool) => {
        const config = configs.get(tool.server);
        return config ? dependencies.factory.toolFor({ ...config, tool }) : undefined;
      },
    },
    fingerprint,
  };
}
