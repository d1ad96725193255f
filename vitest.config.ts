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
          // The storage, resolver, runtime and API tests again, with every test studio on its own
          // PostgreSQL database (tests/support/studio.ts): the same behaviour on both adapters.
          name: 'integration-postgres',
          include: [
            'tests/integration/storage/**/*.test.ts',
            'tests/integration/resolver/**/*.test.ts',
            'tests/integration/runtime/**/*.test.ts',
            'tests/integration/api/**/*.test.ts',
            'tests/integration/auth/**/*.test.ts',
          ],
          // What these read or start is SQLite's own: the file itself, rows read through a second
          // SQLite connection, query plans, child processes on one file. Their PostgreSQL
          // counterparts are in tests/integration/storage-adapters.
          exclude: [
            'tests/integration/storage/concurrency.test.ts',
            'tests/integration/storage/crash-safety.test.ts',
            'tests/integration/storage/two-processes.test.ts',
            'tests/integration/storage/pointer-cache.test.ts',
            'tests/integration/storage/versioning-reads.test.ts',
            'tests/integration/storage/versioning.test.ts',
            'tests/integration/storage/import-export.test.ts',
            'tests/integration/storage/deployment-backup.test.ts',
            'tests/integration/runtime/grouped-run-writes.test.ts',
            'tests/integration/runtime/stored-transcript.test.ts',
            'tests/integration/api/conventions.test.ts',
            'tests/integration/api/mcp-clients.test.ts',
            // A production server on its SQLite file, keys made there first; the gate is the same on both.
            'tests/integration/auth/pages.test.ts',
          ],
          env: { STUDIO_TEST_DATABASE: 'postgres' },
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
      {
        resolve: { alias },
        test: {
          name: 'e2e-editor',
          include: ['tests/e2e/**/*.test.ts'],
          // The same walks once more with sign-in required, as a signed-in editor (tests/support/
          // signed-in-editor.ts); these files start servers of their own, with sign-in set up there.
          exclude: [
            'tests/e2e/tools-catalogue.test.ts',
            'tests/e2e/sign-in-roles.test.ts',
            'tests/e2e/first-sign-in.test.ts',
          ],
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
