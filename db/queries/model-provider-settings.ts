/** SQL for the model provider settings an admin saved (one row per provider, keyed by its name). */
import { asc } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { modelProviderSettings } from '../schema';
import { deleteById, insertRow, updateColumnsById } from './statements';
import { perHandle } from './per-handle';

export type ModelProviderSettingsRow = typeof modelProviderSettings.$inferSelect;

export const modelProviderSettingsQueries = perHandle(({ db }: DatabaseHandle) => {
  const list = db.select().from(modelProviderSettings).orderBy(asc(modelProviderSettings.id)).prepare();
  const insert = insertRow(db, modelProviderSettings);
  const update = updateColumnsById(db, modelProviderSettings, ['apiKey', 'baseUrl', 'updatedBy', 'updatedAt']);
  const remove = deleteById(db, modelProviderSettings);
  return {
    /** Every stored provider's row, by provider name. */
    list: (): ModelProviderSettingsRow[] => list.all(),
    /** Writes a provider's row, inserting it the first time. */
    put(row: ModelProviderSettingsRow) {
      if (update.run(row).changes === 0) insert.run(row);
    },
    delete: (id: string): boolean => remove.run({ id }).changes > 0,
  };
});
