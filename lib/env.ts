/**
 * Settings: one zod schema read from two places. `server.ts` and the CLI build them from the
 * environment with `settingsFromEnvironment()` (this is the only module that reads `process.env`);
 * tests and embedding applications pass the same shape to `createStudio({ settings })`.
 */
import { z } from 'zod';

const commandList = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
      : value,
  z.array(z.string().min(1)),
);

const booleanFlag = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  return value;
}, z.boolean());

const milliseconds = z.coerce.number().int().min(1).max(3_600_000);

export const addressPolicies = ['block-internal', 'allow-all'] as const;

export type DnsLookup = (hostname: string) => Promise<Array<{ address: string; family: 4 | 6 }>>;

export const settingsSchema = z
  .object({
    host: z.string().min(1).default('127.0.0.1'),
    port: z.coerce.number().int().min(0).max(65_535).default(3000),
    /** `production` (env STUDIO_MODE) makes a missing secrets key fatal; everything else behaves the same. */
    mode: z.enum(['development', 'production', 'test']).default('development'),
    logLevel: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    databaseUrl: z.string().min(1).default('file:./data/studio.db'),
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
    stdioAllowedCommands: commandList.default([]),
    resolveDeadlineMs: milliseconds.default(10_000),
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
        idleCloseMs: milliseconds.default(300_000),
        toolListTtlMs: milliseconds.default(60_000),
        maxPooledConnections: z.coerce.number().int().min(1).max(10_000).default(64),
      })
      .strict()
      .prefault({}),
    webFetch: z
      .object({
        addressPolicy: z.enum(addressPolicies).default('block-internal'),
        lookup: z.custom<DnsLookup>((value) => typeof value === 'function', 'must be a function').optional(),
      })
      .strict()
      .prefault({}),
  })
  .strict();

export type SettingsInput = z.input<typeof settingsSchema>;
export type Settings = z.output<typeof settingsSchema>;

/** Which environment variable feeds which setting (dotted path). */
export const environmentVariables: Record<string, string> = {
  HOST: 'host',
  PORT: 'port',
  STUDIO_MODE: 'mode',
  LOG_LEVEL: 'logLevel',
  DATABASE_URL: 'databaseUrl',
  SECRETS_KEY: 'secretsKey',
  STUDIO_BODY_LIMIT_BYTES: 'bodyLimitBytes',
  STUDIO_IMPORT_BODY_LIMIT_BYTES: 'importBodyLimitBytes',
  STUDIO_STDIO_ALLOWED_COMMANDS: 'stdioAllowedCommands',
  STUDIO_RESOLVE_DEADLINE_MS: 'resolveDeadlineMs',
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
  STUDIO_MCP_IDLE_CLOSE_MS: 'mcp.idleCloseMs',
  STUDIO_MCP_TOOL_LIST_TTL_MS: 'mcp.toolListTtlMs',
  STUDIO_MCP_MAX_POOLED_CONNECTIONS: 'mcp.maxPooledConnections',
  STUDIO_WEB_FETCH_ADDRESS_POLICY: 'webFetch.addressPolicy',
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
    webFetch: { ...base.webFetch },
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
  const problems = describeProblems(result.error, (path) => variableFor[path] ?? path);
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
