import { describe, expect, it } from 'vitest';
import { parseSettings, SettingsError, settingsFromEnvironment } from '@/lib/env';

describe('settings', () => {
  it('fills defaults for a local deployment', () => {
    const settings = parseSettings();
    expect(settings).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      databaseUrl: 'file:./data/studio.db',
      stdioAllowedCommands: [],
    });
    expect(settings.mcp).toEqual({
      listTimeoutMs: 5000,
      callTimeoutMs: 60000,
      elicitationTimeoutMs: 600000,
      idleCloseMs: 300000,
      toolListTtlMs: 60000,
      maxPooledConnections: 64,
    });
  });

  it('reads the environment with the same schema, splitting lists and coercing numbers', () => {
    const settings = settingsFromEnvironment({
      PORT: '4000',
      STUDIO_STDIO_ALLOWED_COMMANDS: 'node ./mcp/orders.js; npx -y @modelcontextprotocol/server-everything ;',
      STUDIO_MCP_CALL_TIMEOUT_MS: '1500',
      STUDIO_EXPOSE_AGENTS_OVER_MCP: 'yes',
    });
    expect(settings.port).toBe(4000);
    expect(settings.stdioAllowedCommands).toEqual([
      'node ./mcp/orders.js',
      'npx -y @modelcontextprotocol/server-everything',
    ]);
    expect(settings.mcp.callTimeoutMs).toBe(1500);
    expect(settings.exposeAgentsOverMcp).toBe(true);
  });

  it('reads the security settings: hosts, CORS origins, the network opt-in, rate limits and the web_fetch policy', () => {
    const settings = settingsFromEnvironment({
      STUDIO_ALLOWED_HOSTS: 'Studio.Internal, [fd00::1]',
      STUDIO_CORS_ORIGINS: 'https://App.example.com, http://localhost:5173',
      STUDIO_ALLOW_UNAUTHENTICATED_NETWORK: 'true',
      STUDIO_RATE_LIMIT_CONNECTION_TESTS: '5',
      STUDIO_WEB_FETCH_ADDRESS_POLICY: 'allow-all',
      STUDIO_DATABASE_BUSY_TIMEOUT_MS: '250',
    });
    expect(settings).toMatchObject({
      allowedHosts: ['studio.internal', '[fd00::1]'],
      corsOrigins: ['https://app.example.com', 'http://localhost:5173'],
      allowUnauthenticatedNetwork: true,
      rateLimits: { connectionTestsPerMinute: 5, toolExecutionsPerMinute: 600 },
      webFetch: { addressPolicy: 'allow-all' },
      databaseBusyTimeoutMs: 250,
    });
    expect(parseSettings()).toMatchObject({ allowedHosts: [], corsOrigins: [], allowUnauthenticatedNetwork: false });
  });

  it.each([
    [undefined, 0],
    ['false', 0],
    ['true', 1],
    ['2', 2],
  ])('reads STUDIO_TRUSTED_PROXY=%s as %s proxies in front', (value, proxies) => {
    expect(settingsFromEnvironment({ STUDIO_TRUSTED_PROXY: value }).trustedProxy).toBe(proxies);
  });

  it.each([
    ['STUDIO_CORS_ORIGINS', 'https://app.example.com/path'],
    ['STUDIO_CORS_ORIGINS', '*'],
    ['STUDIO_ALLOWED_HOSTS', 'studio.internal:3000'],
    ['STUDIO_WEB_FETCH_ADDRESS_POLICY', 'everything'],
    ['STUDIO_TRUSTED_PROXY', 'nginx'],
    ['STUDIO_TRUSTED_PROXY', '-1'],
  ])('refuses %s=%s naming the variable', (variable, value) => {
    expect(() => settingsFromEnvironment({ [variable]: value })).toThrow(new RegExp(variable));
  });

  it('reads OpenID Connect sign-in as a whole: issuer, client id and secret together, a default role and a name', () => {
    expect(parseSettings().oidc).toEqual({ defaultRole: 'viewer' });
    const settings = settingsFromEnvironment({
      STUDIO_OIDC_ISSUER: 'https://login.example.com/tenant',
      STUDIO_OIDC_CLIENT_ID: 'studio',
      STUDIO_OIDC_CLIENT_SECRET: 'secret',
      STUDIO_OIDC_DEFAULT_ROLE: 'editor',
      STUDIO_OIDC_NAME: 'Example SSO',
    });
    expect(settings.oidc).toEqual({
      issuer: 'https://login.example.com/tenant',
      clientId: 'studio',
      clientSecret: 'secret',
      defaultRole: 'editor',
      name: 'Example SSO',
    });
  });

  it('refuses half an OpenID Connect configuration, naming each missing variable', () => {
    const attempt = () => settingsFromEnvironment({ STUDIO_OIDC_ISSUER: 'https://login.example.com' });
    expect(attempt).toThrow(SettingsError);
    expect(attempt).toThrow(/STUDIO_OIDC_CLIENT_ID: is required too/);
    expect(attempt).toThrow(/STUDIO_OIDC_CLIENT_SECRET: is required too/);
    expect(() => settingsFromEnvironment({ STUDIO_OIDC_CLIENT_ID: 'studio' })).toThrow(/STUDIO_OIDC_ISSUER/);
    expect(() =>
      settingsFromEnvironment({
        STUDIO_OIDC_ISSUER: 'https://login.example.com',
        STUDIO_OIDC_CLIENT_ID: 'studio',
        STUDIO_OIDC_CLIENT_SECRET: 'secret',
        STUDIO_OIDC_DEFAULT_ROLE: 'owner',
      }),
    ).toThrow(/STUDIO_OIDC_DEFAULT_ROLE/);
  });

  it('lets environment variables win over the config file settings', () => {
    const settings = settingsFromEnvironment({ PORT: '4001' }, { port: 5000, mcp: { listTimeoutMs: 100 } });
    expect(settings.port).toBe(4001);
    expect(settings.mcp.listTimeoutMs).toBe(100);
  });

  it('names the environment variable and the problem when a value is invalid', () => {
    expect(() => settingsFromEnvironment({ PORT: 'eighty', STUDIO_MCP_LIST_TIMEOUT_MS: '-1' })).toThrow(SettingsError);
    try {
      settingsFromEnvironment({ PORT: 'eighty', STUDIO_MCP_LIST_TIMEOUT_MS: '-1' });
    } catch (error) {
      const names = (error as SettingsError).problems.map((problem) => problem.name);
      expect(names).toEqual(expect.arrayContaining(['PORT', 'STUDIO_MCP_LIST_TIMEOUT_MS']));
      expect((error as Error).message).toMatch(/^Invalid environment:\n- /);
    }
  });

  it('reads the OpenTelemetry export: endpoint, percent-encoded headers and service name, tracing off when unset', () => {
    const unset = settingsFromEnvironment({});
    expect(unset.otlpEndpoint).toBeUndefined();
    expect(unset.otlpHeaders).toBeUndefined();
    expect(unset.otelServiceName).toBe('agent-studio');
    const settings = settingsFromEnvironment({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20abc%3D, x-tenant = acme ,',
      OTEL_SERVICE_NAME: 'studio-eu',
    });
    expect(settings.otlpEndpoint).toBe('http://collector:4318');
    expect(settings.otlpHeaders).toEqual({ authorization: 'Bearer abc=', 'x-tenant': 'acme' });
    expect(settings.otelServiceName).toBe('studio-eu');
    expect(parseSettings({ otlpHeaders: { 'x-api-key': 'k' } }).otlpHeaders).toEqual({ 'x-api-key': 'k' });
  });

  it('refuses a bad OpenTelemetry endpoint or header entry, naming the variable but never the header value', () => {
    const problemsOf = (environment: Record<string, string>) => {
      try {
        settingsFromEnvironment(environment);
      } catch (error) {
        return (error as SettingsError).problems;
      }
      throw new Error('expected a SettingsError');
    };
    expect(problemsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'ftp://collector' })).toEqual([
      { name: 'OTEL_EXPORTER_OTLP_ENDPOINT', message: 'must be an http(s) URL' },
    ]);
    const headers = problemsOf({ OTEL_EXPORTER_OTLP_HEADERS: 'x-ok=1,Bearer sekrit-value,x-bad=%E0%A4%A' });
    expect(headers).toEqual([
      { name: 'OTEL_EXPORTER_OTLP_HEADERS', message: 'entry 2 is not name=value with a header name' },
      { name: 'OTEL_EXPORTER_OTLP_HEADERS', message: 'the value of "x-bad" is not valid percent-encoded text' },
    ]);
    expect(JSON.stringify(headers)).not.toContain('sekrit');
  });

  it('names the setting path when settings given in code are invalid, and rejects unknown settings', () => {
    expect(() => parseSettings({ mcp: { callTimeoutMs: 0 } })).toThrow(/settings\.mcp\.callTimeoutMs/);
    expect(() => parseSettings({ colour: 'blue' } as never)).toThrow(/Invalid settings/);
  });
});
