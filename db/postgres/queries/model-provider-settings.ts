/** PostgreSQL SQL for model provider settings (db/queries/model-provider-settings.ts is the SQLite twin). */
import { asc, eq } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import { modelProviderSettings } from '../schema';
import { binary, changedAny, type CurrentDb } from './shared';

export function modelProviderSettingsQueries(db: CurrentDb): StudioQueries['modelProviderSettings'] {
  return {
    list: async () =>
      await db()
        .select()
        .from(modelProviderSettings)
        .orderBy(asc(binary(modelProviderSettings.id))),
    async put({ id, ...columns }) {
      await db()
        .insert(modelProviderSettings)
        .values({ id, ...columns })
        .onConflictDoUpdate({ target: modelProviderSettings.id, set: columns });
    },
    delete: async (id) => changedAny(await db().delete(modelProviderSettings).where(eq(modelProviderSettings.id, id))),
  };
}
