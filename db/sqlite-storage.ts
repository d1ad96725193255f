/**
 * The SQLite adapter of the storage interface: one better-sqlite3 connection, its statements
 * prepared once (db/queries/), answered as promises. better-sqlite3 runs a statement to its end
 * before it returns, so the async form costs a resolved promise, not a thread hop.
 *
 * A write transaction may await between its statements (the interface is async), while every
 * caller shares the one connection. So transactions take turns: the next one begins when the last
 * has committed or rolled back; a query from outside the open transaction waits for it to end too,
 * so nobody reads another request's uncommitted rows; queries from inside it run at once.
 * Other processes on the same file queue on SQLite's write lock (BEGIN IMMEDIATE, busy timeout).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { openDatabase, type DatabaseHandle } from './client';
import { migrateDatabase } from './migrate';
import { checkDatabase, sqliteQueries } from './queries';
import type { Async, Storage, StudioQueries, TransactionOptions } from './storage';
import type { SignInAdapter } from './sign-in-adapter';
import { sqliteWholeTables } from './whole-tables';

/** Carries a rehearsal's result out of the transaction it rolls back. */
class Rehearsed<Result> {
  constructor(readonly value: Result) {}
}

/** The open transaction of an async context: how deep its savepoints are nested. */
interface OpenTransaction {
  depth: number;
}

export function openSqliteStorage({
  url,
  busyTimeoutMs,
  migrationsFolder,
}: {
  url: string;
  busyTimeoutMs?: number;
  migrationsFolder?: string;
}): Storage & { handle: DatabaseHandle } {
  const handle = openDatabase({ url, busyTimeoutMs });
  const { sqlite } = handle;
  const statements = {
    begin: sqlite.prepare('BEGIN IMMEDIATE'),
    commit: sqlite.prepare('COMMIT'),
    rollback: sqlite.prepare('ROLLBACK'),
    // Moves when another connection (another process on the file, the sign-in library's own)
    // commits; this connection's own commits leave it alone.
    dataVersion: sqlite.prepare('PRAGMA data_version').pluck(),
  };
  const inTransaction = new AsyncLocalStorage<OpenTransaction>();
  /** Settles when the open transaction ends; undefined while none is open. */
  let current: Promise<void> | undefined;
  let generation = 0;
  let seenDataVersion = statements.dataVersion.get() as number;

  /** Counts this connection's transactions and the commits it saw from other connections. */
  function currentGeneration(): number {
    if (!sqlite.open) return generation;
    const dataVersion = statements.dataVersion.get() as number;
    if (dataVersion !== seenDataVersion) {
      seenDataVersion = dataVersion;
      generation += 1;
    }
    return generation;
  }

  /** Whether a transaction is open and the caller is not inside it. */
  const mustWait = () => current !== undefined && !inTransaction.getStore();

  /** Waits for the open transaction unless the caller runs inside it. */
  async function turn(): Promise<void> {
    while (mustWait()) await current;
  }

  /**
   * The async form of one table's statements. They are prepared on the first call, not here: the
   * storage is opened before the migrations have created the tables.
   */
  function asyncQueries<Queries extends object>(prepare: (handle: DatabaseHandle) => Queries): Async<Queries> {
    return new Proxy({} as Async<Queries>, {
      get:
        (_target, name) =>
        async (...args: unknown[]) => {
          // Checked before calling `turn`: inside the open transaction a query runs at once,
          // without an async call and an await per statement (three writes of a save took 82 µs
          // through the storage with them, 60 without, 54 raw).
          if (mustWait()) await turn();
          const method = prepare(handle)[name as keyof Queries] as (...given: unknown[]) => unknown;
          return method(...args);
        },
    });
  }

  const queries = Object.fromEntries(
    Object.entries(sqliteQueries).map(([table, prepare]) => [
      table,
      asyncQueries(prepare as (handle: DatabaseHandle) => object),
    ]),
  ) as StudioQueries;

  async function savepoint<Result>(open: OpenTransaction, work: () => Promise<Result>): Promise<Result> {
    const name = `nested_${open.depth + 1}`;
    sqlite.exec(`SAVEPOINT ${name}`);
    try {
      const result = await inTransaction.run({ depth: open.depth + 1 }, work);
      sqlite.exec(`RELEASE ${name}`);
      return result;
    } catch (error) {
      sqlite.exec(`ROLLBACK TO ${name}`);
      sqlite.exec(`RELEASE ${name}`);
      throw error;
    }
  }

  async function transaction<Result>(work: () => Promise<Result>, options: TransactionOptions = {}): Promise<Result> {
    const open = inTransaction.getStore();
    if (open) return savepoint(open, work);
    // Checked and claimed with no await in between: the waiters of an ending transaction all wake
    // together, and only the first of them may begin.
    while (current) await current;
    let end!: () => void;
    current = new Promise<void>((resolve) => (end = resolve));
    try {
      statements.begin.run();
      try {
        const result = await inTransaction.run({ depth: 0 }, async () => {
          const value = await work();
          if (options.rehearse) throw new Rehearsed(value);
          return value;
        });
        statements.commit.run();
        return result;
      } catch (error) {
        if (sqlite.inTransaction) statements.rollback.run();
        if (error instanceof Rehearsed) return error.value as Result;
        throw error;
      }
    } finally {
      generation += 1;
      current = undefined;
      // Node 20 runs a hook on every promise while any async-local storage is enabled, which costs
      // runs that stream about a tenth of their CPU; between transactions nothing needs it.
      inTransaction.disable();
      end();
    }
  }

  /** The sign-in library's own connection (see db/sign-in-adapter.ts); in memory there is only the one. */
  let signIn: { handle?: DatabaseHandle; adapter: Promise<SignInAdapter> } | undefined;
  function signInAdapter(): Promise<SignInAdapter> {
    if (!signIn) {
      const own = handle.location === ':memory:' ? undefined : openDatabase({ url: handle.location, busyTimeoutMs });
      const { db } = own ?? handle;
      const adapter = import('./sign-in-adapter').then(({ sqliteSignInAdapter }) => sqliteSignInAdapter(db));
      signIn = { handle: own, adapter };
    }
    return signIn.adapter;
  }

  return {
    description: handle.location === ':memory:' ? 'SQLite in memory' : `SQLite file ${handle.location}`,
    fileLocation: handle.location,
    handle,
    queries,
    tables: asyncQueries(() => sqliteWholeTables(handle.db)),
    transaction,
    generation: currentGeneration,
    signInAdapter,
    check: async () => {
      await turn();
      return checkDatabase(handle);
    },
    migrate: async () => {
      await turn();
      return migrateDatabase(handle, migrationsFolder ? { migrationsFolder } : {});
    },
    close: async () => {
      await turn();
      signIn?.handle?.close();
      handle.close();
    },
  };
}
