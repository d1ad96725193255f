/** Whether a value is a promise or promise-like (has a callable `then`), as `await` would treat it. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** `next` of the value: at once for a plain value, once it settles for a promise. */
export function thenOrNow<TValue, TResult>(
  value: TValue | PromiseLike<TValue>,
  next: (value: TValue) => TResult | PromiseLike<TResult>,
): TResult | PromiseLike<TResult> {
  return isThenable(value) ? Promise.resolve(value).then(next) : next(value as TValue);
}

/**
 * Calls `work` the way an async function would run it, without being one: a throw comes back as a
 * rejected promise, and a plain answer stays plain (no turn of the event loop to read it).
 */
export function throwsAsRejection<TResult>(work: () => TResult): TResult | Promise<never> {
  try {
    return work();
  } catch (error) {
    return Promise.reject(error as Error);
  }
}
