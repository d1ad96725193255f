/**
 * Runs whose process stopped. A run left `running` by a process that is no longer alive (a crash, a
 * kill, a machine gone; ./process-liveness.ts) has nothing to drive it on, so it ends as `failed`,
 * its background tasks failed with it. Once when the studio starts (before it answers anyone) and
 * then every `everyMs`, by a timer the studio owns and clears when it closes. Any process on the
 * database may end a run: it does so only while the run is still running at the revision it read,
 * so a run whose process is alive after all keeps what that process writes.
 */
import { StudioError } from '../errors';
import type { Logger } from '../logger';
import { failInterruptedTasks } from './background-tasks';
import type { RunRecord } from './run-record';
import type { RunStore } from './run-store';
import { startRepeatingWork } from './repeating-work';

export interface InterruptedRunSweep {
  /** Ends the runs whose process stopped now; how many it ended. */
  runOnce(): Promise<number>;
  /** Clears the timer; settles when a sweep under way is done (it never rejects). */
  stop(): Promise<void>;
  /** The first sweep, started with the timer (it never rejects). */
  first: Promise<unknown>;
}

const interruptedError = (runId: string) =>
  new StudioError(
    'unavailable',
    'The studio stopped while this run was going (a restart or a crash), so it cannot go on. Start it again.',
    { runId, reason: 'interrupted' },
  ).toBody().error;

/** The run as it ends: failed, at `at`, its running background tasks failed too. */
function endedRun(record: RunRecord, at: string): RunRecord {
  failInterruptedTasks(record, at);
  return { ...record, status: 'failed', error: interruptedError(record.runId), updatedAt: at, finishedAt: at };
}

export function startInterruptedRunSweep({
  runStore,
  logger,
  everyMs,
  now = () => new Date(),
}: {
  runStore: Pick<RunStore, 'interrupted' | 'endInterrupted'>;
  logger: Logger;
  /** How often to look: a third of the silence after which a process counts as stopped, say. */
  everyMs: number;
  now?: () => Date;
}): InterruptedRunSweep {
  async function runOnce(): Promise<number> {
    const at = now();
    let ended = 0;
    for (const record of await runStore.interrupted(at)) {
      if (!(await runStore.endInterrupted(endedRun(record, at.toISOString())))) continue;
      ended += 1;
      logger.warn('Ended a run whose process stopped', { runId: record.runId, lastSeen: record.updatedAt });
    }
    return ended;
  }
  const repeating = startRepeatingWork({
    work: runOnce,
    everyMs,
    onError: (error) => logger.error('Could not end the runs whose process stopped', { error }),
  });
  return { runOnce, ...repeating };
}
