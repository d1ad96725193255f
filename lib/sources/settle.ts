/**
 * Time limits for loaders. Each source runs under its own timeout and all of them inside one
 * overall deadline; a source that runs out becomes a failure value (a warning later), never a
 * failed resolution. Timers are cleared as soon as the work settles, so nothing lingers per request.
 */
export type Settled<T> = { ok: true; value: T } | { ok: false; message: string };

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The overall deadline of one resolution: one timer and one signal shared by every loader. */
export interface ResolutionDeadline {
  readonly signal: AbortSignal;
  dispose(): void;
}

export function createResolutionDeadline({ timeoutMs, signal }: { timeoutMs: number; signal?: AbortSignal }): ResolutionDeadline {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`the resolution deadline of ${timeoutMs} ms passed`)), timeoutMs);
  timer.unref?.();
  const onAbort = () => controller.abort(signal?.reason ?? new Error('the request was aborted'));
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    dispose() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * Settles `run()` within `timeoutMs` and before `signal` aborts. A throw, a rejection, the timeout
 * and the abort all become `{ ok: false, message }`. The work itself is not cancelled (a provider's
 * promise cannot be); its late result is ignored.
 */
export function settleWithin<T>({
  run,
  timeoutMs,
  signal,
  what,
}: {
  run: () => Promise<T> | T;
  timeoutMs: number;
  signal: AbortSignal;
  /** For the timeout message: `listing tools`, `resolving tools`. */
  what: string;
}): Promise<Settled<T>> {
  if (signal.aborted) return Promise.resolve({ ok: false, message: describeError(signal.reason) });
  return new Promise((resolve) => {
    let done = false;
    const finish = (settled: Settled<T>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(settled);
    };
    const onAbort = () => finish({ ok: false, message: describeError(signal.reason) });
    const timer = setTimeout(() => finish({ ok: false, message: `${what} timed out after ${timeoutMs} ms` }), timeoutMs);
    timer.unref?.();
    signal.addEventListener('abort', onAbort, { once: true });
    Promise.resolve()
      .then(run)
      .then(
        (value) => finish({ ok: true, value }),
        (error: unknown) => finish({ ok: false, message: describeError(error) }),
      );
  });
}
