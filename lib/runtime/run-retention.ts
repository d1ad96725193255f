/**
 * Run retention: runs started more than `days` days ago are deleted, once when the studio starts and
 * then daily, by a timer the studio owns and clears when it closes. Paused runs are kept whatever
 * their age (someone may still answer them); the query's `keptByRetention` condition
 * (db/queries/run-list.ts) is where runs saved as test cases will be kept too.
 */
import type { Logger } from '../logger';
import { startRepeatingWork } from './repeating-work';

const dayMs = 24 * 60 * 60 * 1_000;

export interface RunRetention {
  /** Deletes the expired runs now; how many were deleted. */
  runOnce(): Promise<number>;
  /** Clears the daily timer; settles when a deletion under way is done (it never rejects). */
  stop(): Promise<void>;
}

export function startRunRetention({
  runs,
  days,
  logger,
  now = () => new Date(),
}: {
  /** `deleteExpired`: deletes runs started before the ISO time given, except those retention keeps. */
  runs: { deleteExpired(before: string): Promise<number> };
  days: number;
  logger: Logger;
  now?: () => Date;
}): RunRetention {
  async function runOnce(): Promise<number> {
    const before = new Date(now().getTime() - days * dayMs).toISOString();
    const deleted = await runs.deleteExpired(before);
    if (deleted > 0) logger.info('Deleted runs past their retention', { deleted, before, days });
    return deleted;
  }
  const repeating = startRepeatingWork({
    work: runOnce,
    everyMs: dayMs,
    onError: (error) => logger.error('Could not delete runs past their retention', { error }),
  });
  return { runOnce, stop: repeating.stop };
}
