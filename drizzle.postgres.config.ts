import { defineConfig } from 'drizzle-kit';

// The PostgreSQL schema's migrations (db/postgres/schema.ts); the SQLite ones are drizzle.config.ts's.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/postgres/schema.ts',
  out: './migrations/postgres',
});
