import { createServer } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runCli } from '@/lib/cli';
import { createTool } from '@/lib/tools';
import studioConfig from '@/studio.config';
import { createTestStudio } from '../../support/studio';

const tenantEcho = createTool({
  id: 'tenant-echo',
  description: 'Answers the tenant of the request context',
  requestContextSchema: z.object({ tenantId: z.string() }),
  execute: (_input, { requestContext }) => ({ tenantId: requestContext.tenantId }),
});

async function cli(argv: string[], environment: Record<string, string | undefined>) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runCli(argv, {
    io: { stdout: (text) => stdout.push(text), stderr: (text) => stderr.push(text) },
    environment,
  });
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('agent-studio tool commands against a running server', () => {
  let context: Awaited<ReturnType<typeof createTestStudio>>;
  let server: ServerType;
  let url: string;
  const run = (...argv: string[]) => cli(argv, { STUDIO_URL: url });

  beforeAll(async () => {
    context = await createTestStudio({
      ...studioConfig,
      tools: { ...studioConfig.tools, [tenantEcho.id]: tenantEcho },
    });
    url = await new Promise<string>((resolve) => {
      server = serve({ fetch: context.studio.api.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
        resolve(`http://127.0.0.1:${info.port}`),
      );
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await context.cleanup();
  });

  describe('tool list', () => {
    it('prints one line per tool: id and description', async () => {
      const { code, stdout, stderr } = await run('tool', 'list');
      expect([code, stderr]).toEqual([0, '']);
      const lines = stdout.split('\n');
      expect(lines.map((line) => line.split(/\s+/)[0])).toEqual([
        'convert-units',
        'search-knowledge-base',
        'tenant-echo',
        'world-time',
      ]);
      expect(lines[0]).toMatch(/^convert-units\s+Convert an amount between units/);
    });

    it('works through the api alias and prints JSON with --json', async () => {
      const { code, stdout } = await run('api', 'tool', 'list', '--json');
      expect(code).toBe(0);
      const tools = JSON.parse(stdout) as Array<{ id: string; inputSchema: object }>;
      expect(tools.map((tool) => tool.id)).toEqual([
        'convert-units',
        'search-knowledge-base',
        'tenant-echo',
        'world-time',
      ]);
      expect(tools[0]!.inputSchema).toMatchObject({ type: 'object' });
    });
  });

  describe('tool show', () => {
    it('prints the tool as JSON', async () => {
      const { code, stdout } = await run('tool', 'show', 'world-time');
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toMatchObject({
        id: 'world-time',
        inputSchema: { required: ['timeZone'] },
        annotations: { title: 'World time' },
      });
    });

    it('exits 1 naming an unknown tool', async () => {
      const { code, stdout, stderr } = await run('tool', 'show', 'no-such-tool');
      expect([code, stdout]).toEqual([1, '']);
      expect(stderr).toBe('No tool with the id "no-such-tool" is registered.');
    });
  });

  describe('tool execute', () => {
    it('prints the output as JSON', async () => {
      const { code, stdout, stderr } = await run(
        'tool',
        'execute',
        'convert-units',
        '{"value":10,"from":"km","to":"mi"}',
      );
      expect([code, stderr]).toEqual([0, '']);
      expect(JSON.parse(stdout)).toEqual({
        value: 10,
        from: 'km',
        to: 'mi',
        kind: 'length',
        result: 6.21371192237,
        formatted: '10 km = 6.21371 mi',
      });
    });

    it('takes the server from --url', async () => {
      const { code, stdout } = await cli(
        ['tool', 'execute', 'search-knowledge-base', '{"query":"labels","limit":1}', '--url', url],
        {},
      );
      expect(code).toBe(0);
      expect(JSON.parse(stdout).results[0].id).toBe('labels');
    });

    it('passes --context as the request context', async () => {
      const { code, stdout } = await run('tool', 'execute', 'tenant-echo', '{}', '--context', '{"tenantId":"acme"}');
      expect([code, JSON.parse(stdout)]).toEqual([0, { tenantId: 'acme' }]);
    });

    it('exits 1 printing every problem of invalid input to stderr', async () => {
      const { code, stdout, stderr } = await run(
        'tool',
        'execute',
        'convert-units',
        '{"value":"ten","from":"kg","to":"parsec"}',
      );
      expect([code, stdout]).toEqual([1, '']);
      expect(stderr).toMatch(
        /^Tool input validation failed for convert-units\. Please fix the following errors and try again:\n- value: .+\n- to: .+\n\nProvided arguments: /,
      );
    });

    it('exits 1 with the request-context problems when the context is invalid', async () => {
      const { code, stderr } = await run('tool', 'execute', 'tenant-echo', '{}', '--context', '{"tenantId":7}');
      expect(code).toBe(1);
      expect(stderr).toMatch(/^Request context validation failed for tenant-echo\.[^]*\n- tenantId: /);
    });

    it('exits 1 with the message when the tool throws', async () => {
      const { code, stderr } = await run('tool', 'execute', 'world-time', '{"timeZone":"Mars/Olympus_Mons"}');
      expect(code).toBe(1);
      expect(stderr).toMatch(/^Tool world-time failed: Unknown time zone "Mars\/Olympus_Mons"\./);
    });

    it('prints { inputSchema, outputSchema } with --schema', async () => {
      const { code, stdout } = await run('tool', 'execute', 'convert-units', '--schema');
      expect(code).toBe(0);
      const tool = context.studio.tools.get('convert-units')!;
      expect(JSON.parse(stdout)).toEqual({ inputSchema: tool.inputJsonSchema, outputSchema: tool.outputJsonSchema });
    });

    it.each([
      ['the input is not JSON', ['convert-units', '{"value":'], /^The input is not valid JSON: /],
      [
        'the context is not JSON',
        ['tenant-echo', '{}', '--context', '{tenant'],
        /^The --context value is not valid JSON: /,
      ],
      [
        'the context is not an object',
        ['tenant-echo', '{}', '--context', '["acme"]'],
        /^The --context value must be a JSON object/,
      ],
      ['the tool id is missing', [], /^error: missing required argument 'id'/],
      ['there is an extra argument', ['convert-units', '{}', 'extra'], /^error: too many arguments for 'execute'/],
      ['the tool is unknown', ['no-such-tool', '{}'], /^No tool with the id "no-such-tool" is registered\.$/],
    ])('exits 1 when %s', async (_case, argv, message) => {
      const { code, stdout, stderr } = await run('tool', 'execute', ...argv);
      expect([code, stdout]).toEqual([1, '']);
      expect(stderr).toMatch(message);
    });
  });

  it('checks the JSON before contacting the server (bad JSON is exit 1 even with no server)', async () => {
    const { code } = await cli(['tool', 'execute', 'convert-units', 'not json'], {
      STUDIO_URL: `http://127.0.0.1:${await closedPort()}`,
    });
    expect(code).toBe(1);
  });
});

describe('agent-studio tool commands without a server', () => {
  it.each([
    ['tool list', ['tool', 'list']],
    ['tool execute', ['tool', 'execute', 'convert-units', '{"value":1,"from":"m","to":"cm"}']],
  ])('%s exits 2 and says how to start the server', async (_name, argv) => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const { code, stdout, stderr } = await cli(argv, { STUDIO_URL: url });
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toContain(`Cannot reach the Agent Studio server at ${url}`);
    expect(stderr).toContain('npm start');
  });
});
