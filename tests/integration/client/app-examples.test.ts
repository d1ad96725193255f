/**
 * The "Use in your app" examples are correct for a real studio: the curl example's requests, read
 * back out of the shell text (method, URL, headers, body) and sent with fetch, answer 200 with a
 * runtime key in place of the placeholder; the TypeScript example imports only what
 * `agent-studio/client` exports, calls only methods the client has, and run as written (with the
 * in-repository client) resolves and runs the agent.
 */
import { readFileSync } from 'node:fs';
import { serve, type ServerType } from '@hono/node-server';
import { transform } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyVariable, appExamples, exampleRequestContext } from '@/lib/app-examples';
import * as clientModule from '@/lib/client';
import { operationTable } from '@/lib/client/operation-table';
import testStudioConfig from '@/tests/support/test-studio-config';
import { createTestStudio } from '../../support/studio';

let context: Awaited<ReturnType<typeof createTestStudio>>;
let server: ServerType;
let baseUrl: string;
let runtimeKey: string;

const agentId = 'tiered-helper';
const requestContextSchema = {
  type: 'object',
  properties: { tier: { type: 'string', enum: ['pro', 'free'] }, seats: { type: 'integer' } },
};

beforeAll(async () => {
  context = await createTestStudio({ ...testStudioConfig, settings: { auth: 'required' } });
  const { studio } = context;
  runtimeKey = (await studio.access.apiKeys.create({ name: 'app', scope: 'runtime', createdBy: 'test' })).key;
  const { version } = await studio.editor.agents.create({
    id: agentId,
    name: 'Tiered helper',
    model: 'test/scripted',
    instructions: 'Help.',
    requestContextSchema,
    tools: [
      {
        value: { 'convert-units': {} },
        rules: { operator: 'AND', conditions: [{ field: 'tier', operator: 'equals', value: 'pro' }] },
      },
    ],
  });
  await studio.editor.agents.publish({ id: agentId, versionNumber: version.versionNumber });
  baseUrl = await new Promise<string>((resolve) => {
    server = serve({ fetch: studio.api.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve(`http://127.0.0.1:${info.port}`),
    );
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await context.cleanup();
});

function examples() {
  const requestContext = exampleRequestContext({ requestContextSchema, snapshot: {} });
  return appExamples({ baseUrl, agentId, label: 'production', requestContext });
}

/** The words of a shell command as a POSIX shell splits them: '...' literal, "..." with `$NAME` expanded. */
function shellWords(command: string, environment: Record<string, string>): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let index = 0; index < command.length; index++) {
    const char = command[index]!;
    if (char === '\\' && command[index + 1] === '\n') index++;
    else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (char === "'") {
      const end = command.indexOf("'", index + 1);
      word = (word ?? '') + command.slice(index + 1, end);
      index = end;
    } else if (char === '"') {
      const end = command.indexOf('"', index + 1);
      const inner = command
        .slice(index + 1, end)
        .replace(/\$([A-Z_]+)/g, (_all, name: string) => environment[name] ?? '');
      word = (word ?? '') + inner;
      index = end;
    } else if (char === '\\') word = (word ?? '') + command[++index];
    else word = (word ?? '') + char;
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** The fetch arguments of one `curl -X <method> <url> -H ... -d ...` command. */
function curlRequest(command: string, environment: Record<string, string>) {
  const [program, ...words] = shellWords(command, environment);
  expect(program).toBe('curl');
  let method = 'GET';
  let url = '';
  const headers: Record<string, string> = {};
  let body: string | undefined;
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    if (word === '-X') method = words[++index]!;
    else if (word === '-H') {
      const [name, ...value] = words[++index]!.split(':');
      headers[name!.trim().toLowerCase()] = value.join(':').trim();
    } else if (word === '-d') body = words[++index];
    else url = word;
  }
  return { method, url, headers, body };
}

const commandsOf = (curl: string) =>
  curl
    .split('\n\n')
    .map((block) =>
      block
        .split('\n')
        .filter((line) => !line.startsWith('#'))
        .join('\n'),
    )
    .filter((command) => command.trim() !== '');

describe('the curl example', () => {
  it('names the key only as a placeholder and sends it as a bearer token', () => {
    const { curl } = examples();
    expect(curl).toContain(`-H "Authorization: Bearer $${apiKeyVariable}"`);
    expect(curl).not.toContain(runtimeKey);
    expect(commandsOf(curl)).toHaveLength(2);
  });

  it('resolves and runs the agent: each request, sent as written with a runtime key, answers 200', async () => {
    const [resolve, generate] = commandsOf(examples().curl).map((command) =>
      curlRequest(command, { [apiKeyVariable]: runtimeKey }),
    );
    expect(resolve!.url).toBe(`${baseUrl}/api/agents/${agentId}/resolve`);
    const resolved = await fetch(resolve!.url, resolve!);
    const resolution = (await resolved.json()) as { agentId: string; label: string; tools: Array<{ name: string }> };
    expect([resolved.status, resolution.agentId, resolution.label]).toEqual([200, agentId, 'production']);
    // The example context is the first of the schema's values (tier "pro"), which the rule adds a tool for.
    expect(resolution.tools.map((tool) => tool.name)).toEqual(['convert-units']);

    expect(generate!.url).toBe(`${baseUrl}/api/agents/${agentId}/generate`);
    const generated = await fetch(generate!.url, generate!);
    const run = (await generated.json()) as { status: string; text: string };
    expect([generated.status, run.status, run.text]).toEqual([200, 'finished', 'You said: Hello!']);
  });

  it('without the key the same request is refused, so the header is what lets it in', async () => {
    const [resolve] = commandsOf(examples().curl).map((command) => curlRequest(command, {}));
    expect((await fetch(resolve!.url, resolve!)).status).toBe(401);
  });
});

describe('the TypeScript example', () => {
  it('imports what agent-studio/client exports and calls methods the client has', () => {
    const { typescript } = examples();
    const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; exports: object };
    const imports = [...typescript.matchAll(/import \{([^}]+)\} from '([^']+)'/g)];
    expect(imports).toHaveLength(1);
    const [, names, specifier] = imports[0]!;
    expect(specifier).toBe(`${packageJson.name}/client`);
    expect(Object.keys(packageJson.exports)).toContain('./client');
    for (const name of names!.split(',').map((item) => item.trim())) expect(Object.keys(clientModule)).toContain(name);

    const methods = [...typescript.matchAll(/client\.(\w+)\(/g)].map((match) => match[1]);
    expect(methods).toEqual(['resolveAgent', 'generateAgent']);
    const client = clientModule.createStudioClient({ url: baseUrl });
    for (const method of methods) {
      expect(Object.keys(operationTable)).toContain(method);
      expect(typeof (client as unknown as Record<string, unknown>)[method!]).toBe('function');
    }
    expect(typescript).toContain(`apiKey: process.env.${apiKeyVariable}`);
  });

  it('runs as written: it resolves the agent and runs it to the end', async () => {
    const { code } = await transform(examples().typescript, { loader: 'ts', format: 'esm' });
    const body = code.replace(/^import .*;$/m, '');
    const logged: unknown[][] = [];
    const run = new (Object.getPrototypeOf(async () => {}).constructor as FunctionConstructor)(
      'createStudioClient',
      'process',
      'console',
      body,
    ) as (...args: unknown[]) => Promise<void>;
    await run(
      clientModule.createStudioClient,
      { env: { [apiKeyVariable]: runtimeKey } },
      { log: (...values: unknown[]) => logged.push(values) },
    );
    expect(logged).toEqual([[['convert-units']], ['finished', 'You said: Hello!']]);
  });
});
