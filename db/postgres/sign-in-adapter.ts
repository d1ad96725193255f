/** The sign-in library's drizzle adapter over PostgreSQL's sign-in tables (db/sign-in-adapter.ts has the SQLite one). */
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { signInTables, type SignInAdapter } from '../sign-in-adapter';
import type { PostgresDb } from './queries/shared';
import * as postgresSchema from './schema';

export function postgresSignInAdapter(db: PostgresDb): SignInAdapter {
  return drizzleAdapter(db, { provider: 'pg', schema: signInTables(postgresSchema) });
}
