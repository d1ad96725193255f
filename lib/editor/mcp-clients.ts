/**
 * Saved MCP clients (docs/mcp.md): versioned like agents, with no publish step (resolution
 * uses the latest). Other modules read the latest version with decrypted env through
 * `getLatestWithSecrets` and evict their caches through `onChange`.
 */
import type { McpClientRow } from '../../db/queries';
import { definedFields } from '../defined-fields';
import { StudioError } from '../errors';
import type { EditorContext } from './context';
import { approveMcpClient, type McpClientApproval } from './mcp-client-approval';
import {
  checkDraftServers,
  createMcpClient,
  deleteMcpClient,
  restoreMcpClient,
  updateMcpClient,
} from './mcp-client-writes';
import { exportMcpClient, importMcpClient, type McpClientExport } from './mcp-client-transfer';
import type { CreateMcpClientInput, McpClientWriter, UpdateMcpClientInput } from '../schemas/mcp-client-snapshot';
import type { InternalAddresses } from '../auth';
import {
  clientVersionViewOf,
  parseClientVersionRow,
  toClientVersionView,
  toClientView,
  type McpClientVersionView,
  type McpClientView,
  type StoredMcpClientVersion,
  type UnreadableSecrets,
} from './mcp-client-versions';
import { existingClient } from './not-found';
import { readPageAfterId, readPageBeforeNumber, type Page, type PageRequest } from '../pagination';

export type McpClientChange =
  | { clientId: string; kind: 'created' | 'updated'; versionId: string; versionNumber: number }
  | { clientId: string; kind: 'deleted' };

export interface McpClientResponse {
  client: McpClientView;
  /** The snapshot flattened, env values masked. */
  version: McpClientVersionView;
}

export interface McpClientListItem extends McpClientView {
  name: string;
  description: string | null;
  servers: string[];
  /** Present when the latest version holds secrets this studio's `SECRETS_KEY` cannot decrypt. */
  unreadableSecrets?: UnreadableSecrets;
}

