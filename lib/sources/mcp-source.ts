/**
 * Loads the MCP clients a plan selected (docs/mcp.md): a code-registered server
 * (`createStudio({ mcpServers })`, tools un-namespaced, no server-level filter) or a saved client's
 * **latest** version, each server listed through the pool (cached per client version, server and
 * token hash). The caller's `mastra__authToken` goes to HTTP servers only; a failing server becomes
 * a failure value naming it, never an empty list that looks healthy.
 *
 * On the warm path the pool hands back the very same cached lists, so the loaded client built from
 * them last time is reused as is (compared by identity, never by content).
 */
import type { McpPool, McpPoolKey, McpServerConfig, McpToolList } from '../mcp';
import type { LoadedMcpClient, LoadedMcpServer } from '../resolver';
import { tokenHash, type McpToolFactory } from './mcp-tool';
import type { KnownMcpClient } from './known-input-schemas';
import type { SavedClientCache, SavedMcpClientReader } from './saved-client-cache';
import type { StoredMcpListings } from './stored-mcp-listings';
import { describeError } from './settle';

/**
 * A code-registered MCP server: a connection agents may reference by id. `timeout` (ms) caps
 * connect + list and each call, as on a saved server.
 */
export type CodeMcpServer =
  | { type: 'stdio'; command: string; args?: string[]; env?: Record<string, string>; timeout?: number }
  | { type: 'http'; url: string; timeout?: number };

interface ServerPlan {
  name: string;
  key: McpPoolKey;
  server: McpServerConfig;
  /** The server-level allow-list (saved clients only). */
  tools?: Record<string, { description?: string }>;
}

interface ClientState {
  kind: 'saved' | 'code';
  versionId: string;
  fingerprintPrefix: string;
  servers: ServerPlan[];
  last?: { lists: Array<McpToolList | undefined>; result: { loaded: LoadedMcpClient; fingerprint: string } };
}

export interface McpSourceDependencies {
  pool: McpPool;
  factory: McpToolFactory;
  codeServers: ReadonlyMap<string, CodeMcpServer>;
  savedClients?: SavedClientCache;
  /** Per (client, version, token): pool keys and the last loaded result. */
  states: Map<string, ClientState>;
}

const maxStates = 1_000;

/** Pool keys of code-registered servers are prefixed so they never meet a saved client's. */
const codeClientKey = (clientId: string) => `code:${clientId}`;

type SavedClient = Awaited<ReturnType<SavedMcpClientReader['getLatestWithSecrets']>>;

async function findClient(
  clientId: string,
  dependencies: {
    codeServers: ReadonlyMap<string, CodeMcpServer>;
    readSaved: (clientId: string) => SavedClient | Promise<SavedClient>;
  },
) {
  const code = dependencies.codeServers.get(clientId);
  if (code)
    return {
      kind: 'code' as const,
      poolClientId: codeClientKey(clientId),
      versionId: 'code',
      servers: { [clientId]: code as McpServerConfig },
    };
  const read = dependencies.readSaved(clientId);
  const saved = read instanceof Promise ? await read : read;
  if (!saved) return undefined;
  if (saved.approval === 'needs_approval') return 'needs_approval' as const;
  return {
    kind: 'saved' as const,
    poolClientId: clientId,
    versionId: saved.id,
    servers: saved.snapshot.servers,
    internalAddresses: saved.internalAddresses ?? ('allowed' as const),
  };
}

function clientState(
  client: Exclude<Awaited<ReturnType<typeof findClient>>, undefined | 'needs_approval'>,
  authToken: string | undefined,
  states: Map<string, ClientState>,
): ClientState {
  const entries = Object.entries(client.servers);
  const hash = entries.some(([, server]) => server.type === 'http') ? tokenHash(authToken) : '';
  const internal = client.kind === 'saved' ? client.internalAddresses : 'allowed';
  const stateKey = `${client.poolClientId}\0${client.versionId}\0${hash}\0${internal}`;
  let state = states.get(stateKey);
  if (!state) {
    state = {
      kind: client.kind,
      versionId: client.versionId,
      fingerprintPrefix: `${client.poolClientId}|${client.versionId}|${hash}`,
      servers: entries.map(([name, server]) => ({
        name,
        server,
        key: {
          clientId: client.poolClientId,
          clientVersionId: client.versionId,
          serverName: name,
          authToken: server.type === 'http' ? authToken : undefined,
          ...(client.kind === 'code' ? { trusted: true } : { internalAddresses: client.internalAddresses }),
        },
        tools: client.kind === 'saved' ? server.tools : undefined,
      })),
    };
    if (states.size >= maxStates) states.delete(states.keys().next().value as string);
    states.set(stateKey, state);
  }
  return state;
}

