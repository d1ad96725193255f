/**
 * What a migration script sees. A script is a module whose default export (or `migrate` export)
 * is called once with every agent's latest configuration as a mutable draft; whatever it changes
 * in `agent.snapshot` is saved as one new version per agent (docs/migrations.md).
 *
 * ```ts
 * import type { MigrationContext } from '@/lib/migrations';
 * export const changeMessage = 'Rename the search tool';
 * export default function ({ agents }: MigrationContext) {
 *   for (const agent of agents) { ... agent.snapshot.tools ... }
 * }
 * ```
 */
import type { AgentSnapshot } from '../snapshots';
import type { StudioClient } from '../client';

/** A snapshot a script may change in place (fields it deletes are cleared by the save). */
export type DraftSnapshot = { -readonly [Field in keyof AgentSnapshot]: AgentSnapshot[Field] };

export interface MigrationAgent {
  readonly id: string;
  /** `code`: the override record of an agent defined in code (some fields may be dropped on save). */
  readonly source: 'stored' | 'code';
  /** The version the draft was read from; the save names it as `baseVersionNumber`. */
  readonly versionNumber: number;
  /** A deep copy of that version's snapshot: change it in place. */
  snapshot: DraftSnapshot;
}

export interface MigrationContext {
  agents: MigrationAgent[];
  /** The typed client of the server the migration runs against (for lookups, e.g. saved MCP clients). */
  client: StudioClient;
  /** True unless `--apply` was given: a script must not write through `client` then. */
  dryRun: boolean;
}

export type MigrationFunction = (context: MigrationContext) => void | Promise<void>;

/** The module a script file is. */
export interface MigrationModule {
  default?: MigrationFunction;
  migrate?: MigrationFunction;
  /** The change message of every version the migration saves. */
  changeMessage?: string;
  /** Which agents the script is given (default: all). */
  filter?: (agent: MigrationAgent) => boolean;
}
