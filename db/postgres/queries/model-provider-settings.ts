/** PostgreSQL SQL for model provider settings (db/queries/model-provider-settings.ts is the SQLite twin). */
import { asc } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import { modelProviderSettings } from '../schema';
import { binary, deleteBy, upsertRow, type CurrentDb } from './shared';

export function modelProviderSettingsQueries(db: CurrentDb): StudioQueries['modelProviderSettings'] {
  return {
    list: async () =>
      await db()
        .select()
        .from(modelProviderSettings)
        .orderBy(asc(binary(modelProviderSettings.id))),
    put: upsertRow(db, modelProviderSettings, 'id'),
    delete: deleteBy(db, modelProviderSettings, modelProviderSettings.id),
  };
}
