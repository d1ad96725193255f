import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatLaunchSpec,
  isBareInterpreter,
  launchSpecAdmits,
  parseLaunchSpecs,
  type LaunchSpec,
} from '@/lib/mcp/launch-specs';
import { issueMessages } from '@/lib/errors';
import { commandViolation } from '@/lib/mcp/stdio-rules';

const specs = (text: string) => {
  const parsed = parseLaunchSpecs(text);
  if (!parsed.ok) throw new Error(issueMessages(parsed.issues));
  return parsed.value;
};

describe('parsing the launch-spec setting', () => {
  it.each<[string, LaunchSpec[]]>([
    [
      'npx -y @modelcontextprotocol/server-everything; node ./mcp/orders.js',
      [
        { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] },
        { command: 'node', args: ['./mcp/orders.js'] },
      ],
    ],
    ["node './mcp/my orders.js'", [{ command: 'node', args: ['./mcp/my orders.js'] }]],
    ['"/opt/my tools/run" --flag "a \\"b\\" c"', [{ command: '/opt/my tools/run', args: ['--flag', 'a "b" c'] }]],
    ["uvx 'semi;colon' x\\ y", [{ command: 'uvx', args: ['semi;colon', 'x y'] }]],
    ['run \'\' ""', [{ command: 'run', args: ['', ''] }]],
    ['  ; ;node a.js;  ', [{ command: 'node', args: ['a.js'] }]],
    ['"it\'s fine"', [{ command: "it's fine", args: [] }]],
    ['"C:\\tools\\server.exe"', [{ command: 'C:\\tools\\server.exe', args: [] }]],
    ['', []],
  ])('reads %j', (text, expected) => {
    expect(specs(text)).toEqual(expected);
  });

  it.each([
    ["node 'a.js", /quote opened at character 6 is not closed/],
    ['node "a.js', /not closed/],
    ['node a.js\\', /lone backslash/],
    ['node a.js | sh', /"\|" at character 11 means something to a shell/],
    ['node $HOME/a.js', /"\$"/],
    ['node `x`', /"`"/],
    ['node a.js > out', /">"/],
  ])('refuses %j naming the problem', (text, message) => {
    expect(parseLaunchSpecs(text)).toEqual({
      ok: false,
      issues: [{ path: 'root', message: expect.stringMatching(message) }],
    });
  });

  const word = fc.string({ unit: fc.constantFrom('a', ' ', "'", '"', '\\', ';', '$', '|', 'é', '-', '/', '\t') });
  it('gives back every spec it formats, whatever its words hold', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.array(word, { maxLength: 5 }), (command, args) => {
        const spec = { command, args };
        expect(specs(formatLaunchSpec(spec))).toEqual([spec]);
      }),
    );
  });
});

