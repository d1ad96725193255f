/** PostgreSQL SQL for saved MCP clients (db/queries/mcp-clients.ts is the SQLite twin). */
import { and, eq, like, notLike, or } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import { mcpClients, mcpClientVersions } from '../schema';
import { changedAny, pageAfter, versionReads, versionThrough, type CurrentDb } from './shared';

/** Joins a client record to its latest version (through the unique client and number index). */
const latestOfClient = and(
  eq(mcpClientVersions.clientId, mcpClients.id),
  eq(mcpClientVersions.versionNumber, mcpClients.latestVersionNumber),
);

export function mcpClientQueries(db: CurrentDb): StudioQueries['mcpClients'] {
  const reads = versionReads(db, mcpClientVersions, mcpClientVersions.clientId);
  return {
    get: async (id) => (await db().select().from(mcpClients).where(eq(mcpClients.id, id)))[0],
    list: async ({ afterId, limit }) => pageAfter(db, mcpClients, mcpClients.id, { after: afterId, limit }),
    async insert(row) {
      await db().insert(mcpClients).values(row);
    },
    async setLatestVersionNumber({ id, latestVersionNumber, updatedAt }) {
      await db().update(mcpClients).set({ latestVersionNumber, updatedAt }).where(eq(mcpClients.id, id));
    },
    async setApproval({ id, approval, updatedAt }) {
      await db().update(mcpClients).set({ approval, updatedAt }).where(eq(mcpClients.id, id));
    },
    delete: async (id) => changedAny(await db().delete(mcpClients).where(eq(mcpClients.id, id))),
    versionById: async (id) => (await db().select().from(mcpClientVersions).where(eq(mcpClientVersions.id, id)))[0],
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
    async insertVersion(row) {
      await db().insert(mcpClientVersions).values(row);
    },
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
