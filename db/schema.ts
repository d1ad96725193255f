/**
 * The database schema (SQLite through drizzle-orm). Every stored entity lives here;
 * migrations in `migrations/sqlite/` are generated from this file by drizzle-kit and never hand-edited.
 *
 * Conventions: ids are text (slugs for agents and saved clients, UUIDs for versions), times are
 * ISO-8601 text in UTC (they sort and export as they are), JSON columns are text holding canonical
 * JSON. Snapshots are stored exactly as validated so export can reproduce them byte for byte.
 */

import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from 'drizzle-orm/sqlite-core';

const createdAt = () => text('created_at').notNull();
const updatedAt = () => text('updated_at').notNull();

/** The columns of an immutable version after its id and owner (agent and saved MCP client versions alike). */
const versionColumns = () => ({
  versionNumber: integer('version_number').notNull(),
  schemaVersion: integer('schema_version').notNull(),
  snapshot: text('snapshot').notNull(),
  configHash: text('config_hash').notNull(),
  changedFields: text('changed_fields').notNull().default('[]'),
  changeMessage: text('change_message'),
  authorId: text('author_id'),
  createdAt: createdAt(),
});

/**
 * A table of immutable versions: their id, the owner's id (versions go when their owner does), the
 * version columns, and each version number once per owner.
 */
function versionsTable<OwnerKey extends string>(
  name: string,
  {
    ownerKey,
    ownerColumn,
    owner,
    numberIndex,
  }: { ownerKey: OwnerKey; ownerColumn: string; owner: () => AnySQLiteColumn; numberIndex: string },
) {
  const ownerId = text(ownerColumn).notNull().references(owner, { onDelete: 'cascade' });
  const ownerColumns = { [ownerKey]: ownerId } as Record<OwnerKey, typeof ownerId>;
  return sqliteTable(name, { id: text('id').primaryKey(), ...ownerColumns, ...versionColumns() }, (table) => [
    uniqueIndex(numberIndex).on(table[ownerKey], table.versionNumber),
  ]);
}

/** The thin, mutable record of an agent (stored, or a code agent's override record). */
export const agents = sqliteTable(
  'agents',
  {
    id: text('id').primaryKey(),
    source: text('source', { enum: ['stored', 'code'] }).notNull(),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    // Points at agent_versions.id; not a foreign key because versions reference the agent too.
    activeVersionId: text('active_version_id'),
    latestVersionNumber: integer('latest_version_number').notNull().default(0),
    authorId: text('author_id'),
    metadata: text('metadata').notNull().default('{}'),
    // The publish gate (`{ requireEvaluation, minPassRate }` as JSON), set by admins; null: off.
    // A setting of the agent, not of a version: it is not in snapshots or the agent export.
    publishGate: text('publish_gate'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('agents_updated_at_idx').on(table.updatedAt)],
);

/** Immutable versions of an agent. */
export const agentVersions = versionsTable('agent_versions', {
  ownerKey: 'agentId',
  ownerColumn: 'agent_id',
  owner: () => agents.id,
  numberIndex: 'agent_versions_agent_number_idx',
});

/** Movable, user-named pointers at agent versions. `production` and `latest` are computed, never stored. */
export const versionLabels = sqliteTable(
  'version_labels',
  {
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    versionId: text('version_id')
      .notNull()
      .references(() => agentVersions.id, { onDelete: 'restrict' }),
    revisionToken: text('revision_token').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.agentId, table.name] }),
    index('version_labels_version_idx').on(table.versionId),
  ],
);