describe('which servers an entry admits', () => {
  const admits = (entry: string, server: LaunchSpec, allowBareInterpreters = false) =>
    launchSpecAdmits({ spec: specs(entry)[0]!, server, allowBareInterpreters });

  it.each<[string, LaunchSpec, boolean]>([
    ['node ./mcp/orders.js', { command: 'node', args: ['./mcp/orders.js'] }, true],
    ['node ./mcp/orders.js', { command: 'node', args: ['./mcp/orders.js', '--verbose'] }, true],
    ['node ./mcp/orders.js', { command: 'node', args: ['./mcp/other.js'] }, false],
    ['node ./mcp/orders.js', { command: 'node', args: [] }, false],
    ['node ./mcp/orders.js', { command: 'node', args: ['-e', 'code', './mcp/orders.js'] }, false],
    ['node ./mcp/orders.js', { command: '/usr/bin/node', args: ['./mcp/orders.js'] }, false],
    [
      'npx -y @modelcontextprotocol/server-everything',
      { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything', 'stdio'] },
      true,
    ],
    ['npx -y @modelcontextprotocol/server-everything', { command: 'npx', args: ['-y', 'other-package'] }, false],
    ['/opt/recorder', { command: '/opt/recorder', args: [] }, true],
    ['/opt/recorder', { command: '/opt/recorder', args: ['extra'] }, false],
    ['node', { command: 'node', args: ['-e', 'code'] }, false],
    ['node', { command: 'node', args: [] }, false],
    ['npx -y', { command: 'npx', args: ['-y', 'any-package'] }, false],
  ])('%j admits %j: %s', (entry, server, expected) => {
    expect(admits(entry, server)).toBe(expected);
  });

  it('lets a bare interpreter admit any arguments once the deployment opted in', () => {
    expect(admits('node', { command: 'node', args: ['-e', 'code'] }, true)).toBe(true);
    expect(admits('python3 -m', { command: 'python3', args: ['-m', 'http.server'] }, true)).toBe(true);
    expect(admits('python3 -m', { command: 'python3', args: ['-c', 'code'] }, true)).toBe(false);
  });

  it.each([
    ['node', true],
    ['/usr/local/bin/python3.12', true],
    ["'C:\\Program Files\\nodejs\\node.exe'", true],
    ['npx -y', true],
    ['node --no-warnings', true],
    ['bash -c', true],
    ['node ./server.js', false],
    ['npx -y @scope/pkg', false],
    ['node -e "fixed code"', false],
    ['/opt/recorder', false],
    ['nodemcp', false],
  ])('%j is a bare interpreter: %s', (entry, expected) => {
    const spec = parseLaunchSpecs(entry);
    const parsed = spec.ok ? spec.value[0]! : { command: entry, args: [] };
    expect(isBareInterpreter(parsed)).toBe(expected);
  });

  const words = fc.array(fc.string({ maxLength: 6 }), { maxLength: 4 });
  it('never admits a server whose arguments do not start with the entry’s arguments', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), words, words, fc.boolean(), (command, fixed, given, optedIn) => {
        const startsWithFixed = fixed.every((arg, index) => given[index] === arg);
        const admitted = launchSpecAdmits({
          spec: { command, args: fixed },
          server: { command, args: given },
          allowBareInterpreters: optedIn,
        });
        if (!startsWithFixed) expect(admitted).toBe(false);
      }),
    );
  });

  it('never admits extra arguments when the entry fixes none, unless it is an opted-in bare interpreter', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.array(fc.string(), { minLength: 1, maxLength: 3 }),
        (command, given) => {
          const spec = { command, args: [] };
          const admitted = launchSpecAdmits({ spec, server: { command, args: given }, allowBareInterpreters: true });
          expect(admitted).toBe(isBareInterpreter(spec));
        },
      ),
    );
  });
});

describe('the refusal of a launch spec', () => {
  it('names the setting and shows the refused command cut short', () => {
    const refused = commandViolation({
      command: 'node',
      args: ['-e', 'x'.repeat(1000)],
      policy: { stdioAllowedCommands: ['node ./mcp/orders.js'] },
    });
    expect(refused?.message).toMatch(/STUDIO_STDIO_ALLOWED_COMMANDS \(settings\.stdioAllowedCommands\)/);
    expect(refused!.message.length).toBeLessThan(700);
  });

  it('says why a bare interpreter entry admitted nothing', () => {
    const refused = commandViolation({
      command: 'node',
      args: ['-e', 'code'],
      policy: { stdioAllowedCommands: ['node'] },
    });
    expect(refused?.message).toMatch(/"node" is a bare interpreter.*STUDIO_STDIO_ALLOW_BARE_INTERPRETERS=true/);
  });

  it('admits what an entry admits, whether given in the setting’s syntax or quoted', () => {
    const policy = { stdioAllowedCommands: [formatLaunchSpec({ command: '/opt/my tools/node', args: ['./a b.js'] })] };
    expect(commandViolation({ command: '/opt/my tools/node', args: ['./a b.js', 'x'], policy })).toBeUndefined();
  });
});
