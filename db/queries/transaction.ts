import type { DatabaseHandle } from '../client';

/**
 * Runs `work` in one write transaction that takes SQLite's write lock first (BEGIN IMMEDIATE), so
 * concurrent writers (other processes on the same file) queue on the busy timeout and every
 * read-then-write inside `work` sees the state it writes over. Synchronous by design: nothing
 * may await inside a better-sqlite3 transaction.
 */
export function writeTransaction<T>(handle: DatabaseHandle, work: () => T): T {
  try {
    return runInTransaction(handle).immediate(work) as T;
  } finally {
    generations.set(handle, (generations.get(handle) ?? 0) + 1);
  }
}

/**
 * One better-sqlite3 transaction function per connection, taking the work as its argument: it is
 * built once like a prepared statement instead of once per write. Nested calls become savepoints.
 */
const runInTransaction = perHandle((handle: DatabaseHandle) =>
  handle.sqlite.transaction((work: () => unknown) => work()),
);

/** Carries a rehearsal's result out of the transaction it rolls back. */
class Rehearsed<T> {
  constructor(readonly value: T) {}
}

/**
 * Runs `work` exactly as `writeTransaction` would, then rolls everything back and returns what it
 * returned: a dry run that sees every check and conflict a real write would, and writes nothing.
 */
export function rehearseTransaction<T>(handle: DatabaseHandle, work: () => T): T {
  try {
    writeTransaction(handle, () => {
      throw new Rehearsed(work());
    });
  } catch (error) {
    if (error instanceof Rehearsed) return error.value as T;
    throw error;
  }
  throw new Error('A rehearsed transaction always rolls back.');
}

const generations = new WeakMap<DatabaseHandle, number>();

/**
 * Counts the write transactions this process ran on a connection, so in-memory caches of
 * mutable rows can tell that a write happened since they read.
 */
export function writeGeneration(handle: DatabaseHandle): number {
  return generations.get(handle) ?? 0;
}

/** One prepared-statement set per connection, built on first use. */
export function perHandle<T>(build: (handle: DatabaseHandle) => T): (handle: DatabaseHandle) => T {
  const built = new WeakMap<DatabaseHandle, T>();
  return (handle) => {
    let value = built.get(handle);
    if (value === undefined) {
      value = build(handle);
      built.set(handle, value);
    }
    return value;
  };
}