/** Saved MCP client connections: the same record/version pattern as agents, with no publish step. */
export const mcpClients = sqliteTable('mcp_clients', {
  id: text('id').primaryKey(),
  latestVersionNumber: integer('latest_version_number').notNull().default(0),
  authorId: text('author_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** `needs_approval`: a stdio server arrived by import and starts only once an admin approves it. */
  approval: text('approval', { enum: ['approved', 'needs_approval'] })
    .notNull()
    .default('approved'),
  /**
   * `refused`: the latest version was written by someone who may not point a server at this machine
   * or a private network, so its HTTP servers are refused such addresses when they connect too (a
   * name whose answers change after the save). `allowed`: an admin's (or the local user's) write.
   */
  internalAddresses: text('internal_addresses', { enum: ['allowed', 'refused'] })
    .notNull()
    .default('allowed'),
});

/** Immutable versions of a saved MCP client; `snapshot` holds secret values (server env) encrypted. */
export const mcpClientVersions = versionsTable('mcp_client_versions', {
  ownerKey: 'clientId',
  ownerColumn: 'client_id',
  owner: () => mcpClients.id,
  numberIndex: 'mcp_client_versions_client_number_idx',
});

/**
 * The last tool list each MCP server gave, per client (saved or in code) and server: what the rule
 * linter checks approval policies' `args.*` against in any process, after a restart too. A cache of
 * what the server said, written after each listing; `tools` is the list as JSON, for the version
 * `client_version_id` of the client.
 */
export const mcpToolListings = sqliteTable(
  'mcp_tool_listings',
  {
    clientId: text('client_id').notNull(),
    serverName: text('server_name').notNull(),
    clientVersionId: text('client_version_id').notNull(),
    tools: text('tools').notNull(),
    listedAt: text('listed_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.serverName] })],
);

/**
 * Stdio launch specs an admin approved in the editor: they join the deployment's allow-list
 * (`settings.stdioAllowedCommands`). `args` is canonical JSON (the leading arguments the spec fixes).
 */
export const stdioLaunchSpecs = sqliteTable('stdio_launch_specs', {
  id: text('id').primaryKey(),
  command: text('command').notNull(),
  args: text('args').notNull().default('[]'),
  createdBy: text('created_by').notNull(),
  createdAt: createdAt(),
});

/** Stored settings, one row per id: what they configure (the `kind` column) and the config as JSON. */
function settingsTable<Kind extends string>(name: string, kind: Kind) {
  const kindColumn = text(kind).notNull();
  const kindColumns = { [kind]: kindColumn } as Record<Kind, typeof kindColumn>;
  return sqliteTable(name, {
    id: text('id').primaryKey(),
    ...kindColumns,
    config: text('config').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  });
}

/** Stored settings of an integration (e.g. an OpenAPI document), credentials encrypted. */
export const integrationConfigs = settingsTable('integration_configs', 'integration');

/** Stored settings of a tool provider (connections, credentials encrypted). */
export const toolProviderConfigs = settingsTable('tool_provider_configs', 'provider');

/**
 * Model provider settings an admin saved in Settings: one row per built-in provider (`id` is its
 * name, e.g. `openai`). `api_key` is encrypted with the studio's secrets key and bound to its row;
 * a stored value wins over the provider's environment variable.
 */
export const modelProviderSettings = sqliteTable('model_provider_settings', {
  id: text('id').primaryKey(),
  apiKey: text('api_key'),
  baseUrl: text('base_url'),
  updatedBy: text('updated_by').notNull(),
  updatedAt: updatedAt(),
});

/** Append-only record of every mutation. */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: text('at').notNull(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    details: text('details').notNull().default('{}'),
  },
  (table) => [index('audit_log_entity_idx').on(table.entity, table.entityId, table.id)],
);

/** Agent runs, kept so a paused run (approval, suspension, client tools) can resume anywhere. */
export const runs = sqliteTable(
  'runs',
  {
    id: text('id').primaryKey(),
    agentId: text('agent_id').notNull(),
    versionId: text('version_id'),
    versionNumber: integer('version_number'),
    label: text('label'),
    resolvedToolsHash: text('resolved_tools_hash'),
    status: text('status', { enum: ['running', 'paused', 'finished', 'failed', 'aborted'] }).notNull(),
    threadId: text('thread_id'),
    resourceId: text('resource_id'),
    // Who started the run (`user:<id>` or `key:<id>`), when sign-in named them: only they or an
    // admin may continue it. Null for runs started by code or with sign-in off.
    createdBy: text('created_by'),
    // The conversation as the model sees it (raw tool inputs, `toModelOutput` results).
    messages: text('messages').notNull().default('[]'),
    // The calls the run waits for, with their raw input.
    pending: text('pending').notNull().default('[]'),
    // The request context without the caller's MCP token, which is kept encrypted in auth_token.
    requestContext: text('request_context').notNull().default('{}'),
    authToken: text('auth_token'),
    // The rest of what a continuation needs: step count, open step, options, transcript, usage.
    state: text('state').notNull().default('{}'),
    // Raised on every write; a continuation claims a paused run by its revision.
    revision: integer('revision').notNull().default(0),
    error: text('error'),
    // When the run started: the runs list's order (newest first, then by id) and its time filter.
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // What the runs list shows and filters on, written with the run's state (null or zero in runs
    // stored before they were recorded): when it finished or failed, how long it took from its start
    // (waits for answers included), the last model step's finish reason, tokens and tool calls.
    finishedAt: text('finished_at'),
    durationMs: integer('duration_ms'),
    finishReason: text('finish_reason'),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    toolCallCount: integer('tool_call_count').notNull().default(0),
    // `evaluation` for a replay of a test case (docs/testing-agents.md), `draft` for a run of an
    // unsaved draft (docs/runs.md), `run` for every other run.
    kind: text('kind', { enum: ['run', 'evaluation', 'draft'] })
      .notNull()
      .default('run'),
    // The studio process that last wrote the run (a row of studio_processes): while the run is
    // `running`, it is driven by that process and lives as long as the process does. Null in runs
    // stored before it was recorded, whose `updatedAt` tells instead.
    processId: text('process_id'),
  },
  // One index per filter of the runs list, each ending in the list's order so a page is read in
  // order and stops at its limit; the agent's also serves `latestPausedInThread`.
  (table) => [
    index('runs_started_idx').on(table.createdAt, table.id),
    index('runs_agent_started_idx').on(table.agentId, table.createdAt, table.id),
    index('runs_agent_status_started_idx').on(table.agentId, table.status, table.createdAt, table.id),
    index('runs_status_started_idx').on(table.status, table.createdAt, table.id),
    index('runs_thread_started_idx').on(table.threadId, table.createdAt, table.id),
    index('runs_resource_started_idx').on(table.resourceId, table.createdAt, table.id),
  ],
);

/**
 * The studio processes on this database, each with its last sign of life: a process writes its row
 * every few seconds while it runs and removes it when it closes. `alive_until` is when it counts as
 * stopped unless it writes again (its last write plus the silence it allows itself,
 * STUDIO_PROCESS_SILENT_AFTER_MS), so processes with different settings judge each other rightly. A
 * process whose row is gone or past its `alive_until` stopped (a crash, a kill, a machine gone),
 * and the runs and evaluations it was running are ended by another (lib/runtime/process-liveness.ts).
 */
export const studioProcesses = sqliteTable('studio_processes', {
  id: text('id').primaryKey(),
  startedAt: text('started_at').notNull(),
  aliveAt: text('alive_at').notNull(),
  aliveUntil: text('alive_until').notNull(),
});

/**
 * Test cases of an agent (docs/testing-agents.md): a conversation with what a good answer looks like
 * and, for one saved from a run, what its tools answered then. `input`, `request_context`,
 * `expectations`, `recording` and `replay` hold JSON; `from_run_id` repeats the recording's run so
 * run retention can keep that run with one indexed lookup.
 */
export const testCases = sqliteTable(
  'test_cases',
  {
    id: text('id').primaryKey(),
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    input: text('input').notNull(),
    requestContext: text('request_context').notNull().default('{}'),
    expectations: text('expectations').notNull().default('[]'),
    recording: text('recording'),
    replay: text('replay'),
    fromRunId: text('from_run_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('test_cases_agent_idx').on(table.agentId, table.createdAt, table.id),
    index('test_cases_from_run_idx').on(table.fromRunId),
  ],
);

/**
 * When an agent's test cases last changed (a case created, changed or deleted), written in the same
 * transaction as the change: an evaluation made before it no longer speaks for the current cases.
 */
export const testCaseChanges = sqliteTable('test_case_changes', {
  agentId: text('agent_id')
    .primaryKey()
    .references(() => agents.id, { onDelete: 'cascade' }),
  changedAt: text('changed_at').notNull(),
});

/** The built-in task tools' list, one per thread. */
export const taskLists = sqliteTable('task_lists', {
  threadId: text('thread_id').primaryKey(),
  items: text('items').notNull().default('[]'),
  updatedAt: updatedAt(),
});

/**
 * Who signs in, and how: the tables of the sign-in library (Better Auth, lib/auth). Their times are
 * the library's dates (milliseconds since 1970 here, `timestamptz` on PostgreSQL), not ISO text.
 * `role` orders what a user may do (admin, editor, viewer); `banned` is how a user is disabled.
 */
const authTime = (name: string) => integer(name, { mode: 'timestamp_ms' });
const flag = (name: string) => integer(name, { mode: 'boolean' });
/** When a sign-in row was written and last changed, as the library keeps it. */
const authTimes = () => ({ createdAt: authTime('created_at').notNull(), updatedAt: authTime('updated_at').notNull() });
/** The user a sign-in row belongs to: it goes when the user does. */
const userId = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: flag('email_verified').notNull().default(false),
  image: text('image'),
  role: text('role').notNull().default('viewer'),
  banned: flag('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: authTime('ban_expires'),
  ...authTimes(),
});

/** Signed-in sessions: the cookie carries the token; a deleted row is a revoked session. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: userId(),
    expiresAt: authTime('expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    ...authTimes(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** How a user signs in: a password (its scrypt hash) or an OpenID Connect provider's account. */
export const accounts = sqliteTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    userId: userId(),
    providerId: text('provider_id').notNull(),
    accountId: text('account_id').notNull(),
    password: text('password'),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: authTime('access_token_expires_at'),
    refreshTokenExpiresAt: authTime('refresh_token_expires_at'),
    scope: text('scope'),
    ...authTimes(),
  },
  (table) => [index('accounts_user_idx').on(table.userId)],
);

