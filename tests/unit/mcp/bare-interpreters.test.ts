import { describe, expect, it } from 'vitest';
import { bareInterpreterReason, isBareInterpreter } from '@/lib/mcp/bare-interpreters';
import { launchSpecAdmits, parseLaunchSpecs, type LaunchSpec } from '@/lib/mcp/launch-specs';

const spec = (entry: string): LaunchSpec => {
  const parsed = parseLaunchSpecs(entry);
  if (!parsed.ok || parsed.value.length !== 1) throw new Error(`not one entry: ${entry}`);
  return parsed.value[0]!;
};

describe('entries that leave the code to run open', () => {
  it.each([
    // launchers: the command they run is checked again
    '/usr/bin/env node',
    'env -i A=1 node --require ./hook.js',
    'env -S node',
    'env -S \'node "$@"\'',
    'uv run',
    'uv run python',
    'uv tool run --from pkg',
    'uvx --with pkg',
    'npm exec --',
    'npm exec -- node',
    'npx -y node',
    'npx --package pkg',
    'pnpm dlx',
    'yarn dlx -p pkg',
    'bunx',
    'bun x',
    'pipx run',
    'deno run -A',
    'deno eval',
    'busybox sh',
    'busybox env node',
    'sudo -u nobody python3',
    'nice -n 5 node',
    'timeout 10 node',
    'timeout 10',
    'xargs -n 1 node',
    'corepack pnpm dlx',
    'go run',
    'docker run -i --rm -v /srv:/srv',
    // shells: a command line is checked as an entry of its own
    'bash -c',
    'bash -lc node',
    'sh -c \'exec node "$@"\'',
    "sh -c 'node --require x'",
    // interpreters: only options, and the values of options that take one
    'python3 -W ignore',
    'python3 -uW ignore',
    'python3 -m',
    'node --require /tmp/hook.js',
    'node -r ./hook.js --no-warnings',
    'node --import ./hook.mjs',
    'node --',
    'ruby -I lib',
    'julia -L setup.jl',
    'java -cp /opt/lib',
    // programs whose own options run commands
    'find /tmp',
    'git -C /srv/repo',
    'ssh mcp@host',
    'tar -xf /srv/tools.tar',
    'env git -c core.pager=cat',
  ])('%j is bare', (entry) => {
    expect(bareInterpreterReason(spec(entry))).toEqual(expect.any(String));
  });

  it.each([
    'npx -y @modelcontextprotocol/server-everything',
    'node /path/server.js',
    'node --no-warnings ./mcp/orders.js',
    'node --require ./hook.js ./server.js',
    'node -e "fixed code"',
    '/usr/bin/env node ./server.js',
    'env A=1 node --require ./hook.js ./server.js',
    "env -S 'node ./server.js'",
    'uvx mcp-server-fetch',
    'uv run --with httpx server.py',
    'uv tool run --from pkg mcp-server',
    'npm exec -- @scope/server',
    'pnpm dlx @scope/server',
    'bun x @scope/server',
    'bun ./server.ts',
    'pipx run mcp-server-fetch',
    'deno run -A ./server.ts',
    'busybox sh ./server.sh',
    'sudo -u nobody /opt/server',
    'timeout 10 node ./server.js',
    'python3 -m pkg',
    'python3 -W ignore -m pkg',
    'python3 -u server.py',
    "bash -c 'node ./server.js'",
    'bash ./server.sh',
    'docker run -i --rm -v /srv:/srv mcp/github',
    'go run ./cmd/server',
    '/opt/recorder',
  ])('%j names its program', (entry) => {
    expect(bareInterpreterReason(spec(entry))).toBeUndefined();
  });

  it('says which command is left open and what runs it', () => {
    expect(bareInterpreterReason(spec('/usr/bin/env node'))).toBe(
      'nothing in it names the program "node" runs (a script path or a module), only options (run by "/usr/bin/env")',
    );
    expect(bareInterpreterReason(spec('npm exec --'))).toBe('nothing in it names the command "npm" runs');
    expect(bareInterpreterReason(spec('sh -c \'node "$@"\''))).toMatch(
      /command line given to "sh -c" cannot be checked/,
    );
  });

  it('admits nothing through an open launcher unless the deployment opted in', () => {
    const server = { command: '/usr/bin/env', args: ['node', '-e', 'code'] };
    const entry = spec('/usr/bin/env node');
    expect(isBareInterpreter(entry)).toBe(true);
    expect(launchSpecAdmits({ spec: entry, server, allowBareInterpreters: false })).toBe(false);
    expect(launchSpecAdmits({ spec: entry, server, allowBareInterpreters: true })).toBe(true);
  });
});
