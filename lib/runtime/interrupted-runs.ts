/**
 * Runs whose process stopped. A process keeps the `updatedAt` of the runs it runs moving (the stored
 * run store's heartbeat), so a run left `running` whose `updatedAt` has not moved for
 * `staleAfterMs` lost its process (a crash, a kill, a machine gone) and nothing will drive it on.
 * Each such run ends as `failed`, its background tasks failed with it. Once when the studio starts
 * (before it answers anyone) and then every `everyMs`, by a timer the studio owns and clears when it
 * closes. Any process on the database may end a run: it does so only while the run is still running
 * at the revision it read, so a run whose process is alive after all keeps what that process writes.
 */
import { StudioError } from '../errors';
import type { Logger } from '../logger';
import { failInterruptedTasks } from './background-tasks';
import type { RunRecord } from './run-record';
import type { RunStore } from './run-store';
import { startRepeatingWork } from './repeating-work';
import { runHeartbeatMs } from './stored-run-store';

/** Five missed heartbeats: a process that is only slow for a while keeps its runs. */
export const runStaleAfterMs = 5 * runHeartbeatMs;
/** How often a studio looks for runs (and evaluations) whose process stopped. */
export const interruptedSweepEveryMs = 60_000;

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
  staleAfterMs = runStaleAfterMs,
  everyMs = interruptedSweepEveryMs,
  now = () => new Date(),
}: {
  runStore: Pick<RunStore, 'interrupted' | 'endInterrupted'>;
  logger: Logger;
  staleAfterMs?: number;
  everyMs?: number;
  now?: () => Date;
}): InterruptedRunSweep {
  async function runOnce(): Promise<number> {
    const at = now();
    const before = new Date(at.getTime() - staleAfterMs).toISOString();
    let ended = 0;
    for (const record of await runStore.interrupted(before)) {
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
