/**
 * The one storage interface the studio uses, whatever database is behind it (docs/storage.md,
 * "Storage adapters"). Every query is async; `transaction` runs a piece of work as one write
 * transaction, and the queries called while it runs (through the same `queries` object) take part
 * in it: the adapter finds the open transaction of the calling async context, so services read and
 * write through one object and never pass a transaction handle around. Nothing above `db/` knows
 * which database is in use.
 */

import type { sqliteQueries } from './queries';
import type { SignInAdapter } from './sign-in-adapter';
import type { WholeTables } from './whole-tables';

/** The async form of a query object: every method answers a promise of what it answered. */
export type Async<Queries> = {
  [Name in keyof Queries]: Queries[Name] extends (...args: infer Args) => infer Result
    ? (...args: Args) => Promise<Awaited<Result>>
    : never;
};

/**
 * Every table's queries: the methods of the SQLite statements (db/queries/), each answering a
 * promise; the PostgreSQL adapter answers the same.
 */
export type StudioQueries = {
  [Table in keyof typeof sqliteQueries]: Async<ReturnType<(typeof sqliteQueries)[Table]>>;
};

/** The studio's check shape (`CheckResult` in lib/errors.ts), written out since db/ does not import lib/. */
export type StorageCheck =
  { ok: true; value: undefined } | { ok: false; issues: Array<{ path: string; message: string }> };

export interface TransactionOptions {
  /**
   * Run the work exactly as a write would, then roll everything back and answer what it answered:
   * a dry run that sees every check and conflict a real write would, and writes nothing.
   */
  rehearse?: boolean;
}

export interface Storage {
  /** Which database this is, for the start banner and errors: `SQLite file ./data/studio.db`. */
  readonly description: string;
  /**
   * Where a file database lives (`:memory:` for one in memory); undefined for a database server.
   * The secrets key is kept beside a database file.
   */
  readonly fileLocation: string | undefined;
  readonly queries: StudioQueries;
  /**
   * Every table read and written whole, rows as they are stored: for copying a deployment to
   * another database (db/copy.ts), not for the studio's own work, which goes through `queries`.
   */
  readonly tables: WholeTables;
  /**
   * Runs `work` as one write transaction: the queries it calls see what it wrote, and either all its
   * writes land or none do. Concurrent writers are ordered by the database (SQLite's write lock;
   * PostgreSQL's serializable isolation, retried when the database reports a conflict), so `work`
   * may be run again and must not do anything but storage calls that cannot be undone. A call from
   * inside a transaction runs as a savepoint of it.
   */
  transaction<Result>(work: () => Promise<Result>, options?: TransactionOptions): Promise<Result>;
  /**
   * Counts the write transactions seen: this process's transactions and the other processes'
   * commits (on SQLite any commit of another connection to the file, read from `PRAGMA
   * data_version`; on a shared database server those that changed a table whose rows may be cached:
   * pointers, labels, saved clients, connections, users, keys). A cache of mutable rows compares it with the
   * count it read at, to drop what a write may have changed. Where the other processes' commits
   * cannot be heard for a while (PostgreSQL's change listener reconnecting), it moves on every call.
   */
  generation(): number;
  /**
   * The sign-in library's database adapter (db/sign-in-adapter.ts), opened on first use and closed
   * with the storage; the library is loaded then, not before.
   */
  signInAdapter(): Promise<SignInAdapter>;
  /** A trivial read that proves the connection works. */
  check(): Promise<StorageCheck>;
  /** Applies the migrations that are not applied yet (several processes may start at once). */
  migrate(): Promise<{ applied: number; total: number }>;
  close(): Promise<void>;
}