export async function loadMcpClient({
  clientId,
  authToken,
  dependencies,
}: {
  clientId: string;
  authToken: string | undefined;
  dependencies: McpSourceDependencies;
}): Promise<{ loaded: LoadedMcpClient; fingerprint: string }> {
  let client: Awaited<ReturnType<typeof findClient>>;
  try {
    client = await findClient(clientId, {
      codeServers: dependencies.codeServers,
      readSaved: (id) => dependencies.savedClients?.latest(id),
    });
  } catch (error) {
    const message = `reading the saved client failed: ${describeError(error)}`;
    return { loaded: { status: 'failed', message }, fingerprint: `x:${message}` };
  }
  if (!client) return { loaded: { status: 'unknown' }, fingerprint: 'unknown' };
  // Checked before any pool key exists: an unapproved stdio server is never spawned.
  if (client === 'needs_approval') return { loaded: { status: 'needs_approval' }, fingerprint: 'needs_approval' };
  const state = clientState(client, authToken, dependencies.states);
  const results = await Promise.all(
    state.servers.map(({ key, server }) => dependencies.pool.listTools({ key, server })),
  );
  const lists = results.map((result) => (result.ok ? result.value : undefined));
  const last = state.last;
  if (last && lists.every((list, index) => list !== undefined && list === last.lists[index])) return last.result;

  const servers: LoadedMcpServer[] = state.servers.map(({ name, tools }, index) => {
    const result = results[index]!;
    return {
      name,
      tools,
      listed: result.ok ? result.value.tools : undefined,
      failure: result.ok ? undefined : result.error.message,
      droppedPatterns: result.ok ? result.value.droppedPatterns : undefined,
    };
  });
  const byServer = new Map(state.servers.map((server) => [server.name, server]));
  const fingerprint = [
    state.fingerprintPrefix,
    ...results.map(
      (result, index) => `${state.servers[index]!.name}=${result.ok ? result.value.hash : `x:${result.error.message}`}`,
    ),
  ].join('|');
  const result = {
    loaded: {
      status: 'loaded' as const,
      kind: state.kind,
      clientVersionId: state.versionId,
      servers,
      toolFor: (tool: Parameters<McpToolFactory['toolFor']>[0]['tool']) => {
        const plan = byServer.get(tool.server);
        return plan ? dependencies.factory.toolFor({ key: plan.key, server: plan.server, tool }) : undefined;
      },
    },
    fingerprint,
  };
  // Only an all-healthy result is reused: a failed server is asked again (the pool backs off).
  if (lists.every((list) => list !== undefined)) state.last = { lists, result };
  return result;
}

/**
 * A client's servers with the tools each listed last in this process, read from the pool without
 * connecting (the rule linter's view of MCP tools); `undefined` for an unknown client or one whose
 * imported stdio servers wait for approval (it offers nothing).
 */
export async function lastMcpListing({
  clientId,
  pool,
  storedListings,
  codeServers,
  savedClients,
}: {
  clientId: string;
  pool: Pick<McpPool, 'lastListedTools'>;
  /** The lists kept in storage, for a server this process has not listed (after a restart, in another process). */
  storedListings?: Pick<StoredMcpListings, 'load'>;
  codeServers: ReadonlyMap<string, CodeMcpServer>;
  savedClients: SavedMcpClientReader;
}): Promise<KnownMcpClient | undefined> {
  const client = await findClient(clientId, { codeServers, readSaved: (id) => savedClients.getLatestWithSecrets(id) });
  if (!client || client === 'needs_approval') return undefined;
  const servers = Object.entries(client.servers).map(async ([name, server]) => {
    const listedServer = { clientId: client.poolClientId, clientVersionId: client.versionId, serverName: name };
    return {
      name,
      tools: client.kind === 'saved' ? server.tools : undefined,
      listed: pool.lastListedTools(listedServer) ?? (await storedListings?.load(listedServer)),
    };
  });
  return { kind: client.kind, servers: await Promise.all(servers) };
}
