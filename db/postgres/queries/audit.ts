/** PostgreSQL SQL for the append-only audit log (db/queries/audit.ts is the SQLite twin). */
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import { auditLog } from '../schema';
import { everyColumn } from '../../queries/placeholders';
import { below, binary, preparedStatement, type CurrentDb } from './shared';

export function auditQueries(db: CurrentDb): StudioQueries['audit'] {
  // Every write records itself here: prepared once per connection. The id is the database's.
  const append = preparedStatement(db, 'audit_insert', (connection) =>
    connection.insert(auditLog).values(everyColumn(auditLog, { except: ['id'] })),
  );
  return {
    async insert(row) {
      await append().execute(row);
    },
    /** Newest first, ids below `beforeId`, matching every filter given. */
    page: async ({ beforeId, limit, actor, action, entity, entityId, from, to }) => {
      const conditions: SQL[] = [below(auditLog.id, beforeId)];
      if (actor !== undefined) conditions.push(eq(auditLog.actor, actor));
      if (action !== undefined) conditions.push(eq(auditLog.action, action));
      if (entity !== undefined) conditions.push(eq(auditLog.entity, entity));
      if (entityId !== undefined) conditions.push(eq(auditLog.entityId, entityId));
      // ISO times in UTC compare as text, byte by byte.
      if (from !== undefined) conditions.push(gte(binary(auditLog.at), from));
      if (to !== undefined) conditions.push(lt(binary(auditLog.at), to));
      return await db()
        .select()
        .from(auditLog)
        .where(and(...conditions))
        .orderBy(desc(auditLog.id))
        .limit(limit);
    },
  };
}
