/**
 * This studio process's sign of life on the database. The process has an id of its own and writes
 * its row of `studio_processes` six times per `silentAfterMs` (one small write, however many runs it runs) and
 * removes it when it closes. The runs it runs name it, so another process can tell a run whose
 * process stopped (a crash, a kill, a machine gone) from a run that is merely long: the named
 * process's row is gone, or has not been written for `silentAfterMs`.
 *
 * Silence is evidence only when this process could write meanwhile: while the database cannot be
 * reached, every process falls silent at once. So other processes are judged (`silentSince`) only
 * after this one has written every beat for `silentAfterMs`; until then, and after any beat that
 * fails, it judges none.
 */
import { randomUUID } from 'node:crypto';
import type { StudioQueries } from '../../db/storage';
import { defaultProcessSilentAfterMs } from '../env';
import { startRepeatingWork } from './repeating-work';

/** Beats a process may miss and still count as alive: one that is only slow for a while keeps its runs. */
const beatsPerSilence = 6;
/** Rows of processes silent this long are cleared when a process starts (they stopped long ago). */
const forgottenAfterMs = 60 * 60_000;

export interface ProcessLiveness {
  /** This process's id, written into the runs it runs. */
  readonly id: string;
  /** Settles once this process's first beat was tried and long-silent rows cleared (it never rejects). */
  readonly started: Promise<unknown>;
  /**
   * The time since which a process that wrote no beat counts as stopped, as seen at `now`; null
   * while this process has not itself been heard for long enough to judge.
   */
  silentSince(now: Date): string | null;
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
  /** When the beats that have all landed since began; undefined after a failed one. */
  let heardSince: number | undefined;

  async function beat() {
    const at = now();
    try {
      await queries.beat({ id, startedAt, aliveAt: at.toISOString() });
      heardSince ??= at.getTime();
    } catch (error) {
      heardSince = undefined;
      throw error;
    }
  }

  const beats = startRepeatingWork({ work: beat, everyMs: silentAfterMs / beatsPerSilence, onError });
  const started = beats.first.then(() =>
    queries.removeSilent(new Date(now().getTime() - forgottenAfterMs).toISOString()).catch(onError),
  );

  return {
    id,
    started,
    silentSince(at) {
      const since = at.getTime() - silentAfterMs;
      return heardSince !== undefined && heardSince <= since ? new Date(since).toISOString() : null;
    },
    async stop() {
      await beats.stop();
      await started;
      await queries.remove(id).catch(onError);
    },
  };
}
