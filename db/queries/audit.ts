/** SQL for the append-only audit log. */
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { auditLog } from '../schema';
import { everyColumn } from './placeholders';
import { perHandle } from './per-handle';

export type AuditRow = typeof auditLog.$inferSelect;

/** Filters of the audit log: who (`actor`), what (`action`, `entity`, `entityId`), when (`from` inclusive, `to` exclusive, ISO times). */
export interface AuditFilter {
  actor?: string;
  action?: string;
  entity?: string;
  entityId?: string;
  from?: string;
  to?: string;
}

const p = sql.placeholder;

export const auditQueries = perHandle(({ db }: DatabaseHandle) => {
  // The database gives the id.
  const insert = db
    .insert(auditLog)
    .values(everyColumn(auditLog, { except: ['id'] }))
    .prepare();
  const newestFirst = (where: SQL | undefined) => db.select().from(auditLog).where(where).orderBy(desc(auditLog.id));
  const page = newestFirst(lt(auditLog.id, p('beforeId')))
    .limit(p('limit'))
    .prepare();
  const pageForEntity = newestFirst(
    and(eq(auditLog.entity, p('entity')), eq(auditLog.entityId, p('entityId')), lt(auditLog.id, p('beforeId'))),
  )
    .limit(p('limit'))
    .prepare();

  /** Any other combination of filters (reading the log is not a hot path, so it is built per call). */
  const filtered = (filter: AuditFilter, beforeId: number, limit: number): AuditRow[] => {
    const conditions: SQL[] = [lt(auditLog.id, beforeId)];
    if (filter.actor !== undefined) conditions.push(eq(auditLog.actor, filter.actor));
    if (filter.action !== undefined) conditions.push(eq(auditLog.action, filter.action));
    if (filter.entity !== undefined) conditions.push(eq(auditLog.entity, filter.entity));
    if (filter.entityId !== undefined) conditions.push(eq(auditLog.entityId, filter.entityId));
    if (filter.from !== undefined) conditions.push(gte(auditLog.at, filter.from));
    if (filter.to !== undefined) conditions.push(lt(auditLog.at, filter.to));
    return newestFirst(and(...conditions))
      .limit(limit)
      .all();
  };

  return {
    insert(row: Omit<AuditRow, 'id'>) {
      insert.run(row);
    },
    /** Newest first, ids below `beforeId`, matching every filter given. */
    page({ beforeId, limit, ...filter }: AuditFilter & { beforeId: number; limit: number }): AuditRow[] {
      const given = Object.entries(filter)
        .filter(([, value]) => value !== undefined)
        .map(([key]) => key);
      if (given.length === 0) return page.all({ beforeId, limit });
      if (given.length === 2 && filter.entity !== undefined && filter.entityId !== undefined)
        return pageForEntity.all({ entity: filter.entity, entityId: filter.entityId, beforeId, limit });
      return filtered(filter, beforeId, limit);
    },
  };
});
