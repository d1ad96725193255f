/** SQL for saved MCP clients: the agent record/version pattern without publishing or labels. */
import { and, eq, like, notLike, or, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { mcpClients, mcpClientVersions, mcpToolListings } from '../schema';
import {
  allVersionsOf,
  changedFieldsAfter,
  deleteById,
  insertRow,
  pageAfter,
  selectById,
  updateColumnsById,
  versionPageBefore,
} from './statements';
import { perHandle } from './per-handle';

export type McpClientRow = typeof mcpClients.$inferSelect;
export type McpClientVersionRow = typeof mcpClientVersions.$inferSelect;
export type McpToolListingRow = typeof mcpToolListings.$inferSelect;

const p = sql.placeholder;

/** Joins a client record to its latest version (through the unique client and number index). */
const latestOfClient = and(
  eq(mcpClientVersions.clientId, mcpClients.id),
  eq(mcpClientVersions.versionNumber, mcpClients.latestVersionNumber),
);

export const mcpClientQueries = perHandle(({ db }: DatabaseHandle) => {
  const get = selectById(db, mcpClients);
  const list = pageAfter(db, mcpClients, mcpClients.id, 'afterId');
  const insert = insertRow(db, mcpClients);
  const setLatest = updateColumnsById(db, mcpClients, ['latestVersionNumber', 'updatedAt']);
  const setApproval = updateColumnsById(db, mcpClients, ['approval', 'updatedAt']);
  const setInternalAddresses = updateColumnsById(db, mcpClients, ['internalAddresses']);
  const remove = deleteById(db, mcpClients);

  const versionById = selectById(db, mcpClientVersions);
  const versionByNumber = db
    .select()
    .from(mcpClientVersions)
    .where(and(eq(mcpClientVersions.clientId, p('clientId')), eq(mcpClientVersions.versionNumber, p('versionNumber'))))
    .prepare();
  const latest = db
    .select({ version: mcpClientVersions })
    .from(mcpClients)
    .innerJoin(mcpClientVersions, latestOfClient)
    .where(eq(mcpClients.id, p('clientId')))
    .prepare();
  const versionPage = versionPageBefore(db, mcpClientVersions, mcpClientVersions.clientId);
  const allVersions = allVersionsOf(db, mcpClientVersions, mcpClientVersions.clientId);
  const changedSince = changedFieldsAfter(db, mcpClientVersions, mcpClientVersions.clientId);
  const insertVersion = insertRow(db, mcpClientVersions);
  const versionsToUpgrade = db
    .select()
    .from(mcpClientVersions)
    .where(or(like(mcpClientVersions.snapshot, '%enc:v1:%'), notLike(mcpClientVersions.configHash, 'hmac:%')))
    .prepare();
  const rewriteVersion = updateColumnsById(db, mcpClientVersions, ['snapshot', 'configHash']);
  const listingOf = and(eq(mcpToolListings.clientId, p('clientId')), eq(mcpToolListings.serverName, p('serverName')));
  const toolListing = db.select().from(mcpToolListings).where(listingOf).prepare();
  const deleteToolListings = db
    .delete(mcpToolListings)
    .where(eq(mcpToolListings.clientId, p('clientId')))
    .prepare();

  return {
    get: (id: string): McpClientRow | undefined => get.get({ id }),
    list: ({ afterId, limit }: { afterId: string; limit: number }): McpClientRow[] => list.all({ afterId, limit }),
    insert(row: McpClientRow) {
      insert.run(row);
    },
    setLatestVersionNumber(row: { id: string; latestVersionNumber: number; updatedAt: string }) {
      setLatest.run(row);
    },
    /** Marks a client approved or needing approval (its stdio servers start only when approved). */
    setApproval(row: { id: string; approval: McpClientRow['approval']; updatedAt: string }) {
      setApproval.run(row);
    },
    /** Whether the client's HTTP servers may reach loopback and private addresses (who wrote its latest version). */
    setInternalAddresses(row: { id: string; internalAddresses: McpClientRow['internalAddresses'] }) {
      setInternalAddresses.run(row);
    },
    delete: (id: string): boolean => remove.run({ id }).changes > 0,
    versionById: (id: string): McpClientVersionRow | undefined => versionById.get({ id }),
    versionByNumber: (clientId: string, versionNumber: number): McpClientVersionRow | undefined =>
      versionByNumber.get({ clientId, versionNumber }),
    latest: (clientId: string): McpClientVersionRow | undefined => latest.get({ clientId })?.version,
    versionPage: ({
      clientId,
      ...page
    }: {
      clientId: string;
      beforeNumber: number;
      limit: number;
    }): McpClientVersionRow[] => versionPage({ ownerId: clientId, ...page }),
    /** Every version of a client, oldest first (export). */
    allVersions: (clientId: string): McpClientVersionRow[] => allVersions(clientId),
    /** The `changedFields` of each version after `versionNumber`, oldest first. */
    changedFieldsAfter: changedSince,
    insertVersion(row: McpClientVersionRow) {
      insertVersion.run(row);
    },
    /** Versions written before secrets were bound to their row or hashes were keyed (the start-up upgrade). */
    versionsToUpgrade: (): McpClientVersionRow[] => versionsToUpgrade.all(),
    /** The same content re-encrypted and re-hashed; nothing else of an immutable version changes. */
    rewriteVersionSecrets(row: { id: string; snapshot: string; configHash: string }) {
      rewriteVersion.run(row);
    },
    /** Keeps a server's newest tool list (one row per client and server, replaced by the next). */
    saveToolListing(row: McpToolListingRow) {
      const { clientVersionId, tools, listedAt } = row;
      db.insert(mcpToolListings)
        .values(row)
        .onConflictDoUpdate({
          target: [mcpToolListings.clientId, mcpToolListings.serverName],
          set: { clientVersionId, tools, listedAt },
        })
        .run();
    },
    toolListing: (server: { clientId: string; serverName: string }): McpToolListingRow | undefined =>
      toolListing.get(server),
    deleteToolListings(clientId: string) {
      deleteToolListings.run({ clientId });
    },
  };
});
