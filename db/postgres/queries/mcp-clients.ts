/** PostgreSQL SQL for saved MCP clients (db/queries/mcp-clients.ts is the SQLite twin). */
import { and, eq, like, notLike, or } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import { mcpClients, mcpClientVersions, mcpToolListings } from '../schema';
import { deleteBy, insertRow, pageAfter, rowBy, versionReads, versionThrough, type CurrentDb } from './shared';

/** Joins a client record to its latest version (through the unique client and number index). */
const latestOfClient = and(
  eq(mcpClientVersions.clientId, mcpClients.id),
  eq(mcpClientVersions.versionNumber, mcpClients.latestVersionNumber),
);

export function mcpClientQueries(db: CurrentDb): StudioQueries['mcpClients'] {
  const reads = versionReads(db, mcpClientVersions, mcpClientVersions.clientId);
  return {
    get: rowBy(db, mcpClients, mcpClients.id),
    list: async ({ afterId, limit }) => pageAfter(db, mcpClients, mcpClients.id, { after: afterId, limit }),
    insert: insertRow(db, mcpClients),
    async setLatestVersionNumber({ id, latestVersionNumber, updatedAt }) {
      await db().update(mcpClients).set({ latestVersionNumber, updatedAt }).where(eq(mcpClients.id, id));
    },
    async setApproval({ id, approval, updatedAt }) {
      await db().update(mcpClients).set({ approval, updatedAt }).where(eq(mcpClients.id, id));
    },
    async setInternalAddresses({ id, internalAddresses }) {
      await db().update(mcpClients).set({ internalAddresses }).where(eq(mcpClients.id, id));
    },
    delete: deleteBy(db, mcpClients, mcpClients.id),
    async saveToolListing(row) {
      const { clientVersionId, tools, listedAt } = row;
      await db()
        .insert(mcpToolListings)
        .values(row)
        .onConflictDoUpdate({
          target: [mcpToolListings.clientId, mcpToolListings.serverName],
          set: { clientVersionId, tools, listedAt },
        });
    },
    toolListing: async ({ clientId, serverName }) =>
      (
        await db()
          .select()
          .from(mcpToolListings)
          .where(and(eq(mcpToolListings.clientId, clientId), eq(mcpToolListings.serverName, serverName)))
      )[0],
    async deleteToolListings(clientId) {
      await db().delete(mcpToolListings).where(eq(mcpToolListings.clientId, clientId));
    },
    versionById: rowBy(db, mcpClientVersions, mcpClientVersions.id),
    versionByNumber: async (clientId, versionNumber) =>
      (
        await db()
          .select()
          .from(mcpClientVersions)
          .where(and(eq(mcpClientVersions.clientId, clientId), eq(mcpClientVersions.versionNumber, versionNumber)))
      )[0],
    latest: (clientId) =>
      versionThrough(db, {
        versions: mcpClientVersions,
        from: mcpClients,
        on: latestOfClient,
        where: eq(mcpClients.id, clientId),
      }),
    versionPage: ({ clientId, beforeNumber, limit }) => reads.pageBefore({ ownerId: clientId, beforeNumber, limit }),
    allVersions: (clientId) => reads.all(clientId),
    changedFieldsAfter: (clientId, versionNumber) => reads.changedFieldsAfter(clientId, versionNumber),
    insertVersion: insertRow(db, mcpClientVersions),
    /** Versions written before secrets were bound to their row or hashes were keyed (the start-up upgrade). */
    versionsToUpgrade: async () =>
      await db()
        .select()
        .from(mcpClientVersions)
        .where(or(like(mcpClientVersions.snapshot, '%enc:v1:%'), notLike(mcpClientVersions.configHash, 'hmac:%'))),
    async rewriteVersionSecrets({ id, snapshot, configHash }) {
      await db().update(mcpClientVersions).set({ snapshot, configHash }).where(eq(mcpClientVersions.id, id));
    },
  };
}
