/**
 * The database of the sign-in library (Better Auth, lib/auth): its drizzle adapter over the sign-in
 * tables of the schema in use (this file for SQLite, db/postgres/sign-in-adapter.ts for PostgreSQL).
 * The library runs its own queries, outside the storage interface's transactions: on SQLite it gets a
 * connection of its own on the same file (a write of it must not join a studio transaction open on
 * the shared connection; SQLite orders the two connections' writes with its lock), on PostgreSQL
 * the pool.
 */
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import * as sqliteSchema from './schema';

export type SignInAdapter = ReturnType<typeof drizzleAdapter>;

type SignInTable = 'users' | 'sessions' | 'accounts' | 'verifications' | 'rateLimits';

/** The library's models by the schema's names (`user` is stored in `users`, and so on). */
export function signInTables<Schema extends Record<SignInTable, unknown>>(schema: Schema): Pick<Schema, SignInTable> {
  return {
    users: schema.users,
    sessions: schema.sessions,
    accounts: schema.accounts,
    verifications: schema.verifications,
    rateLimits: schema.rateLimits,
  };
}

export function sqliteSignInAdapter(db: BetterSQLite3Database<Record<string, unknown>>): SignInAdapter {
  return drizzleAdapter(db, { provider: 'sqlite', schema: signInTables(sqliteSchema) });
}
