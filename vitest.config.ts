import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BrowserTestOrder } from './tests/support/browser-test-order';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = { '@': root.replace(/\/$/, '') };

export default defineConfig({
  resolve: { alias },
  test: {
    sequence: { sequencer: BrowserTestOrder },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Each file still gets a fresh module graph; a worker thread is cheaper to start than a
          // process, and unit tests neither change the working directory nor open a database.
          pool: 'threads',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The storage adapter tests also run against a throwaway PostgreSQL server.
          globalSetup: ['tests/support/global-server.ts', 'tests/support/global-postgres.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          globalSetup: ['tests/support/global-server.ts'],
        },
      },
    ],
  },
});
