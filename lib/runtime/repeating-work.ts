/**
 * Work the studio does now and then, on a timer it owns: once at the start, then every `everyMs`. A
 * failure goes to `onError` and the work is tried again at the next turn. `stop` clears the timer
 * and settles when work under way is done; the timer alone never keeps the process alive.
 */
export function startRepeatingWork({
  work,
  everyMs,
  onError,
}: {
  work: () => Promise<unknown>;
  everyMs: number;
  onError: (error: unknown) => void;
}): { first: Promise<unknown>; stop(): Promise<void> } {
  let underWay: Promise<unknown> = Promise.resolve();
  const turn = () => {
    underWay = work().catch(onError);
  };
  turn();
  const first = underWay;
  const timer = setInterval(turn, everyMs);
  timer.unref();
  return {
    first,
    async stop() {
      clearInterval(timer);
      await underWay;
    },
  };
}
