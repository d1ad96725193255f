/**
 * This studio process's sign of life on the database. The process has an id of its own and writes
 * its row of `studio_processes` six times per `silentAfterMs` (one small write, however many runs it
 * runs), each time saying until when it counts as alive without another (`aliveUntil`: now plus
 * `silentAfterMs`), and removes the row when it closes. The runs and evaluations it runs name it,
 * so another process can tell one whose process stopped (a crash, a kill, a machine gone) from one
 * that is merely long: the named process's row is gone, or alive only until a time now past.
 *
 * Silence is evidence only when the judge could write meanwhile: while the database cannot be
 * reached, every process falls silent at once. So this process judges others (`judgedAt`) only
 * once its own beats have all landed, none further apart than `silentAfterMs`, for its own
 * `silentAfterMs`, and only while its own row is alive: after a beat that fails, after a stall
 * (its event loop blocked past the span), and at the start, it judges none. Its own runs and
 * evaluations are therefore never judged stopped by itself.
 */
import { randomUUID } from 'node:crypto';
import type { StudioQueries } from '../../db/storage';
import { defaultProcessSilentAfterMs } from '../env';
import { startRepeatingWork } from './repeating-work';

/** Beats a process may miss and still count as alive: one that is only slow for a while keeps its runs. */
const beatsPerSilence = 6;
/** Rows of processes stopped this long ago are cleared when a process starts. */
const forgottenAfterMs = 60 * 60_000;

export interface ProcessLiveness {
  /** This process's id, written into the runs and evaluations it runs. */
  readonly id: string;
  /** Settles once this process's first beat was tried and rows of long-stopped ones cleared (it never rejects). */
  readonly started: Promise<unknown>;
  /**
   * The time to judge other processes at: `now`, or null while this process has not itself been
   * heard for long enough to judge any.
   */
  judgedAt(now: Date): string | null;
  /** Stops beating and removes this process's row (a closing process runs nothing any more). */
  stop(): Promise<void>;
}

export function startProcessLiveness({
  queries,
  silentAfterMs = defaultProcessSilentAfterMs,
  onError,
  now = () => new Date(),
}: {
  queries: StudioQueries['processes'];
  silentAfterMs?: number;
  /** A beat could not be written (it is tried again at the next one). */
  onError: (error: unknown) => void;
  now?: () => Date;
}): ProcessLiveness {
  const id = randomUUID();
  const startedAt = now().toISOString();
  /** The beats that have all landed, none further apart than `silentAfterMs`: when they began, and the last. */
  let heard: { since: number; last: number } | undefined;

  async function beat() {
    const at = now().getTime();
    const aliveUntil = new Date(at + silentAfterMs).toISOString();
    try {
      await queries.beat({ id, startedAt, aliveAt: new Date(at).toISOString(), aliveUntil });
      // A gap longer than the span (a stall) starts the count again, as a failed beat does.
      const since = heard && at - heard.last <= silentAfterMs ? heard.since : at;
      heard = { since, last: at };
    } catch (error) {
      heard = undefined;
      throw error;
    }
  }

  const beats = startRepeatingWork({ work: beat, everyMs: silentAfterMs / beatsPerSilence, onError });
  const started = beats.first.then(() =>
    queries.removeStopped(new Date(now().getTime() - forgottenAfterMs).toISOString()).catch(onError),
  );

  return {
    id,
    started,
    judgedAt(at) {
      const time = at.getTime();
      // Heard for the whole span up to `at`, and its own row still alive at `at`.
      const judging = heard !== undefined && heard.since <= time - silentAfterMs && time <= heard.last + silentAfterMs;
      return judging ? at.toISOString() : null;
    },
    async stop() {
      await beats.stop();
      await started;
      await queries.remove(id).catch(onError);
    },
  };
}
