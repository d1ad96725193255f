/**
 * The PostgreSQL adapter of the storage interface, for several studio processes (on several
 * machines) sharing one database. Queries run through a `pg` pool with drizzle; a transaction holds
 * one pooled connection, and the queries called while its work runs find it through the async
 * context (the same `queries` object answers inside and outside transactions).
 *
 * Transactions are SERIALIZABLE: two saves that read the same agent and write the next version
 * number cannot both commit. PostgreSQL refuses one of them (a serialization failure or a
 * deadlock); that one is run again from the start after a short random pause, which is why a
 * transaction's work must do nothing but storage calls. A change to a table whose rows a process may
 * cache (pointers, labels, saved clients, connections, users, keys) is announced by a trigger of the
 * database when it commits (migrations/postgres/0001_announce_changes.sql); the other processes
 * hear it (db/postgres/change-listener.ts) and count it in `generation()`, so their caches of
 * mutable rows drop what may have changed. While that listener is not listening (lost, or not yet
 * connected) nothing guarantees a change is heard, so `generation()` moves on every call.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { listenForChanges, type StorageLogger } from './postgres/change-listener';
import { migratePostgres } from './postgres/migrate';
import { postgresQueries, type PostgresDb } from './postgres/queries';
import type { SignInAdapter } from './sign-in-adapter';
import type { Storage, TransactionOptions } from './storage';
import { postgresWholeTables } from './postgres/whole-tables';

export type { StorageLogger } from './postgres/change-listener';

/** `db/` and `dist/` both sit one level below the repository root. */
export function defaultPostgresMigrationsFolder(): string {
  return fileURLToPath(new URL('../migrations/postgres', import.meta.url));
}

/** How often a transaction PostgreSQL refused for a conflict is run in all, before the conflict is reported. */
const attemptsOnConflict = 5;
/** The longest random pause before running a refused transaction again. */
const longestConflictPauseMs = 40;
/** SQLSTATE of a serialization failure and of a deadlock: the transaction can simply be run again. */
const conflictCodes = new Set(['40001', '40P01']);

/** The pooled connection a transaction holds, the drizzle database bound to it, and `ended` once it committed or rolled back. */
interface HeldConnection {
  client: pg.PoolClient;
  db: PostgresDb;
  ended: boolean;
}

/** The open transaction of an async context, and how deep its savepoints are. */
interface OpenTransaction {
  connection: HeldConnection;
  depth: number;
}

/** Carries a rehearsal's result out of the transaction it rolls back. */
class Rehearsed<Result> {
  constructor(readonly value: Result) {}
}

/** Whether PostgreSQL refused the transaction for a conflict with another (drizzle wraps query errors). */
function isConflict(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && conflictCodes.has(code)) return true;
  }
  return false;
}

/** `PostgreSQL host:port/database`: where the database is, without user or password. */
export function describePostgresUrl(url: string): string {
  const parsed = new URL(url);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  return `PostgreSQL ${parsed.hostname || 'localhost'}:${parsed.port || '5432'}/${database}`;
}

/** Error codes of a server that cannot be reached at all (node's socket errors). */
const unreachableCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ECONNRESET']);

/** Why a first query failed, in words that name the database (`where`, no password) and what to check. */
export function connectionProblem(where: string, error: unknown): string {
  // The query builder wraps the driver's error ("Failed query: ..."): the driver's says what happened.
  let cause = error;
  while (cause instanceof Error && cause.cause !== undefined && (cause as { code?: unknown }).code === undefined)
    cause = cause.cause;
  const code = (cause as { code?: unknown } | undefined)?.code;
  // Node's AggregateError (every address of a name refused) has an empty message but a code.
  const reason = (cause instanceof Error ? cause.message : String(cause)) || String(code);
  if (typeof code === 'string' && unreachableCodes.has(code))
    return `The database at ${where} cannot be reached (${reason}): check the host and port, and that PostgreSQL runs there.`;
  // PostgreSQL's SQLSTATE invalid_catalog_name; 28P01/28000: the password or the user was refused.
  if (code === '3D000') return `The database at ${where} does not exist (${reason}): create it first, or fix the URL.`;
  if (code === '28P01' || code === '28000') return `The database at ${where} refused the user or password (${reason}).`;
  return `The database at ${where} cannot be used: ${reason}`;
}

/**
 * The URL with this process's name as a setting of every connection it opens (`studio.instance`,
 * which the change trigger puts in its notifications), given when the connection starts: a `SET`
 * sent as the pool hands a new connection out would run beside the first query on it, which pg
 * warns of and pg 9 refuses. Options the URL has already are kept.
 */
function withInstanceName(url: string, instanceId: string): string {
  const parsed = new URL(url);
  const options = [parsed.searchParams.get('options'), `-c studio.instance=${instanceId}`].filter(Boolean).join(' ');
  parsed.searchParams.set('options', options);
  return parsed.toString();
}

