import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkEnvName, runtimeVariableMessage } from '@/lib/mcp/stdio-env-names';
import { envViolations } from '@/lib/mcp/stdio-rules';

/** Variables that make a runtime, loader or shell run other code, trust other certificates or send traffic elsewhere. */
const attackNames = [
  'PYTHONWARNINGS',
  'BROWSER',
  'PERLLIB',
  'JAVA_TOOL_OPTIONS',
  'SHELLOPTS',
  'PS4',
  'npm_config_registry',
  'OPENSSL_CONF',
  'GCONV_PATH',
  'PYTHONUSERBASE',
  'NODE_TLS_REJECT_UNAUTHORIZED',
];

const moreRuntimeNames = [
  'PATH',
  'NODE_OPTIONS',
  'NODE_AUTH_TOKEN',
  'LD_PRELOAD',
  'DYLD_INSERT_LIBRARIES',
  'BASH_ENV',
  'ENV',
  'HOME',
  'EDITOR',
  'VISUAL',
  'JDK_JAVA_OPTIONS',
  '_JAVA_OPTIONS',
  'RUBYOPT',
  'PERL5OPT',
  'HTTPS_PROXY',
  'http_proxy',
  'SSL_CERT_FILE',
  'SSLKEYLOGFILE',
  'NODE_EXTRA_CA_CERTS',
  'REQUESTS_CA_BUNDLE',
  'GIT_SSH_COMMAND',
  'GIT_TOKEN',
  'NPM_TOKEN',
  'GOFLAGS',
  'XDG_CONFIG_HOME',
  'CORECLR_PROFILER_PATH',
];

/** Loader variables of the other runtimes on the interpreter list, several ending in an allowed suffix. */
const otherRuntimeNames = [
  'R_PROFILE',
  'R_PROFILE_USER',
  'R_ENVIRON',
  'R_ENVIRON_USER',
  'R_LIBS',
  'R_LIBS_USER',
  'R_LIBS_SITE',
  'JULIA_PROJECT',
  'JULIA_LOAD_PATH',
  'JULIA_DEPOT_PATH',
  'TS_NODE_PROJECT',
  'TS_NODE_COMPILER_OPTIONS',
  'TSX_TSCONFIG_PATH',
  'DOCKER_HOST',
  'DOCKER_CONFIG',
  'CONTAINER_HOST',
  'LUA_INIT',
  'LUA_CPATH',
  'TCLLIBPATH',
  'IRBRC',
  'PIPX_HOME',
  'CGO_LDFLAGS',
  'GOPRIVATE',
  'PSModulePath',
  'SUDO_ASKPASS',
];

describe('stored env names of stdio servers', () => {
  it.each([...attackNames, ...moreRuntimeNames, ...otherRuntimeNames])(
    'refuses %s, even when the deployment lists it',
    (name) => {
      const refused = { ok: false, issues: [{ path: name, message: runtimeVariableMessage(name) }] };
      expect(checkEnvName({ name, allowedEnv: [] })).toEqual(refused);
      expect(checkEnvName({ name, allowedEnv: [name] })).toEqual(refused);
    },
  );

  it.each([
    'GITHUB_TOKEN',
    'OPENAI_API_KEY',
    'DATABASE_URL',
    'GOOGLE_API_KEY',
    'GOOGLE_CLOUD_PROJECT',
    'AWS_REGION',
    'STRIPE_SECRET',
    'DB_PASSWORD',
    'SERVICE_ENDPOINT',
    'REDIS_HOST',
    'REDIS_PORT',
    'SLACK_WORKSPACE',
    'GITHUB_ORG',
    'CLIENT_ID',
    'DB_USER',
    'MCP_LOG_LEVEL',
    'SNOWFLAKE_ACCOUNT',
  ])('accepts %s (an allowed suffix)', (name) => {
    expect(checkEnvName({ name, allowedEnv: [] })).toEqual({ ok: true, value: name });
  });

  it('accepts another name only when the deployment lists it', () => {
    const notListed = (name: string) => ({
      ok: false,
      issues: [
        {
          path: name,
          message:
            `The environment variable ${name} may not be set for a stdio server: accepted names end in _TOKEN, ` +
            '_API_KEY, _KEY, _SECRET, _PASSWORD, _URL, _ENDPOINT, _HOST, _PORT, _REGION, _PROJECT, _ORG, _WORKSPACE, ' +
            '_ACCOUNT, _ID, _USER or _LOG_LEVEL, or are listed in STUDIO_STDIO_ALLOWED_ENV (settings.stdioAllowedEnv).',
        },
      ],
    });
    expect(checkEnvName({ name: 'GREETING', allowedEnv: [] })).toEqual(notListed('GREETING'));
    expect(checkEnvName({ name: 'GREETING', allowedEnv: ['GREETING'] })).toEqual({ ok: true, value: 'GREETING' });
    expect(checkEnvName({ name: 'USER', allowedEnv: [] })).toEqual(notListed('USER'));
  });

  it('names each refused variable and says how to allow a plain name', () => {
    const violations = envViolations({
      env: { GITHUB_TOKEN: 'x', GREETING: 'hi', PYTHONWARNINGS: 'x' },
      policy: { stdioAllowedCommands: [] },
    });
    expect(violations.map((violation) => violation.rule === 'env' && violation.variable)).toEqual([
      'GREETING',
      'PYTHONWARNINGS',
    ]);
    expect(violations[0]!.message).toMatch(/STUDIO_STDIO_ALLOWED_ENV/);
    expect(violations[1]!.message).toMatch(/changes which code/);
  });

  it('never accepts a runtime prefix or suffix, whatever follows and whoever lists it', () => {
    const rest = fc.stringMatching(/^[A-Z0-9_]{0,12}$/);
    const runtimeName = fc.oneof(
      fc
        .tuple(fc.constantFrom('NODE_', 'PYTHON', 'LD_', 'DYLD_', 'npm_', 'JAVA_', 'GIT_', 'OPENSSL_'), rest)
        .map(([prefix, tail]) => prefix + tail),
      fc.tuple(rest, fc.constantFrom('_PROXY', '_OPTIONS', '_PATH', '_HOME')).map(([head, suffix]) => head + suffix),
    );
    fc.assert(
      fc.property(runtimeName, fc.constantFrom('_TOKEN', '_URL', ''), (name, ending) => {
        const candidate = ending && !/_(PROXY|OPTIONS|PATH|HOME)$/.test(name) ? name + ending : name;
        expect(checkEnvName({ name: candidate, allowedEnv: [candidate] }).ok).toBe(false);
      }),
    );
  });
});