/** The change listeners of one service: a failing listener is logged and the others still hear. */
function createChangeFeed(context: EditorContext) {
  const listeners = new Set<(change: McpClientChange) => void>();
  return {
    emit(change: McpClientChange): void {
      for (const listener of listeners) {
        try {
          listener(change);
        } catch (error) {
          context.logger.error('An MCP client change listener failed', { clientId: change.clientId, error });
        }
      }
    },
    subscribe(listener: (change: McpClientChange) => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** A client as the list shows it: its latest version's name and servers, and whether this key can read its secrets. */
async function listItemOf(context: EditorContext, row: McpClientRow): Promise<McpClientListItem> {
  const { name, description, servers, unreadableSecrets } = clientVersionViewOf(
    context,
    (await context.mcpClients.latest(row.id))!,
  );
  return definedFields({
    ...toClientView(row),
    name,
    description: description ?? null,
    servers: Object.keys(servers),
    unreadableSecrets,
  });
}

export function createMcpClientsService(context: EditorContext) {
  const { emit, subscribe } = createChangeFeed(context);
  const respond = async (
    clientId: string,
    version: StoredMcpClientVersion | McpClientVersionView,
  ): Promise<McpClientResponse> => ({
    client: toClientView((await context.mcpClients.get(clientId))!),
    version: 'snapshot' in version ? toClientVersionView(version) : version,
  });
  const changed = (version: StoredMcpClientVersion, kind: 'created' | 'updated') =>
    emit({ clientId: version.clientId, kind, versionId: version.id, versionNumber: version.versionNumber });

  return {
    async create(input: CreateMcpClientInput): Promise<McpClientResponse> {
      const version = await createMcpClient(context, input);
      changed(version, 'created');
      return respond(version.clientId, version);
    },

    async getById(
      clientId: string,
      selector?: { versionId: string } | { versionNumber: number },
    ): Promise<McpClientResponse> {
      const row =
        selector === undefined
          ? await context.mcpClients.latest(clientId)
          : 'versionId' in selector
            ? await context.mcpClients.versionById(selector.versionId)
            : await context.mcpClients.versionByNumber(clientId, selector.versionNumber);
      if (!row || row.clientId !== clientId) {
        await existingClient(context, clientId);
        throw new StudioError('version_not_found', `MCP client "${clientId}" has no such version.`, {
          clientId,
          ...selector,
        });
      }
      return respond(clientId, clientVersionViewOf(context, row));
    },

    /** `{ created: false }` when nothing differed from the latest version. */
    async update(input: UpdateMcpClientInput): Promise<McpClientResponse & { created: boolean }> {
      const outcome = await updateMcpClient(context, input);
      if (outcome.created) changed(outcome.version, 'updated');
      return { created: outcome.created, ...(await respond(input.id, outcome.version)) };
    },

    async restore(input: { id: string; versionNumber: number } & McpClientWriter): Promise<McpClientResponse> {
      const version = await restoreMcpClient(context, input);
      changed(version, 'updated');
      return respond(input.id, version);
    },

    /**
     * Every version; secrets left out, or re-encrypted for another deployment's `SECRETS_KEY` (then
     * audited under `actor`; who may ask is the caller's check, lib/api/secret-export-guard.ts).
     */
    async export(
      clientId: string,
      { targetSecretsKey, actor }: { targetSecretsKey?: string; actor?: string } = {},
    ): Promise<McpClientExport> {
      return exportMcpClient(context, { id: clientId, targetSecretsKey, actor });
    },

    /** A new client from an export document, checked like a save (stdio allow-list included). */
    async import(
      document: unknown,
      writer: McpClientWriter = {},
    ): Promise<McpClientResponse & { importedVersionNumbers: number[]; secretsToEnter: string[] }> {
      const imported = await importMcpClient(context, { document, ...writer });
      changed(imported.version, 'created');
      return {
        ...(await respond(imported.version.clientId, imported.version)),
        importedVersionNumbers: imported.importedVersionNumbers,
        secretsToEnter: imported.secretsToEnter,
      };
    },

    async delete(clientId: string, { actor }: { actor?: string } = {}): Promise<{ deleted: true }> {
      await deleteMcpClient(context, { id: clientId, actor });
      emit({ clientId, kind: 'deleted' });
      return { deleted: true };
    },

    async list(request: PageRequest = {}): Promise<Page<McpClientListItem>> {
      return readPageAfterId({
        request,
        read: (afterId, limit) => context.mcpClients.list({ afterId, limit }),
        keyOf: (row) => row.id,
        toItem: (row) => listItemOf(context, row),
      });
    },

    async listVersions(clientId: string, request: PageRequest = {}): Promise<Page<McpClientVersionView>> {
      await existingClient(context, clientId);
      return readPageBeforeNumber({
        request,
        read: (beforeNumber, limit) => context.mcpClients.versionPage({ clientId, beforeNumber, limit }),
        keyOf: (row) => row.versionNumber,
        toItem: (row) => clientVersionViewOf(context, row),
      });
    },

    /**
     * The latest version with env DECRYPTED, for connections only, the client's approval (an imported
     * stdio server starts only once approved) and whether its HTTP servers may reach internal
     * addresses; `undefined` for an unknown id.
     */
    async getLatestWithSecrets(
      clientId: string,
    ): Promise<
      (StoredMcpClientVersion & { approval: McpClientApproval; internalAddresses: InternalAddresses }) | undefined
    > {
      const [record, row] = await Promise.all([context.mcpClients.get(clientId), context.mcpClients.latest(clientId)]);
      if (!record || !row) return undefined;
      const { approval, internalAddresses } = record;
      return { ...parseClientVersionRow(context, row), approval, internalAddresses };
    },

    /** The latest version's stdio servers may start (admin only at the API); audited. */
    async approve(clientId: string, { actor }: { actor?: string } = {}): Promise<McpClientResponse> {
      const outcome = await approveMcpClient(context, { id: clientId, actor });
      if (outcome.changed) changed(outcome.version, 'updated');
      return respond(clientId, outcome.version);
    },

    /** Servers not saved yet, checked like a save's, for a connection test (see `checkDraftServers`). */
    draftServers: async (servers: unknown) => checkDraftServers(context, servers),

    /** Tells the listeners about a change written outside this service (a deployment import), after commit. */
    notifyChanged(change: McpClientChange): void {
      emit(change);
    },

    /** Called after every committed create, update, restore and delete; returns an unsubscribe function. */
    onChange(listener: (change: McpClientChange) => void): () => void {
      return subscribe(listener);
    },
  };
}

export type McpClientsService = ReturnType<typeof createMcpClientsService>;
