/** SQL for evaluations: an agent's test cases replayed against one version, with their results. */
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { evaluations } from '../schema';
import { bind } from './placeholders';
import { perHandle } from './per-handle';
import { ownerStopped, type StoppedLimits } from './processes';
import { deleteBy, insertRow, pageBeforeKey, selectById, updateColumnsById } from './statements';

export type EvaluationRow = typeof evaluations.$inferSelect;

/** What finishing an evaluation writes. */
export type EvaluationEnd = Pick<
  EvaluationRow,
  'id' | 'status' | 'passed' | 'failed' | 'results' | 'error' | 'finishedAt'
>;

/** Where a page of evaluations ends: the last one's start time and id. */
export type EvaluationPosition = Pick<EvaluationRow, 'startedAt' | 'id'>;

const p = sql.placeholder;

export const evaluationQueries = perHandle(({ db }: DatabaseHandle) => {
  const insert = insertRow(db, evaluations);
  const byId = selectById(db, evaluations);
  const page = pageBeforeKey(db, evaluations, {
    time: evaluations.startedAt,
    id: evaluations.id,
    where: eq(evaluations.agentId, p('agentId')),
  });
  const finishedOfConfig = and(
    eq(evaluations.agentId, p('agentId')),
    eq(evaluations.configHash, p('configHash')),
    eq(evaluations.status, 'finished'),
  );
  const newestFinishedOfConfig = db
    .select()
    .from(evaluations)
    .where(finishedOfConfig)
    .orderBy(desc(evaluations.startedAt))
    .limit(1)
    .prepare();
  const finishedOfConfigSince = db
    .select()
    .from(evaluations)
    .where(and(finishedOfConfig, gte(evaluations.testCasesChangedAt, p('testCasesChangedAt'))))
    .orderBy(desc(evaluations.startedAt), desc(evaluations.id))
    .prepare();
  const running = eq(evaluations.status, 'running');
  // Only a running evaluation takes its results: one another instance failed stays failed.
  const finish = updateColumnsById(
    db,
    evaluations,
    ['status', 'passed', 'failed', 'results', 'error', 'finishedAt'],
    running,
  );
  // Running evaluations whose process stopped (see `failStopped`); one stored before processes were
  // recorded was last seen alive at `aliveAt`, or before that was recorded, at its start.
  const lastSeen = sql`coalesce(${evaluations.aliveAt}, ${evaluations.startedAt})`;
  const failStopped = db
    .update(evaluations)
    .set({ status: 'failed', error: bind('error'), finishedAt: bind('finishedAt') } as never)
    .where(and(running, ownerStopped(evaluations.processId, lastSeen)))
    .prepare();
  const deleteOfAgent = deleteBy(db, evaluations, evaluations.agentId, 'agentId');

  return {
    insert(row: EvaluationRow) {
      insert.run(row);
    },
    finish(end: EvaluationEnd) {
      finish.run(end);
    },
    get: (id: string): EvaluationRow | undefined => byId.get({ id }),
    /** Newest first (by start, then id), after the `before` position of the previous page. */
    page: ({
      agentId,
      before,
      limit,
    }: {
      agentId: string;
      before: EvaluationPosition;
      limit: number;
    }): EvaluationRow[] => page.all({ agentId, beforeTime: before.startedAt, beforeId: before.id, limit }),
    /** The newest finished evaluation of exactly this configuration. */
    newestFinished: ({ agentId, configHash }: { agentId: string; configHash: string }): EvaluationRow | undefined =>
      newestFinishedOfConfig.get({ agentId, configHash }),
    /**
     * The finished evaluations of exactly this configuration that started when the test cases were
     * as they are now (their `testCasesChangedAt` is this time or later), newest first.
     */
    finishedSince: ({
      agentId,
      configHash,
      testCasesChangedAt,
    }: {
      agentId: string;
      configHash: string;
      testCasesChangedAt: string;
    }): EvaluationRow[] => finishedOfConfigSince.all({ agentId, configHash, testCasesChangedAt }),
    /**
     * Marks failed the evaluations still running whose process stopped as judged at `judgedAt`, or
     * for an evaluation stored without its process, not seen alive (or started) since
     * `unmovedSince`; how many.
     */
    failStopped: (end: { error: string; finishedAt: string } & StoppedLimits): number => failStopped.run(end).changes,
    deleteOfAgent(agentId: string) {
      deleteOfAgent.run({ agentId });
    },
  };
});
