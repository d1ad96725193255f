/**
 * Settings: one zod schema read from two places. `server.ts` and the CLI build them from the
 * environment with `settingsFromEnvironment()` (this is the only module that reads `process.env`);
 * tests and embedding applications pass the same shape to `createStudio({ settings })`.
 */
import { z } from 'zod';
import type { DnsLookup } from './net';
import { modelNamePattern } from './snapshots';
import { allowedEnvName, launchSpecListSetting, refuseBareInterpreters } from './stdio-settings';
import {
  booleanFlag,
  commaList,
  hostList,
  milliseconds,
  oidcSettings,
  originList,
  otlpHeaders,
} from './setting-values';

export const addressPolicies = ['block-internal', 'allow-all'] as const;

/**
 * How long a studio process may write no sign of life before another ends its runs
 * (lib/runtime/process-liveness.ts): six missed beats.
 */
export const defaultProcessSilentAfterMs = 30_000;

export const settingsSchema = z
  .object({
    host: z.string().min(1).default('127.0.0.1'),
    port: z.coerce.number().int().min(0).max(65_535).default(3000),
    /** `production` (env STUDIO_MODE) makes a missing secrets key fatal; everything else behaves the same. */
    mode: z.enum(['development', 'production', 'test']).default('development'),
    logLevel: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    databaseUrl: z.string().min(1).default('file:./data/studio.db'),
    /** How long a write waits for another process's write before the request is answered 503 `busy`. */
    databaseBusyTimeoutMs: z.coerce.number().int().min(1).max(600_000).default(5_000),
    secretsKey: z.string().min(16, 'must be at least 16 characters').optional(),
    bodyLimitBytes: z.coerce
      .number()
      .int()
      .min(1024)
      .max(64 * 1024 * 1024)
      .default(1024 * 1024),
    /** The larger limit of `POST /api/deployment/import`: a whole backup in one request, imported in one transaction. */
    importBodyLimitBytes: z.coerce
      .number()
      .int()
      .min(1024)
      .max(1024 * 1024 * 1024)
      .default(64 * 1024 * 1024),
    /**
     * Approved launch specs of saved stdio servers: `;`-separated entries, each a command and the
     * leading arguments it fixes (`npx -y @modelcontextprotocol/server-everything; node ./mcp/orders.js`).
     */
    stdioAllowedCommands: launchSpecListSetting.default([]),
    /** Lets an entry be a bare interpreter (`node`, `python3 -m`): it then admits any arguments, i.e. any code. */
    stdioAllowBareInterpreters: booleanFlag.default(false),
    /** Whether the server adds the demo agent to a database without stored agents when it starts. */
    seedDemo: booleanFlag.default(true),
    /** Env names stdio servers may set besides the allowed suffixes (`_TOKEN`, `_URL`, ...). */
    stdioAllowedEnv: commaList(allowedEnvName).default([]),
    /** Host names (beyond loopback ones) the server answers; any other `Host` gets 421. */
    allowedHosts: hostList.default([]),
    /** Other sites allowed to call the API from a browser (CORS); none by default. */
    corsOrigins: originList.default([]),
    /**
     * `required`: every API route (but health and the OpenAPI document) and every page needs a
     * signed-in user or an API key; `off`: every caller is the local user. Unset: `off` on a
     * loopback `host`, `required` on any other (see `authMode`).
     */
    auth: z.enum(['off', 'required']).optional(),
    /** Where people reach the studio (`https://studio.example.com`): https marks session cookies `Secure`. */
    publicUrl: z.string().url().optional(),
    /**
     * How many reverse proxies stand in front of the studio, whose `X-Forwarded-For` says who the
     * client is (for the sign-in rate limit): `0`/`false` (the default: the header is ignored and the
     * connection's address counts), `true` (one proxy) or a number of proxies.
     */
    trustedProxy: z
      .preprocess((value) => {
        if (typeof value === 'boolean') return Number(value);
        if (typeof value !== 'string') return value;
        if (/^(true|yes|on)$/i.test(value)) return 1;
        if (/^(false|no|off)$/i.test(value)) return 0;
        return value;
      }, z.coerce.number().int().min(0).max(10))
      .default(0),
    /** Sign-in through an OpenID Connect provider besides passwords (only with `auth=required`). */
    oidc: oidcSettings.prefault({}),
    /** Listening on a non-loopback `host` with `auth=off` must be asked for explicitly. */
    allowUnauthenticatedNetwork: booleanFlag.default(false),
    resolveDeadlineMs: milliseconds.default(10_000),
    /**
     * The most versions an agent keeps: a save past it deletes the oldest versions that are not
     * published, labelled or the latest. Unset: every version is kept.
     */
    maxVersionsPerAgent: z.coerce.number().int().min(1).max(1_000_000).optional(),
    /** Runs started longer ago than this many days are deleted daily (paused runs are kept). */
    runRetentionDays: z.coerce.number().int().min(1).max(36_500).default(30),
    /**
     * How long a studio process may go without a sign of life on the database before another ends
     * the runs it was running as failed (docs/runtime.md, "Runs whose process stopped").
     */
    processSilentAfterMs: z.coerce.number().int().min(1_000).max(3_600_000).default(defaultProcessSilentAfterMs),
    /** How many test cases an evaluation replays at once. */
    evalConcurrency: z.coerce.number().int().min(1).max(64).default(4),
    /** The model (`provider/model`) that scores judged expectations naming none of their own. */
    judgeModel: z
      .string()
      .regex(modelNamePattern, 'must be a "provider/model" string such as "openai/gpt-4o-mini"')
      .optional(),
    exposeAgentsOverMcp: booleanFlag.default(false),
    /** Serve the editor with Next's development server (hot reload) instead of the build. */
    editorDev: booleanFlag.default(false),
    openaiCompatibleBaseUrl: z.string().url().optional(),
    /** Keys of the built-in model providers; a provider with no key fails runs with `model_not_configured`. */
    modelKeys: z
      .object({
        openai: z.string().min(1).optional(),
        anthropic: z.string().min(1).optional(),
        google: z.string().min(1).optional(),
        xai: z.string().min(1).optional(),
        compatible: z.string().min(1).optional(),
      })
      .strict()
      .prefault({}),
    mcp: z
      .object({
        listTimeoutMs: milliseconds.default(5_000),
        callTimeoutMs: milliseconds.default(60_000),
        /** How long a server's question (elicitation) waits for a paused run's answer before it is cancelled. */
        elicitationTimeoutMs: milliseconds.default(600_000),
        idleCloseMs: milliseconds.default(300_000),
        toolListTtlMs: milliseconds.default(60_000),
        maxPooledConnections: z.coerce.number().int().min(1).max(10_000).default(64),
      })
      .strict()
      .prefault({}),
    /** Requests per minute per target: connection tests per saved client, runs per tool or agent. */
    rateLimits: z
      .object({
        connectionTestsPerMinute: z.coerce.number().int().min(1).max(100_000).default(30),
        toolExecutionsPerMinute: z.coerce.number().int().min(1).max(1_000_000).default(600),
      })
      .strict()
      .prefault({}),
    /** Every request the server makes goes through one guard (see docs/security.md). */
    outbound: z
      .object({
        /** Replaces the system resolver for every outbound request (tests, custom DNS). */
        lookup: z.custom<DnsLookup>((value) => typeof value === 'function', 'must be a function').optional(),
      })
      .strict()
      .prefault({}),
    /**
     * Where runs are exported as OpenTelemetry traces over OTLP/HTTP: the collector's base URL
     * (`http://localhost:4318`; `/v1/traces` is added). Unset, nothing is traced (docs/runtime.md).
     */
    otlpEndpoint: z
      .string()
      .url()
      .refine((value) => /^https?:\/\//i.test(value), 'must be an http(s) URL')
      .optional(),
    /** Headers sent with every export (a collector's API key). */
    otlpHeaders: otlpHeaders.optional(),
    /** The `service.name` the traces carry. */
    otelServiceName: z.string().min(1).max(200).default('agent-studio'),
    webFetch: z
      .object({
        /** `allow-all` lets the model's URLs reach loopback and private addresses too. */
        addressPolicy: z.enum(addressPolicies).default('block-internal'),
      })
      .strict()
      .prefault({}),
  })
  .strict()
  .superRefine(refuseBareInterpreters);

export type SettingsInput = z.input<typeof settingsSchema>;
export type Settings = z.output<typeof settingsSchema>;

/** Which environment variable feeds which setting (dotted path). */
export const environmentVariables: Record<string, string> = {
  HOST: 'host',
  PORT: 'port',
  STUDIO_MODE: 'mode',
  LOG_LEVEL: 'logLevel',
  DATABASE_URL: 'databaseUrl',
  STUDIO_DATABASE_BUSY_TIMEOUT_MS: 'databaseBusyTimeoutMs',
  SECRETS_KEY: 'secretsKey',
  STUDIO_BODY_LIMIT_BYTES: 'bodyLimitBytes',
  STUDIO_IMPORT_BODY_LIMIT_BYTES: 'importBodyLimitBytes',
  STUDIO_STDIO_ALLOWED_COMMANDS: 'stdioAllowedCommands',
  STUDIO_STDIO_ALLOW_BARE_INTERPRETERS: 'stdioAllowBareInterpreters',
  STUDIO_SEED_DEMO: 'seedDemo',
  STUDIO_STDIO_ALLOWED_ENV: 'stdioAllowedEnv',
  STUDIO_ALLOWED_HOSTS: 'allowedHosts',
  STUDIO_CORS_ORIGINS: 'corsOrigins',
  STUDIO_ALLOW_UNAUTHENTICATED_NETWORK: 'allowUnauthenticatedNetwork',
  STUDIO_AUTH: 'auth',
  STUDIO_PUBLIC_URL: 'publicUrl',
  STUDIO_TRUSTED_PROXY: 'trustedProxy',
  STUDIO_OIDC_ISSUER: 'oidc.issuer',
  STUDIO_OIDC_CLIENT_ID: 'oidc.clientId',
  STUDIO_OIDC_CLIENT_SECRET: 'oidc.clientSecret',
  STUDIO_OIDC_DEFAULT_ROLE: 'oidc.defaultRole',
  STUDIO_OIDC_NAME: 'oidc.name',
  STUDIO_RESOLVE_DEADLINE_MS: 'resolveDeadlineMs',
  STUDIO_RUN_RETENTION_DAYS: 'runRetentionDays',
  STUDIO_PROCESS_SILENT_AFTER_MS: 'processSilentAfterMs',
  STUDIO_MAX_VERSIONS_PER_AGENT: 'maxVersionsPerAgent',
  STUDIO_EVAL_CONCURRENCY: 'evalConcurrency',
  STUDIO_JUDGE_MODEL: 'judgeModel',
  STUDIO_EXPOSE_AGENTS_OVER_MCP: 'exposeAgentsOverMcp',
  STUDIO_EDITOR_DEV: 'editorDev',
  OPENAI_COMPATIBLE_BASE_URL: 'openaiCompatibleBaseUrl',
  OPENAI_API_KEY: 'modelKeys.openai',
  ANTHROPIC_API_KEY: 'modelKeys.anthropic',
  GOOGLE_GENERATIVE_AI_API_KEY: 'modelKeys.google',
  XAI_API_KEY: 'modelKeys.xai',
  OPENAI_COMPATIBLE_API_KEY: 'modelKeys.compatible',
  STUDIO_MCP_LIST_TIMEOUT_MS: 'mcp.listTimeoutMs',
  STUDIO_MCP_CALL_TIMEOUT_MS: 'mcp.callTimeoutMs',
  STUDIO_MCP_ELICITATION_TIMEOUT_MS: 'mcp.elicitationTimeoutMs',
  STUDIO_MCP_IDLE_CLOSE_MS: 'mcp.idleCloseMs',
  STUDIO_MCP_TOOL_LIST_TTL_MS: 'mcp.toolListTtlMs',
  STUDIO_MCP_MAX_POOLED_CONNECTIONS: 'mcp.maxPooledConnections',
  STUDIO_WEB_FETCH_ADDRESS_POLICY: 'webFetch.addressPolicy',
  OTEL_EXPORTER_OTLP_ENDPOINT: 'otlpEndpoint',
  OTEL_EXPORTER_OTLP_HEADERS: 'otlpHeaders',
  OTEL_SERVICE_NAME: 'otelServiceName',
  STUDIO_RATE_LIMIT_CONNECTION_TESTS: 'rateLimits.connectionTestsPerMinute',
  STUDIO_RATE_LIMIT_TOOL_EXECUTIONS: 'rateLimits.toolExecutionsPerMinute',
};

export class SettingsError extends Error {
  constructor(
    message: string,
    readonly problems: Array<{ name: string; message: string }>,
  ) {
    super(message);
    this.name = 'SettingsError';
  }
}

function describeProblems(error: z.ZodError, nameOf: (path: string) => string) {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    return { name: path ? nameOf(path) : 'settings', message: issue.message };
  });
}

