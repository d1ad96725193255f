/** Migration scripts: bulk edits of agents, saved as new versions (docs/migrations.md). */
export { loadMigrationScript, type LoadedMigration } from './load-migration-script';
export type {
  DraftSnapshot,
  MigrationAgent,
  MigrationContext,
  MigrationFunction,
  MigrationModule,
} from './migration-types';
export {
  runMigration,
  type MigrationOutcome,
  type MigrationProgress,
  type MigrationReport,
  type MigrationResult,
} from './run-migration';
