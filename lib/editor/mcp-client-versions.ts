/** Saved MCP client versions: parsing (decrypting once per version id), views and appends. */
import { randomUUID } from 'node:crypto';
import type { McpClientRow, McpClientVersionRow } from '../../db/queries';
import { StudioError } from '../errors';
import { keyedHash, SecretDecryptionError } from '../secrets';
import { canonicalJson } from '../versions';
import type { SecretsKey } from '../secrets';
import type { EditorContext } from './context';
import { decryptSnapshot, encryptSnapshot, maskSnapshot } from './mcp-client-secrets';
import { currentMcpClientSchemaVersion, type McpClientSnapshot } from './mcp-client-snapshot';
import { deepFreeze } from './version-cache';
import { parseVersionMetadata, toVersionMetadataColumns, type VersionMetadata } from './version-metadata';

export interface StoredMcpClientVersion extends VersionMetadata {
  id: string;
  clientId: string;
  /** Decrypted: never put this in a response or a log. */
  snapshot: Readonly<McpClientSnapshot>;
}

export interface McpClientView {
  id: string;
  latestVersionNumber: number;
  authorId: string | null;
  createdAt: string;
  updatedAt: string;
}

export type McpClientVersionView = Omit<StoredMcpClientVersion, 'snapshot'> & McpClientSnapshot;

export function parseClientVersionRow(context: EditorContext, row: McpClientVersionRow): StoredMcpClientVersion {
  return context.clientVersionCache.get(row.id, () => {
    let snapshot: McpClientSnapshot;
    try {
      snapshot = decryptSnapshot({
        key: context.secretsKey,
        snapshot: JSON.parse(row.snapshot) as McpClientSnapshot,
        row: { clientId: row.clientId, versionId: row.id },
      });
    } catch (error) {
      if (!(error instanceof SecretDecryptionError)) throw error;
      // The answer stays generic: which value failed and why is for the operator's log.
      context.logger.error('A stored MCP client secret could not be decrypted', {
        clientId: row.clientId,
        versionId: row.id,
        reason: error.message,
      });
      throw new StudioError(
        'internal_error',
        'A stored secret could not be read. The details were logged.',
        { clientId: row.clientId },
        { cause: error },
      );
    }
    return deepFreeze({
      id: row.id,
      clientId: row.clientId,
      ...parseVersionMetadata(row),
      snapshot,
    });
  });
}

export const toClientView = (row: McpClientRow): McpClientView => ({ ...row });

export function toClientVersionView(version: StoredMcpClientVersion): McpClientVersionView {
  const { snapshot, ...metadata } = version;
  return { ...metadata, ...maskSnapshot(snapshot as McpClientSnapshot) };
}

/**
 * The hash of a client snapshot: keyed (HMAC with a key derived from the secrets key) because the
 * snapshot holds secrets, so the hash reveals nothing about them. Agent version hashes stay plain.
 */
export const clientConfigHash = (key: SecretsKey, snapshot: McpClientSnapshot) =>
  keyedHash({ key, text: canonicalJson(snapshot) });

/** Inside the caller's transaction: stores the snapshot with its secrets encrypted and bound to the row. */
export function appendClientVersion(
  context: EditorContext,
  {
    clientId,
    versionNumber,
    snapshot,
    changedFields,
    changeMessage,
    actor,
    createdAt = context.now(),
  }: {
    clientId: string;
    versionNumber: number;
    snapshot: McpClientSnapshot;
    changedFields: string[];
    changeMessage: string;
    actor: string;
    /** Imports keep the document's time. */
    createdAt?: string;
  },
): StoredMcpClientVersion {
  const id = randomUUID();
  const row = {
    id,
    clientId,
    snapshot: canonicalJson(encryptSnapshot({ key: context.secretsKey, snapshot, row: { clientId, versionId: id } })),
    ...toVersionMetadataColumns({
      versionNumber,
      schemaVersion: currentMcpClientSchemaVersion,
      configHash: clientConfigHash(context.secretsKey, snapshot),
      changedFields,
      changeMessage,
      authorId: actor,
      createdAt,
    }),
  };
  context.mcpClients.insertVersion(row);
  context.mcpClients.setLatestVersionNumber({ id: clientId, latestVersionNumber: versionNumber, updatedAt: createdAt });
  return parseClientVersionRow(context, row);
}
