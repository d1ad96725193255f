import { describe, expect, it } from 'vitest';
import { parseSettings, SettingsError, settingsFromEnvironment } from '@/lib/env';
import { bareInterpreterNotice } from '@/lib/stdio-settings';

const problemsOf = (attempt: () => unknown) => {
  try {
    attempt();
  } catch (error) {
    if (error instanceof SettingsError) return error.problems;
    throw error;
  }
  throw new Error('expected a SettingsError');
};

describe('the stdio settings', () => {
  it('reads launch specs with quotes, one string per entry in the setting’s syntax', () => {
    const settings = settingsFromEnvironment({
      STUDIO_STDIO_ALLOWED_COMMANDS: `"/opt/my tools/server" --stdio; node './mcp/my orders.js'`,
    });
    expect(settings.stdioAllowedCommands).toEqual(["'/opt/my tools/server' --stdio", "node './mcp/my orders.js'"]);
  });

  it('takes entries in code as strings (each may hold several) or as { command, args }', () => {
    const settings = parseSettings({
      stdioAllowedCommands: ['/opt/recorder', 'node a.js; node b.js', { command: '/opt/x y/node', args: ['s.js'] }],
    });
    expect(settings.stdioAllowedCommands).toEqual(['/opt/recorder', 'node a.js', 'node b.js', "'/opt/x y/node' s.js"]);
  });

  it('refuses a bare interpreter at start, naming the variable and the entry', () => {
    const problems = problemsOf(() =>
      settingsFromEnvironment({ STUDIO_STDIO_ALLOWED_COMMANDS: 'node ./mcp/orders.js; python3 -m' }),
    );
    expect(problems).toEqual([
      {
        name: 'STUDIO_STDIO_ALLOWED_COMMANDS',
        message: expect.stringMatching(
          /the entry "python3 -m" is a bare interpreter.*STUDIO_STDIO_ALLOW_BARE_INTERPRETERS=true/,
        ),
      },
    ]);
    expect(() => parseSettings({ stdioAllowedCommands: ['node'] })).toThrow(
      /settings\.stdioAllowedCommands\.0.*"node"/s,
    );
  });

  it.each([
    '/usr/bin/env node',
    'uv run',
    'npm exec --',
    'deno run -A',
    'python3 -W ignore',
    'busybox sh',
    'node --require /tmp/hook.js',
  ])('refuses %j at start: it leaves the program open', (entry) => {
    const problems = problemsOf(() => settingsFromEnvironment({ STUDIO_STDIO_ALLOWED_COMMANDS: entry }));
    expect(problems).toEqual([
      {
        name: 'STUDIO_STDIO_ALLOWED_COMMANDS',
        message: expect.stringMatching(
          /the entry ".*" is a bare interpreter: nothing in it names the (program|command) .*a script path or a module.*STUDIO_STDIO_ALLOW_BARE_INTERPRETERS=true/,
        ),
      },
    ]);
  });

  it('says which command a launcher leaves open', () => {
    const problems = problemsOf(() => settingsFromEnvironment({ STUDIO_STDIO_ALLOWED_COMMANDS: '/usr/bin/env node' }));
    expect(problems[0]!.message).toContain(
      'the entry "/usr/bin/env node" is a bare interpreter: nothing in it names the program "node" runs (a script path or a module), only options (run by "/usr/bin/env")',
    );
  });

  it('accepts a bare interpreter when the deployment opted in, and the start banner says what that means', () => {
    const settings = settingsFromEnvironment({
      STUDIO_STDIO_ALLOWED_COMMANDS: 'node; uvx mcp-server-fetch',
      STUDIO_STDIO_ALLOW_BARE_INTERPRETERS: 'true',
    });
    expect(settings).toMatchObject({
      stdioAllowedCommands: ['node', 'uvx mcp-server-fetch'],
      stdioAllowBareInterpreters: true,
    });
    expect(bareInterpreterNotice(settings)).toMatch(/\("node"\) admits any arguments.*run any code on this machine/);
    expect(bareInterpreterNotice(parseSettings({ stdioAllowedCommands: ['node a.js'] }))).toBe('');
  });

  it('refuses an entry that does not read, naming it', () => {
    const problems = problemsOf(() => settingsFromEnvironment({ STUDIO_STDIO_ALLOWED_COMMANDS: "node 'a.js" }));
    expect(problems).toEqual([
      {
        name: 'STUDIO_STDIO_ALLOWED_COMMANDS',
        message: expect.stringMatching(/"node 'a\.js" cannot be read: .*not closed/),
      },
    ]);
  });

  it('reads extra env names, refusing a runtime variable instead of ignoring it', () => {
    expect(settingsFromEnvironment({ STUDIO_STDIO_ALLOWED_ENV: 'GREETING, TZ' }).stdioAllowedEnv).toEqual([
      'GREETING',
      'TZ',
    ]);
    const problems = problemsOf(() => settingsFromEnvironment({ STUDIO_STDIO_ALLOWED_ENV: 'GREETING,NODE_OPTIONS' }));
    expect(problems).toEqual([
      { name: 'STUDIO_STDIO_ALLOWED_ENV', message: expect.stringMatching(/NODE_OPTIONS changes which code/) },
    ]);
  });
});