export function openPostgresStorage({
  url,
  logger,
  migrationsFolder = defaultPostgresMigrationsFolder(),
}: {
  url: string;
  logger?: StorageLogger;
  /** For tests: another folder of PostgreSQL migrations. */
  migrationsFolder?: string;
}): Storage & {
  /** Settles once this process hears the other processes' commits (tests wait for it). */
  listening(): Promise<void>;
} {
  /** Tells this process's own change notifications from the others' (its commits are counted as they end). */
  const instanceId = randomUUID();
  const pool = new pg.Pool({ connectionString: withInstanceName(url, instanceId) });
  // An idle pooled connection the server closed reports here; the pool replaces it on next use.
  pool.on('error', (error) => logger?.warn('A pooled PostgreSQL connection failed', { error: error.message }));
  const db = drizzle(pool);
  const inTransaction = new AsyncLocalStorage<OpenTransaction>();
  /** Transactions under way; several may be, each on its own connection. */
  let openTransactions = 0;
  let generation = 0;

  const listener = listenForChanges({
    url,
    logger,
    onNotification: (payload) => {
      if (payload !== instanceId) generation += 1;
    },
    // Commits announced while the connection was down were not heard: anything may have changed.
    onReconnect: () => (generation += 1),
  });

  // One drizzle database per pooled connection, so the statements prepared on it are kept with it.
  const connectionDbs = new WeakMap<pg.PoolClient, PostgresDb>();
  function connectionDb(client: pg.PoolClient): PostgresDb {
    let bound = connectionDbs.get(client);
    if (!bound) {
      bound = drizzle(client);
      connectionDbs.set(client, bound);
    }
    return bound;
  }

  /** The connection of the open transaction, or the pool; a transaction that ended hands back to the pool. */
  function currentDb(): PostgresDb {
    const connection = inTransaction.getStore()?.connection;
    return connection && !connection.ended ? connection.db : db;
  }

  async function savepoint<Result>(open: OpenTransaction, work: () => Promise<Result>): Promise<Result> {
    const { client } = open.connection;
    const name = `nested_${open.depth + 1}`;
    await client.query(`SAVEPOINT ${name}`);
    try {
      const result = await inTransaction.run({ connection: open.connection, depth: open.depth + 1 }, work);
      await client.query(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (error) {
      await client.query(`ROLLBACK TO SAVEPOINT ${name}`);
      throw error;
    }
  }

  async function runOnce<Result>(work: () => Promise<Result>, options: TransactionOptions): Promise<Result> {
    const client = await pool.connect();
    /** Set when the connection cannot be trusted with another transaction: the pool drops it. */
    let broken: Error | undefined;
    const connection: HeldConnection = { client, db: connectionDb(client), ended: false };
    openTransactions += 1;
    try {
      await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
      try {
        const value = await inTransaction.run({ connection, depth: 0 }, work);
        if (options.rehearse) throw new Rehearsed(value);
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
        if (error instanceof Rehearsed) return error.value as Result;
        throw error;
      }
    } finally {
      connection.ended = true;
      client.release(broken);
      generation += 1;
      // Node 20 runs a hook on every promise while any async-local storage is enabled, which costs
      // the requests and streams between transactions a tenth or more of their CPU; with none open,
      // nothing needs it (the next transaction enables it again).
      openTransactions -= 1;
      if (openTransactions === 0) inTransaction.disable();
    }
  }

  async function transaction<Result>(work: () => Promise<Result>, options: TransactionOptions = {}): Promise<Result> {
    const open = inTransaction.getStore();
    if (open && !open.connection.ended) return savepoint(open, work);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await runOnce(work, options);
      } catch (error) {
        if (attempt === attemptsOnConflict || !isConflict(error)) throw error;
        // A random pause, so the transactions that collided do not collide again in step.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * longestConflictPauseMs * attempt));
      }
    }
  }

  let signInAdapter: Promise<SignInAdapter> | undefined;

  return {
    description: describePostgresUrl(url),
    fileLocation: undefined,
    queries: postgresQueries(currentDb),
    tables: postgresWholeTables(currentDb),
    transaction,
    // While the listener is down another process's commit may go unheard: every call is a new
    // count, so no cache trusts what it read until the listener hears again.
    generation: () => (listener.isListening() ? generation : ++generation),
    signInAdapter: () =>
      (signInAdapter ??= import('./postgres/sign-in-adapter').then(({ postgresSignInAdapter }) =>
        postgresSignInAdapter(db),
      )),
    listening: () => listener.listening(),
    check: async () => {
      try {
        await db.execute(sql`SELECT 1`);
        return { ok: true, value: undefined };
      } catch (error) {
        return { ok: false, issues: [{ path: 'root', message: connectionProblem(describePostgresUrl(url), error) }] };
      }
    },
    migrate: () => migratePostgres(pool, { migrationsFolder }),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}
