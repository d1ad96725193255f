/**
 * Rendering a page enters async-local storages of Next.js and of the React it bundles, a session
 * check enters the sign-in library's, and nothing switches them off again. While any async-local
 * storage is enabled, Node 20 runs a hook on every promise of every request, the API's included:
 * after one rendered page the API answered about a third fewer requests a second, for good
 * (docs/performance.md).
 *
 * This notes which storages those libraries enter and disables them once no call into them (a page
 * request, a call into the sign-in library) has been in flight for a quiet period; the next call's
 * `run` enables each again (Node's own behaviour). Only storages that the libraries' own code
 * entered first are touched: the database's transaction context and the tracer's are entered by
 * other code and keep their own state.
 *
 * It sees the entries by wrapping `run` and `enterWith` on AsyncLocalStorage's prototype, which is
 * one per process: the production server watches once, and `stop` puts the methods back.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface LibraryStorages {
  /**
   * A call into one of the libraries (a page request, a sign-in library call) has started; call
   * what this answers once it has ended.
   */
  started(): () => void;
  /** Puts AsyncLocalStorage's own methods back and cancels a pending release. */
  stop(): void;
}

/** How long the production server waits with no call in flight before it switches the storages off. */
export const libraryStoragesQuietMs = 5_000;

/** Next.js's files (which also hold the React it renders with) and the sign-in library's. */
const libraryCode = /[\\/]node_modules[\\/](?:next[\\/]dist|better-auth|@better-auth[\\/]core)[\\/]/;

type Storage = AsyncLocalStorage<unknown>;

export function watchLibraryStorages({
  quietMs,
  isLibraryCode = (frame) => libraryCode.test(frame),
  onRelease,
}: {
  /** How long no call may have been in flight before the storages are switched off. */
  quietMs: number;
  /** Whether a stack frame (the code that entered a storage first) is one of the libraries'. */
  isLibraryCode?: (frame: string) => boolean;
  /** Told how many storages were switched off, each time some were. */
  onRelease?: (storages: number) => void;
}): LibraryStorages {
  const prototype = AsyncLocalStorage.prototype;
  const { run, enterWith } = prototype;
  /** Each storage seen, and whether the libraries' code entered it first. */
  const enteredByLibraries = new WeakMap<Storage, boolean>();
  const libraryStorages = new Set<Storage>();
  let enteredSinceRelease = false;
  let callsInFlight = 0;
  let releaseTimer: NodeJS.Timeout | undefined;

  function note(storage: Storage, wrapper: (...args: never[]) => unknown) {
    let byLibraries = enteredByLibraries.get(storage);
    if (byLibraries === undefined) {
      const trace: { stack?: string } = {};
      Error.captureStackTrace(trace, wrapper);
      byLibraries = isLibraryCode(trace.stack?.split('\n')[1] ?? '');
      enteredByLibraries.set(storage, byLibraries);
      if (byLibraries) libraryStorages.add(storage);
    }
    if (!byLibraries) return;
    enteredSinceRelease = true;
    // Entered outside any call it was told of (the library setting itself up): released all the same.
    if (callsInFlight === 0) armRelease();
  }

  function armRelease() {
    releaseTimer ??= setTimeout(release, quietMs).unref();
  }

  prototype.run = function watchedRun(this: Storage, ...args: Parameters<typeof run>) {
    note(this, watchedRun);
    return Reflect.apply(run, this, args) as unknown;
  } as typeof run;
  prototype.enterWith = function watchedEnterWith(this: Storage, store: unknown) {
    note(this, watchedEnterWith);
    Reflect.apply(enterWith, this, [store]);
  };

  function release() {
    releaseTimer = undefined;
    if (!enteredSinceRelease) return;
    enteredSinceRelease = false;
    for (const storage of libraryStorages) storage.disable();
    onRelease?.(libraryStorages.size);
  }

  return {
    started() {
      callsInFlight += 1;
      clearTimeout(releaseTimer);
      releaseTimer = undefined;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        callsInFlight -= 1;
        if (callsInFlight === 0) armRelease();
      };
    },
    stop() {
      clearTimeout(releaseTimer);
      prototype.run = run;
      prototype.enterWith = enterWith;
    },
  };
}
