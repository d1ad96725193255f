/**
 * SQL for agent runs. A run row is written when the run starts and rewritten when it pauses,
 * finishes or fails. `claim` is a compare-and-swap on `revision`: of two continuations of the same
 * paused run (two requests, two processes), exactly one wins. `insertNew` takes a caller-chosen id
 * the same way: the id is the primary key, and of two inserts of one id exactly one lands. A run
 * names the process that last wrote it; a run left `running` by a process that is no longer alive
 * (`stoppedRunning`, db/queries/processes.ts) is ended by `endRunning` only while it is still running
 * at the revision read, so a live process's write is never overwritten.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { SQLiteInsertValue } from 'drizzle-orm/sqlite-core';
import type { DatabaseHandle } from '../client';
import { runs } from '../schema';
import { bind, everyColumn } from './placeholders';
import { insertRow, selectById, updateById } from './statements';
import { perHandle } from './per-handle';
import { ownerStopped, type StoppedLimits } from './processes';
import { runListStatements } from './run-list';

export type RunRow = typeof runs.$inferSelect;

/** The columns the runs list shows, rewritten with the run's state. */
type ListedColumn = 'finishedAt' | 'durationMs' | 'finishReason' | 'inputTokens' | 'outputTokens' | 'toolCallCount';

/** What a later write of a run rewrites. */
type RewrittenRow = Pick<
  RunRow,
  'id' | 'status' | 'messages' | 'pending' | 'state' | 'error' | 'updatedAt' | 'processId' | ListedColumn
>;

const p = sql.placeholder;

export const runQueries = perHandle(({ db }: DatabaseHandle) => {
  const get = selectById(db, runs);
  // Few runs per agent wait at a time; the agent index narrows the search to one agent's runs.
  // `is` compares null with null as equal: a run without a resource matches a request without one.
  const latestPausedInThread = db
    .select()
    .from(runs)
    .where(
      and(
        eq(runs.agentId, p('agentId')),
        eq(runs.threadId, p('threadId')),
        sql`${runs.resourceId} is ${p('resourceId')}`,
        eq(runs.status, 'paused'),
      ),
    )
    .orderBy(desc(runs.createdAt))
    .limit(1)
    .prepare();
  const insert = insertRow(db, runs);
  const insertNew = db
    .insert(runs)
    .values(everyColumn(runs) as SQLiteInsertValue<typeof runs>)
    .onConflictDoNothing()
    .prepare();
  const rewritten = {
    status: bind('status'),
    messages: bind('messages'),
    pending: bind('pending'),
    state: bind('state'),
    error: bind('error'),
    finishedAt: bind('finishedAt'),
    durationMs: bind('durationMs'),
    finishReason: bind('finishReason'),
    inputTokens: bind('inputTokens'),
    outputTokens: bind('outputTokens'),
    toolCallCount: bind('toolCallCount'),
    revision: sql`${runs.revision} + 1`,
    updatedAt: bind('updatedAt'),
    processId: bind('processId'),
  };
  const update = updateById(db, runs, rewritten);
  const endRunning = db
    .update(runs)
    .set(rewritten)
    .where(and(eq(runs.id, p('id')), eq(runs.status, 'running'), eq(runs.revision, p('revision'))))
    .prepare();
  const stoppedRunning = db
    .select()
    .from(runs)
    .where(and(eq(runs.status, 'running'), ownerStopped(runs.processId, runs.updatedAt)))
    .prepare();
  const claim = db
    .update(runs)
    .set({
      status: 'running',
      revision: sql`${runs.revision} + 1`,
      updatedAt: bind('updatedAt'),
      processId: bind('processId'),
    })
    .where(and(eq(runs.id, p('id')), eq(runs.status, 'paused'), eq(runs.revision, p('revision'))))
    .prepare();

  const abortPausedOfAgent = db
    .update(runs)
    .set({
      status: 'aborted',
      pending: '[]',
      error: bind('error'),
      finishedAt: bind('at'),
      updatedAt: bind('at'),
      revision: sql`${runs.revision} + 1`,
    })
    .where(and(eq(runs.agentId, p('agentId')), eq(runs.status, 'paused')))
    .prepare();

  return {
    ...runListStatements(db),
    get: (id: string): RunRow | undefined => get.get({ id }),
    /**
     * Runs still `running` whose process stopped as judged at `judgedAt`, or for a run stored
     * without its process, with no write since `unmovedSince`.
     */
    stoppedRunning: (limits: StoppedLimits): RunRow[] => stoppedRunning.all(limits),
    /** The newest paused run of an agent in a thread, of `resourceId` (null: of no resource). */
    latestPausedInThread: (where: {
      agentId: string;
      threadId: string;
      resourceId: string | null;
    }): RunRow | undefined => latestPausedInThread.get(where),
    insert(row: RunRow) {
      insert.run(row);
    },
    /** Inserts the row unless its id exists; false then. */
    insertNew: (row: RunRow): boolean => insertNew.run(row).changes === 1,
    update(row: RewrittenRow) {
      update.run(row);
    },
    /** `update` of a run still running at `revision`; false when it is not (it moved on or ended). */
    endRunning: (row: RewrittenRow & { revision: number }): boolean => endRunning.run(row).changes === 1,
    /** Ends every paused run of an agent as aborted with `error` (its JSON text); how many. */
    abortPausedOfAgent: (where: { agentId: string; error: string; at: string }): number =>
      abortPausedOfAgent.run(where).changes,
    /** Moves a paused run at `revision` to running; false when another continuation got there first. */
    claim: (where: { id: string; revision: number; updatedAt: string; processId: string }): boolean =>
      claim.run(where).changes === 1,
  };
});
