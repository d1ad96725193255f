/**
 * SQL for custom version labels, listed by name (whole or a page). `production` and `latest` are
 * computed and never stored.
 */
import { and, asc, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { agentVersions, versionLabels } from '../schema';
import { bind } from './placeholders';
import { perHandle } from './per-handle';
import { deleteBy, insertRow } from './statements';

export type VersionLabelRow = typeof versionLabels.$inferSelect;
export interface LabelWithNumberRow extends VersionLabelRow {
  versionNumber: number;
}

const p = sql.placeholder;

export const versionLabelQueries = perHandle(({ db }: DatabaseHandle) => {
  const withNumber = () =>
    db
      .select({
        ...getTableColumns(versionLabels),
        versionNumber: agentVersions.versionNumber,
      })
      .from(versionLabels)
      .innerJoin(agentVersions, eq(agentVersions.id, versionLabels.versionId));
  const list = withNumber()
    .where(eq(versionLabels.agentId, p('agentId')))
    .orderBy(asc(versionLabels.name))
    .prepare();
  const page = withNumber()
    .where(and(eq(versionLabels.agentId, p('agentId')), gt(versionLabels.name, p('afterName'))))
    .orderBy(asc(versionLabels.name))
    .limit(p('limit'))
    .prepare();
  const get = withNumber()
    .where(and(eq(versionLabels.agentId, p('agentId')), eq(versionLabels.name, p('name'))))
    .prepare();
  const namesForVersion = db
    .select({ name: versionLabels.name })
    .from(versionLabels)
    .where(eq(versionLabels.versionId, p('versionId')))
    .orderBy(asc(versionLabels.name))
    .prepare();
  const insert = insertRow(db, versionLabels);
  const move = db
    .update(versionLabels)
    .set({ versionId: bind('versionId'), revisionToken: bind('revisionToken'), updatedAt: bind('updatedAt') })
    .where(and(eq(versionLabels.agentId, p('agentId')), eq(versionLabels.name, p('name'))))
    .prepare();
  const remove = db
    .delete(versionLabels)
    .where(and(eq(versionLabels.agentId, p('agentId')), eq(versionLabels.name, p('name'))))
    .prepare();
  const removeAll = deleteBy(db, versionLabels, versionLabels.agentId, 'agentId');

  return {
    list: (agentId: string) => list.all({ agentId }) as LabelWithNumberRow[],
    /** Up to `limit` of an agent's labels by name, after `afterName` (`''` for the first page). */
    page: ({ agentId, afterName, limit }: { agentId: string; afterName: string; limit: number }) =>
      page.all({ agentId, afterName, limit }) as LabelWithNumberRow[],
    get: (agentId: string, name: string) => get.get({ agentId, name }) as LabelWithNumberRow | undefined,
    namesForVersion: (versionId: string): string[] => namesForVersion.all({ versionId }).map((row) => row.name),
    insert(row: VersionLabelRow) {
      insert.run(row);
    },
    move(row: Omit<VersionLabelRow, 'createdAt'>) {
      move.run(row);
    },
    delete(agentId: string, name: string) {
      remove.run({ agentId, name });
    },
    deleteAll(agentId: string) {
      removeAll.run({ agentId });
    },
  };
});
