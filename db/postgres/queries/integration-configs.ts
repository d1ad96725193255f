/** PostgreSQL SQL for stored integration configs (db/queries/integration-configs.ts is the SQLite twin). */
import { asc, eq, like } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import { integrationConfigs } from '../schema';
import { binary, deleteBy, insertRow, rowBy, type CurrentDb } from './shared';

const stampColumns = { id: integrationConfigs.id, updatedAt: integrationConfigs.updatedAt };

export function integrationConfigQueries(db: CurrentDb): StudioQueries['integrationConfigs'] {
  return {
    get: rowBy(db, integrationConfigs, integrationConfigs.id),
    stamp: async (id) =>
      (await db().select(stampColumns).from(integrationConfigs).where(eq(integrationConfigs.id, id)))[0],
    stamps: async () =>
      await db()
        .select(stampColumns)
        .from(integrationConfigs)
        .orderBy(asc(binary(integrationConfigs.id))),
    insert: insertRow(db, integrationConfigs),
    async update({ id, integration, config, updatedAt }) {
      await db()
        .update(integrationConfigs)
        .set({ integration, config, updatedAt })
        .where(eq(integrationConfigs.id, id));
    },
    delete: deleteBy(db, integrationConfigs, integrationConfigs.id),
    configsToUpgrade: async () =>
      await db().select().from(integrationConfigs).where(like(integrationConfigs.config, '%enc:v1:%')),
    async rewriteConfigSecrets({ id, config }) {
      await db().update(integrationConfigs).set({ config }).where(eq(integrationConfigs.id, id));
    },
  };
}
