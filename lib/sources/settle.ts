/**
 * Time limits for loaders. Each source runs under its own timeout and all of them inside one
 * overall deadline; a source that runs out becomes a failure value (a warning later), never a
 * failed resolution. Timers are cleared as soon as the work settles, so nothing lingers per request
 * (and no AbortController is made per request: on the warm path they cost more than the work).
 */
import { isThenable } from '../tools';
import { errorMessage } from '../errors';

export type Settled<T> = { ok: true; value: T } | { ok: false; message: string };

export function describeError(error: unknown): string {
  return errorMessage(error);
}

/**
 * Waits for `work` at most `timeoutMs` and until `signal` aborts; answers `undefined` when the work
 * finished in time, or why it did not. The work goes on in the background; its late result is ignored.
 */
export function raceDeadline({
  work,
  timeoutMs,
  signal,
}: {
  work: Promise<unknown>;
  timeoutMs: number;
  signal?: AbortSignal;
}): Promise<string | undefined> {
  if (signal?.aborted) return Promise.resolve(describeError(signal.reason ?? 'the request was aborted'));
  return new Promise((resolve) => {
    let done = false;
    const finish = (reason: string | undefined) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(reason);
    };
    const onAbort = () => finish(describeError(signal?.reason ?? 'the request was aborted'));
    const timer = setTimeout(() => finish(`the resolution deadline of ${timeoutMs} ms passed`), timeoutMs);
    timer.unref?.();
    signal?.addEventListener('abort', onAbort, { once: true });
    work.then(
      () => finish(undefined),
      (error: unknown) => finish(describeError(error)),
    );
  });
}

/**
 * Settles `run()` within `timeoutMs`. A throw, a rejection and the timeout all become
 * `{ ok: false, message }`. The work itself is not cancelled (a provider's promise cannot be). An
 * answer given synchronously (a lookup in memory) settles at once, without a timer.
 */
export function settleWithin<T>({
  run,
  timeoutMs,
  what,
}: {
  run: () => Promise<T> | T;
  timeoutMs: number;
  what: string;
}): Promise<Settled<T>> {
  let work: Promise<T> | T;
  try {
    work = run();
  } catch (error) {
    return Promise.resolve({ ok: false, message: describeError(error) });
  }
  if (!isThenable(work)) return Promise.resolve({ ok: true, value: work });
  return new Promise((resolve) => {
    let done = false;
    const finish = (settled: Settled<T>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(settled);
    };
    const timer = setTimeout(
      () => finish({ ok: false, message: `${what} timed out after ${timeoutMs} ms` }),
      timeoutMs,
    );
    timer.unref?.();
    Promise.resolve(work).then(
      (value) => finish({ ok: true, value }),
      (error: unknown) => finish({ ok: false, message: describeError(error) }),
    );
  });
}
