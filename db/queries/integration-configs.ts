/**
 * SQL for stored integration configs (e.g. an OpenAPI document with its credentials, encrypted).
 * One row per integration id; `updatedAt` strictly increases on every write so a process can tell
 * that a config it built a provider from has changed.
 */
import { asc, like } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { integrationConfigs } from '../schema';
import { deleteById, insertRow, selectById, selectFieldsBy, updateColumnsById } from './statements';
import { perHandle } from './per-handle';

export type IntegrationConfigRow = typeof integrationConfigs.$inferSelect;

export const integrationConfigQueries = perHandle(({ db }: DatabaseHandle) => {
  const get = selectById(db, integrationConfigs);
  const stampColumns = { id: integrationConfigs.id, updatedAt: integrationConfigs.updatedAt };
  const stamp = selectFieldsBy(db, stampColumns, { from: integrationConfigs, where: [integrationConfigs.id, 'id'] });
  const stamps = db.select(stampColumns).from(integrationConfigs).orderBy(asc(integrationConfigs.id)).prepare();
  const insert = insertRow(db, integrationConfigs);
  const update = updateColumnsById(db, integrationConfigs, ['integration', 'config', 'updatedAt']);
  const remove = deleteById(db, integrationConfigs);
  const configsToUpgrade = db
    .select()
    .from(integrationConfigs)
    .where(like(integrationConfigs.config, '%enc:v1:%'))
    .prepare();
  const rewriteConfig = updateColumnsById(db, integrationConfigs, ['config']);

  return {
    get: (id: string): IntegrationConfigRow | undefined => get.get({ id }),
    /** Only the id and `updatedAt`: what a cache needs to know whether its copy is current. */
    stamp: (id: string): { id: string; updatedAt: string } | undefined => stamp.get({ id }),
    /** Every stored id with its `updatedAt`, sorted by id. */
    stamps: (): Array<{ id: string; updatedAt: string }> => stamps.all(),
    insert(row: IntegrationConfigRow) {
      insert.run(row);
    },
    update(row: Omit<IntegrationConfigRow, 'createdAt'>) {
      update.run(row);
    },
    delete: (id: string): boolean => remove.run({ id }).changes > 0,
    /** Configs whose secrets were written before they were bound to their row (the start-up upgrade). */
    configsToUpgrade: (): IntegrationConfigRow[] => configsToUpgrade.all(),
    /** The same config with its secrets re-encrypted; `updatedAt` stays, the content did not change. */
    rewriteConfigSecrets(row: { id: string; config: string }) {
      rewriteConfig.run(row);
    },
  };
});
