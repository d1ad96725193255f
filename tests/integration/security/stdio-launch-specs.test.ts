/**
 * Stdio servers are admitted by approved launch specs, over real HTTP. The attack: with `node` on
 * the allow-list, a saved or imported client `node -e "<code>"` ran that code when its connection
 * was tested. Here the code would write a marker file, so "no child ran" is a file that does not
 * exist. One studio opted in to bare interpreters (it stores the hostile client, and at the end
 * shows the marker does get written when the code runs); the other, on the same database, allows
 * only node with the reference server's script fixed, plus bare `node` and `/usr/bin/env node`
 * entries set in code without the opt-in (which therefore admit nothing).
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLaunchSpec } from '@/lib/mcp';
import { everythingServerPath, everythingStdioServer } from '../../support/mcp';
import { createTestStudio, jsonRequest, type ResponseBody } from '../../support/studio';

type TestContext = Awaited<ReturnType<typeof createTestStudio>>;

interface Served {
  context: TestContext;
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: ResponseBody }>;
  close(): Promise<void>;
}

async function serve(context: TestContext): Promise<Served> {
  const server: Server = createServer(getRequestListener(context.studio.api.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    context,
    async call(method, path, body) {
      const response = await fetch(`${url}${path}`, jsonRequest(method, body));
      return { status: response.status, body: (await response.json()) as ResponseBody };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await context.cleanup();
    },
  };
}

const node = process.execPath;
const everythingEntry = formatLaunchSpec({ command: node, args: [everythingServerPath] });
let optedIn: Served;
let tight: Served;
let marker: string;

const hostileServer = () => ({
  type: 'stdio',
  command: node,
  args: ['-e', `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`],
});

beforeAll(async () => {
  const first = await createTestStudio({
    settings: {
      stdioAllowedCommands: [formatLaunchSpec({ command: node, args: [] })],
      stdioAllowBareInterpreters: true,
    },
  });
  marker = join(first.directory, 'hostile-code-ran');
  optedIn = await serve(first);
  tight = await serve(
    await createTestStudio({
      database: { url: `file:${first.databaseFile}` },
      settings: { stdioAllowedCommands: [everythingEntry], mcp: { listTimeoutMs: 15_000 } },
    }),
  );
  // A bare interpreter entry that bypassed the start check (settings changed in code): without the
  // opt-in it admits nothing, at save and at spawn alike.
  tight.context.studio.settings.stdioAllowedCommands.push(
    formatLaunchSpec({ command: node, args: [] }),
    formatLaunchSpec({ command: '/usr/bin/env', args: [node] }),
  );
  const stored = await optedIn.call('POST', '/api/mcp-clients', {
    id: 'hostile',
    name: 'Hostile',
    servers: { tools: hostileServer() },
  });
  expect(stored.status).toBe(201);
}, 60_000);
afterAll(async () => {
  await tight?.close();
  await optedIn?.close();
});

describe('launch specs', () => {
  it('refuses saving node -e with 403 naming the setting and the bare entry, running nothing', async () => {
    const refused = await tight.call('POST', '/api/mcp-clients', {
      id: 'hostile-save',
      name: 'Hostile',
      servers: { tools: hostileServer() },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'forbidden',
      details: { server: 'tools', command: node, environmentVariable: 'STUDIO_STDIO_ALLOWED_COMMANDS' },
    });
    expect(refused.body.error.message).toMatch(/STUDIO_STDIO_ALLOWED_COMMANDS \(settings\.stdioAllowedCommands\)/);
    expect(refused.body.error.message).toMatch(/is a bare interpreter.*STUDIO_STDIO_ALLOW_BARE_INTERPRETERS=true/);
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses node -e run through a launcher whose entry names no script, running nothing', async () => {
    const launched = hostileServer();
    const refused = await tight.call('POST', '/api/mcp-clients', {
      id: 'hostile-env',
      name: 'Hostile',
      servers: { tools: { ...launched, command: '/usr/bin/env', args: [node, ...launched.args] } },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(
      /"\/usr\/bin\/env .*" is a bare interpreter \(nothing in it names the program .* runs.*\(run by "\/usr\/bin\/env"\)\)/,
    );
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses at the spawn point a stored node -e: /test shows ok: false naming the setting, no child ran', async () => {
    const tested = await tight.call('POST', '/api/mcp-clients/hostile/test', {});
    expect(tested.status).toBe(200);
    expect(tested.body.servers.tools).toMatchObject({ ok: false, reason: 'refused' });
    expect(tested.body.servers.tools.error).toMatch(/STUDIO_STDIO_ALLOWED_COMMANDS/);
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses importing the hostile client (export document and whole-deployment backup), running nothing', async () => {
    const exported = await optedIn.call('GET', '/api/mcp-clients/hostile/export');
    const document = { ...exported.body, client: { ...exported.body.client, id: 'hostile-import' } };
    const imported = await tight.call('POST', '/api/mcp-clients/import', document);
    expect(imported.status).toBe(403);
    expect(imported.body.error.message).toMatch(/STUDIO_STDIO_ALLOWED_COMMANDS/);

    const passphrase = 'correct horse battery staple';
    const backup = await optedIn.call('POST', '/api/deployment/export', { passphrase });
    const fresh = await serve(await createTestStudio({ settings: { stdioAllowedCommands: [everythingEntry] } }));
    try {
      const restored = await fresh.call('POST', '/api/deployment/import', { backup: backup.body, passphrase });
      expect(restored.status).toBe(400);
      expect(restored.body.error.details.issues).toContainEqual({
        path: expect.stringMatching(/^mcpClients\.\d+\.versions\.0\.snapshot\.servers\.tools\.command$/),
        message: expect.stringMatching(/STUDIO_STDIO_ALLOWED_COMMANDS/),
      });
      expect((await fresh.call('GET', '/api/mcp-clients/hostile')).status).toBe(404);
    } finally {
      await fresh.close();
    }
    expect(existsSync(marker)).toBe(false);
  });

  it('admits the fixed script with more arguments after it, and refuses another script or code before it', async () => {
    const admitted = await tight.call('POST', '/api/mcp-clients', {
      id: 'everything',
      name: 'Everything',
      servers: { main: everythingStdioServer() },
    });
    expect(admitted.status).toBe(201);
    const tested = await tight.call('POST', '/api/mcp-clients/everything/test', {});
    expect(tested.body.servers.main).toMatchObject({ ok: true });

    for (const args of [['-e', 'code', everythingServerPath], ['/tmp/other-server.js'], []]) {
      const refused = await tight.call('PATCH', '/api/mcp-clients/everything', {
        servers: { main: { type: 'stdio', command: node, args } },
      });
      expect(refused.status).toBe(403);
    }
  }, 30_000);

  it('runs node -e where bare interpreters are allowed on purpose (the marker proves the check above can fail)', async () => {
    const tested = await optedIn.call('POST', '/api/mcp-clients/hostile/test', {});
    expect(tested.body.servers.tools.ok).toBe(false);
    await expect.poll(() => existsSync(marker), { timeout: 10_000 }).toBe(true);
  }, 20_000);
});

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

describe('stored env names', () => {
  it.each(attackNames)('refuses %s with 400 invalid_input naming the variable', async (variable) => {
    const refused = await tight.call('POST', '/api/mcp-clients', {
      id: 'env-attack',
      name: 'Env',
      servers: { main: everythingStdioServer({ env: { GITHUB_TOKEN: 'ghp_1234', [variable]: 'x' } }) },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('invalid_input');
    expect(refused.body.error.details.issues).toEqual([
      expect.objectContaining({ path: `servers.main.env.${variable}`, message: expect.stringContaining(variable) }),
    ]);
  });

  it('refuses a name with no allowed suffix unless STUDIO_STDIO_ALLOWED_ENV lists it', async () => {
    const body = {
      id: 'env-plain',
      name: 'Env',
      servers: { main: everythingStdioServer({ env: { GITHUB_TOKEN: 'a', OPENAI_API_KEY: 'b', GREETING: 'c' } }) },
    };
    const refused = await tight.call('POST', '/api/mcp-clients', body);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.issues).toEqual([
      { path: 'servers.main.env.GREETING', message: expect.stringMatching(/STUDIO_STDIO_ALLOWED_ENV/) },
    ]);
    tight.context.studio.settings.stdioAllowedEnv.push('GREETING');
    try {
      const saved = await tight.call('POST', '/api/mcp-clients', {
        ...body,
        servers: { main: everythingStdioServer({ env: { ...body.servers.main.env, DATABASE_URL: 'postgres://x' } }) },
      });
      expect(saved.status).toBe(201);
    } finally {
      tight.context.studio.settings.stdioAllowedEnv.pop();
    }
    // Listed no more: the stored name is refused where the child would start.
    const tested = await tight.call('POST', '/api/mcp-clients/env-plain/test', {});
    expect(tested.body.servers.main).toMatchObject({ ok: false, reason: 'refused' });
    expect(tested.body.servers.main.error).toMatch(/GREETING.*STUDIO_STDIO_ALLOWED_ENV/);
  });
});
