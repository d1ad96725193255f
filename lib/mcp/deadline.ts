/**
 * One time budget shared by several steps (connect, then every `tools/list` page), plus the caller's
 * abort signal. The SDK's per-request `timeout` only covers one request, and a transport's `start()`
 * (spawning, opening an SSE stream) ignores signals, so every step is also raced against `signal`.
 */
export class DeadlineExceeded extends Error {
  constructor(readonly timeoutMs: number) {
    super(`timed out after ${timeoutMs} ms`);
    this.name = 'DeadlineExceeded';
  }
}

export interface Deadline {
  /** Aborts when the budget runs out (reason `DeadlineExceeded`) or the caller aborts. */
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  /** Milliseconds left, at least 1 so it can be passed as an SDK request timeout. */
  remainingMs(): number;
  timedOut(): boolean;
  dispose(): void;
}

export function createDeadline({
  timeoutMs,
  signal,
  now = Date.now,
}: {
  timeoutMs: number;
  signal?: AbortSignal;
  now?: () => number;
}): Deadline {
  const startedAt = now();
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new DeadlineExceeded(timeoutMs));
  }, timeoutMs);
  timer.unref?.();
  const onCallerAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) onCallerAbort();
  else signal?.addEventListener('abort', onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    timeoutMs,
    remainingMs: () => Math.max(1, timeoutMs - (now() - startedAt)),
    timedOut: () => expired,
    dispose() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
    },
  };
}

/** Settles like `promise`, or rejects with the signal's reason as soon as it aborts. */
export function raceSignal<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      promise.catch(() => {});
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * A signal of its own that aborts when `signal` does, until `dispose()`. For handing to the SDK:
 * its requests add an abort listener to the signal they are given and never remove it, so giving
 * them a long-lived signal (a run's, or the shared never-aborting one) would keep one listener and
 * its closures per call, forever. This signal is dropped with the call.
 */
export function followSignal(signal: AbortSignal): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  if (signal.aborted) {
    controller.abort(signal.reason);
    return { signal: controller.signal, dispose: () => {} };
  }
  const onAbort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  return { signal: controller.signal, dispose: () => signal.removeEventListener('abort', onAbort) };
}

/** A call's time budget that stops running while someone is asked for input (an elicitation). */
export interface CallClock {
  /** Aborts with `DeadlineExceeded` when the running time reaches the budget. */
  readonly signal: AbortSignal;
  pause(): void;
  resume(): void;
  timedOut(): boolean;
  dispose(): void;
}

export function createCallClock({ timeoutMs, now = Date.now }: { timeoutMs: number; now?: () => number }): CallClock {
  const controller = new AbortController();
  let remainingMs = timeoutMs;
  let startedAt = now();
  let timer: NodeJS.Timeout | undefined;
  let pauses = 0;
  let expired = false;
  let disposed = false;
  const run = () => {
    startedAt = now();
    timer = setTimeout(() => {
      expired = true;
      controller.abort(new DeadlineExceeded(timeoutMs));
    }, remainingMs);
    timer.unref?.();
  };
  run();
  return {
    signal: controller.signal,
    pause() {
      pauses += 1;
      if (pauses > 1) return;
      clearTimeout(timer);
      remainingMs = Math.max(1, remainingMs - (now() - startedAt));
    },
    resume() {
      pauses = Math.max(0, pauses - 1);
      if (pauses === 0 && !expired && !disposed) run();
    },
    timedOut: () => expired,
    dispose() {
      disposed = true;
      clearTimeout(timer);
    },
  };
}
