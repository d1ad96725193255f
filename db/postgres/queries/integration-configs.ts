/** PostgreSQL SQL for stored integration configs (db/queries/integration-configs.ts is the SQLite twin). */
import { asc, eq, like } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import { integrationConfigs } from '../schema';
import { binary, changedAny, type CurrentDb } from './shared';

const stampColumns = { id: integrationConfigs.id, updatedAt: integrationConfigs.updatedAt };

export function integrationConfigQueries(db: CurrentDb): StudioQueries['integrationConfigs'] {
  return {
    get: async (id) => (await db().select().from(integrationConfigs).where(eq(integrationConfigs.id, id)))[0],
    stamp: async (id) =>
      (await db().select(stampColumns).from(integrationConfigs).where(eq(integrationConfigs.id, id)))[0],
    stamps: async () =>
      await db()
        .select(stampColumns)
        .from(integrationConfigs)
        .orderBy(asc(binary(integrationConfigs.id))),
    async insert(row) {
      await db().insert(integrationConfigs).values(row);
    },
    async update({ id, integration, config, updatedAt }) {
      await db()
        .update(integrationConfigs)
        .set({ integration, config, updatedAt })
        .where(eq(integrationConfigs.id, id));
    },
    delete: async (id) => changedAny(await db().delete(integrationConfigs).where(eq(integrationConfigs.id, id))),
    configsToUpgrade: async () =>
      await db().select().from(integrationConfigs).where(like(integrationConfigs.config, '%enc:v1:%')),
    async rewriteConfigSecrets({ id, config }) {
      await db().update(integrationConfigs).set({ config }).where(eq(integrationConfigs.id, id));
    },
  };
}
