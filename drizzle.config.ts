import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './db/schema.ts',
  out: './migrations/sqlite',
  dbCredentials: { url: './data/studio.db' },
});