/** Parses settings given in code; an invalid value throws a `SettingsError` naming the setting. */
export function parseSettings(input: SettingsInput = {}): Settings {
  const result = settingsSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = describeProblems(result.error, (path) => `settings.${path}`);
  throw new SettingsError(
    `Invalid settings:\n${problems.map((problem) => `- ${problem.name}: ${problem.message}`).join('\n')}`,
    problems,
  );
}

/**
 * Reads the settings from environment variables (the only reader of `process.env`), over `base`
 * (the `settings` of studio.config.ts): a variable that is set wins.
 */
export function settingsFromEnvironment(
  environment: Record<string, string | undefined> = process.env,
  base: SettingsInput = {},
): Settings {
  const input: Record<string, unknown> = {
    ...base,
    mcp: { ...base.mcp },
    outbound: { ...base.outbound },
    rateLimits: { ...base.rateLimits },
    webFetch: { ...base.webFetch },
    oidc: { ...base.oidc },
    modelKeys: { ...base.modelKeys },
  };
  for (const [variable, path] of Object.entries(environmentVariables)) {
    const value = environment[variable];
    if (value === undefined || value === '') continue;
    const keys = path.split('.');
    let target = input;
    for (const key of keys.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>;
    target[keys[keys.length - 1]!] = value;
  }
  const result = settingsSchema.safeParse(input);
  if (result.success) return result.data;
  const variableFor = Object.fromEntries(Object.entries(environmentVariables).map(([name, path]) => [path, name]));
  // A list item's problem (`corsOrigins.1`) belongs to the list's variable.
  const nameOf = (path: string): string => {
    const segments = path.split('.');
    for (let length = segments.length; length > 0; length -= 1) {
      const variable = variableFor[segments.slice(0, length).join('.')];
      if (variable) return variable;
    }
    return path;
  };
  const problems = describeProblems(result.error, nameOf);
  throw new SettingsError(
    `Invalid environment:\n${problems.map((problem) => `- ${problem.name}: ${problem.message}`).join('\n')}`,
    problems,
  );
}

/** What the CLI reads from the environment: where the server is, the API key, a backup passphrase. */
export function cliEnvironment(environment: Record<string, string | undefined> = process.env): {
  url: string;
  apiKey?: string;
  /** Seals and opens the secrets of deployment backups (`export --all`, `import --all`). */
  backupPassphrase?: string;
} {
  return {
    url: environment.STUDIO_URL || `http://localhost:${environment.PORT || '3000'}`,
    apiKey: environment.STUDIO_API_KEY || undefined,
    backupPassphrase: environment.STUDIO_BACKUP_PASSPHRASE || undefined,
  };
}

/**
 * The studio configuration module the server loads instead of the bundled `studio.config.ts`
 * (env `STUDIO_CONFIG`, a path to compiled JavaScript), e.g. the test configuration that adds
 * scripted models. Read before the settings, because the configuration carries settings too.
 */
export function studioConfigPath(environment: Record<string, string | undefined> = process.env): string | undefined {
  return environment.STUDIO_CONFIG || undefined;
}

/** The process environment, for entry points that pass it on explicitly. */
export function processEnvironment(): Record<string, string | undefined> {
  return process.env;
}
