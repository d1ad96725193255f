/**
 * SQL for an agent's test cases, listed oldest first (whole or a page), and the time its cases last changed (a case
 * created, changed or deleted): kept in its own row so that a deletion counts too.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { testCaseChanges, testCases } from '../schema';
import { perHandle } from './per-handle';
import {
  deleteBy,
  insertRow,
  listOldestFirst,
  pageAfterKey,
  selectFieldsBy,
  updateColumnsById,
  upsertRow,
} from './statements';

export type TestCaseRow = typeof testCases.$inferSelect;

/** The columns an update rewrites: everything but the owner and the creation time. */
export type TestCaseUpdateRow = Omit<TestCaseRow, 'agentId' | 'createdAt'>;

/** Where a page of an agent's cases starts: after this creation time and id. */
export type TestCasePosition = Pick<TestCaseRow, 'createdAt' | 'id'>;

const p = sql.placeholder;
const ofAgent = and(eq(testCases.agentId, p('agentId')), eq(testCases.id, p('id')));

export const testCaseQueries = perHandle(({ db }: DatabaseHandle) => {
  const list = listOldestFirst(db, testCases, eq(testCases.agentId, p('agentId')));
  const page = pageAfterKey(db, testCases, {
    time: testCases.createdAt,
    id: testCases.id,
    where: eq(testCases.agentId, p('agentId')),
  });
  const get = db.select().from(testCases).where(ofAgent).prepare();
  const insert = insertRow(db, testCases);
  const update = updateColumnsById(db, testCases, [
    'name',
    'input',
    'requestContext',
    'expectations',
    'recording',
    'replay',
    'fromRunId',
    'updatedAt',
  ]);
  const remove = db.delete(testCases).where(ofAgent).prepare();
  const removeAll = deleteBy(db, testCases, testCases.agentId, 'agentId');
  const changedAt = selectFieldsBy(
    db,
    { changedAt: testCaseChanges.changedAt },
    { from: testCaseChanges, where: [testCaseChanges.agentId, 'agentId'] },
  );
  const markChanged = upsertRow(db, testCaseChanges, 'agentId');

  return {
    /** An agent's cases, oldest first. */
    list: (agentId: string): TestCaseRow[] => list.all({ agentId }),
    /** Up to `limit` of an agent's cases, oldest first, after the `after` position of the page before. */
    page: ({ agentId, after, limit }: { agentId: string; after: TestCasePosition; limit: number }): TestCaseRow[] =>
      page.all({ agentId, afterTime: after.createdAt, afterId: after.id, limit }),
    get: (agentId: string, id: string): TestCaseRow | undefined => get.get({ agentId, id }),
    insert(row: TestCaseRow) {
      insert.run(row);
    },
    update(row: TestCaseUpdateRow) {
      update.run(row);
    },
    delete: (agentId: string, id: string): boolean => remove.run({ agentId, id }).changes > 0,
    deleteAll(agentId: string) {
      removeAll.run({ agentId });
    },
    /** When the agent's cases last changed; undefined when they never did. */
    changedAt: (agentId: string): string | undefined => changedAt.get({ agentId })?.changedAt,
    markChanged(row: { agentId: string; changedAt: string }) {
      markChanged.run(row);
    },
  };
});
