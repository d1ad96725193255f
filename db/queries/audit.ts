/** SQL for the append-only audit log. */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { auditLog } from '../schema';
import { perHandle } from './transaction';

export type AuditRow = typeof auditLog.$inferSelect;

const p = sql.placeholder;

export const auditQueries = perHandle(({ db }: DatabaseHandle) => {
  const insert = db
    .insert(auditLog)
    .values({
      at: p('at'),
      actor: p('actor'),
      action: p('action'),
      entity: p('entity'),
      entityId: p('entityId'),
      details: p('details'),
    })
    .prepare();
  const page = db
    .select()
    .from(auditLog)
    .where(lt(auditLog.id, p('beforeId')))
    .orderBy(desc(auditLog.id))
    .limit(p('limit'))
    .prepare();
  const pageForEntity = db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, p('entity')), eq(auditLog.entityId, p('entityId')), lt(auditLog.id, p('beforeId'))))
    .orderBy(desc(auditLog.id))
    .limit(p('limit'))
    .prepare();

  return {
    insert(row: Omit<AuditRow, 'id'>) {
      insert.run(row);
    },
    /** Newest first, ids below `beforeId`; optionally for one entity. */
    page({
      entity,
      entityId,
      beforeId,
      limit,
    }: {
      entity?: string;
      entityId?: string;
      beforeId: number;
      limit: number;
    }): AuditRow[] {
      if (entity !== undefined && entityId !== undefined)
        return pageForEntity.all({ entity, entityId, beforeId, limit });
      return page.all({ beforeId, limit });
    },
  };
});