/** One-time values of the sign-in library: setup and invitation links, OpenID Connect state. */
export const verifications = sqliteTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: authTime('expires_at').notNull(),
    ...authTimes(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

/** Sign-in attempts per address and path, shared by every instance. */
export const rateLimits = sqliteTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: integer('last_request').notNull(),
});

/** API keys with one scope each: only a SHA-256 of the key is stored; the key is shown once when created. */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['runtime', 'editor', 'admin'] }).notNull(),
    /** The key's first characters, to tell keys apart in lists. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    expiresAt: text('expires_at'),
    lastUsedAt: text('last_used_at'),
    revokedAt: text('revoked_at'),
  },
  (table) => [uniqueIndex('api_keys_hash_idx').on(table.keyHash)],
);

/**
 * Evaluations: an agent's test cases replayed against one version. `configHash` is the hash of the
 * version's snapshot the cases ran against, so the publish gate can ask for an evaluation of exactly
 * the configuration it is about to make live.
 */
export const evaluations = sqliteTable(
  'evaluations',
  {
    id: text('id').primaryKey(),
    agentId: text('agent_id').notNull(),
    versionNumber: integer('version_number').notNull(),
    configHash: text('config_hash').notNull(),
    status: text('status', { enum: ['running', 'finished', 'failed'] }).notNull(),
    // The test cases' last change when the evaluation started: a later change makes it stale.
    testCasesChangedAt: text('test_cases_changed_at').notNull(),
    passed: integer('passed').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    // The results per test case as JSON (`[{ testCaseId, passed, expectations, runId, diff, ... }]`).
    results: text('results').notNull().default('[]'),
    error: text('error'),
    createdBy: text('created_by'),
    startedAt: text('started_at').notNull(),
    finishedAt: text('finished_at'),
    // Moved now and then by the process running it, in evaluations stored before processes were
    // recorded: one whose `aliveAt` (or, null, `startedAt`) stopped moving lost its process.
    aliveAt: text('alive_at'),
    // The studio process running it (a row of studio_processes); null in evaluations stored before.
    processId: text('process_id'),
  },
  (table) => [
    index('evaluations_agent_idx').on(table.agentId, table.startedAt),
    index('evaluations_config_idx').on(table.agentId, table.configHash),
  ],
);

export const schemaTables = {
  agents,
  agentVersions,
  versionLabels,
  mcpClients,
  mcpClientVersions,
  mcpToolListings,
  stdioLaunchSpecs,
  integrationConfigs,
  toolProviderConfigs,
  modelProviderSettings,
  auditLog,
  runs,
  taskLists,
  testCases,
  testCaseChanges,
  users,
  sessions,
  accounts,
  verifications,
  rateLimits,
  apiKeys,
  evaluations,
};
