import { describe, expect, it } from 'vitest';
import { parseSettings } from '@/lib/env';
import { settingsInForce } from '@/lib/settings-in-force';

describe('the settings in force, as the Settings page shows them', () => {
  const secret = 'an-encryption-key-that-must-not-show';
  const rows = settingsInForce(
    parseSettings({
      secretsKey: secret,
      databaseUrl: 'postgres://admin:hunter2@db.internal:5432/studio',
      stdioAllowedCommands: ['/usr/bin/node ./mcp/server.js', 'uvx mcp-server-fetch'],
      mcp: { listTimeoutMs: 2500 },
      otlpEndpoint: 'http://collector:4318',
      otlpHeaders: 'x-api-key=collector-key-that-must-not-show',
    }),
  );
  const row = (variable: string) => rows.find((candidate) => candidate.variable === variable);

  it('lists every environment variable with its setting and value', () => {
    expect(row('STUDIO_STDIO_ALLOWED_COMMANDS')).toEqual({
      variable: 'STUDIO_STDIO_ALLOWED_COMMANDS',
      setting: 'stdioAllowedCommands',
      value: '/usr/bin/node ./mcp/server.js; uvx mcp-server-fetch',
      secret: false,
    });
    expect(row('STUDIO_MCP_LIST_TIMEOUT_MS')?.value).toBe('2500');
    expect(row('PORT')?.value).toBe('3000');
    expect(row('OPENAI_COMPATIBLE_BASE_URL')?.value).toBe('not set');
    expect(row('OTEL_EXPORTER_OTLP_ENDPOINT')?.value).toBe('http://collector:4318');
    expect(row('OTEL_SERVICE_NAME')?.value).toBe('agent-studio');
  });

  it('never shows a secret value or credentials inside a URL', () => {
    expect(row('SECRETS_KEY')).toMatchObject({ value: 'set (hidden)', secret: true });
    expect(row('DATABASE_URL')?.value).toBe('postgres://••••@db.internal:5432/studio');
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(JSON.stringify(rows)).not.toContain('hunter2');
    expect(row('OTEL_EXPORTER_OTLP_HEADERS')).toMatchObject({ value: 'set (hidden)', secret: true });
    expect(JSON.stringify(rows)).not.toContain('collector-key-that-must-not-show');
  });
});
