/** The typed client against a real studio: over HTTP (a served app) and in process (`studio.api.request`). */
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectPages,
  createStudioClient,
  StudioApiError,
  StudioUnreachableError,
  type StudioClient,
} from '@/lib/client';
import type { RunChunk } from '@/lib/runtime';
import testStudioConfig from '@/tests/support/test-studio-config';
import { freePort } from '../../support/server-process';
import { createTestStudio } from '../../support/studio';

let context: Awaited<ReturnType<typeof createTestStudio>>;
let server: ServerType;
let client: StudioClient;

const agent = (id: string) => ({
  id,
  name: `Agent ${id}`,
  model: 'openai/gpt-4o-mini',
  instructions: 'Help.',
  tools: { 'convert-units': {} },
});

beforeAll(async () => {
  context = await createTestStudio(testStudioConfig);
  const url = await new Promise<string>((resolve) => {
    server = serve({ fetch: context.studio.api.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve(`http://127.0.0.1:${info.port}/`),
    );
  });
  client = createStudioClient({ url });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await context.cleanup();
});

describe('createStudioClient over HTTP', () => {
  it('creates, saves, publishes and reads an agent through typed methods', async () => {
    const created = await client.createAgent({ body: agent('typed-one') });
    expect(created.version.versionNumber).toBe(1);
    const saved = await client.updateAgent({
      params: { id: 'typed-one' },
      body: { baseVersionNumber: 1, instructions: 'Help briefly.', changeMessage: 'Shorter' },
    });
    expect([saved.created, saved.version.versionNumber, saved.version.changeMessage]).toEqual([true, 2, 'Shorter']);
    await client.publishAgentVersion({ params: { id: 'typed-one', n: 2 } });
    const read = await client.getAgentVersion({ params: { id: 'typed-one', n: 2 } });
    expect(read.agent.activeVersionNumber).toBe(2);
    const resolution = await client.resolveAgent({ params: { id: 'typed-one' } });
    expect(resolution.tools.map((tool) => tool.name)).toEqual(['convert-units']);
  });

  it('sends query values as text (numbers, flags) and encodes path parameters', async () => {
    await client.createAgent({ body: agent('typed-two') });
    const ids = (await collectPages((cursor) => client.listAgents({ query: { limit: 1, cursor } }))).map(
      (item) => item.id,
    );
    expect(ids).toEqual(expect.arrayContaining(['typed-one', 'typed-two']));
    const exported = await client.exportAgent({ params: { id: 'typed-two' } });
    const dryRun = await client.importAgent({
      query: { mode: 'append', dryRun: 'true' },
      body: {
        ...exported,
        versions: [{ ...exported.versions[0]!, snapshot: { ...exported.versions[0]!.snapshot, instructions: 'New.' } }],
      },
    });
    expect([dryRun.dryRun, dryRun.importedVersionNumbers]).toEqual([true, [2]]);
    expect((await client.getAgent({ params: { id: 'typed-two' } })).version).toMatchObject({ versionNumber: 1 });
    await expect(client.getAgent({ params: { id: 'no such/agent' } })).rejects.toMatchObject({ status: 404 });
  });

  it("rejects with a StudioApiError carrying the API's code, message and details", async () => {
    const error = await client
      .updateAgent({ params: { id: 'typed-one' }, body: { baseVersionNumber: 1, instructions: 'Stale.' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StudioApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'version_conflict',
      details: { baseVersionNumber: 1, latestVersionNumber: 2, changedFields: ['instructions'] },
    });
    const invalid = (await client
      .createAgent({ body: { id: 'Bad Id', model: 'nope' } as never })
      .catch((caught: unknown) => caught)) as StudioApiError;
    expect(invalid.code).toBe('invalid_input');
    expect(invalid.issues.map((issue) => issue.path)).toEqual(expect.arrayContaining(['id', 'model']));
  });

  it('rejects with a StudioUnreachableError when nothing listens', async () => {
    const port = await freePort();
    const offline = createStudioClient({ url: `http://127.0.0.1:${port}` });
    const error = await offline.getHealth().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StudioUnreachableError);
    expect((error as Error).message).toContain(`http://127.0.0.1:${port}`);
  });
});

describe('runs through the typed client', () => {
  const runner = { ...agent('typed-runner'), model: 'test/scripted' };
  const convert = 'Convert [[call convert-units {"value":10,"from":"km","to":"mi"}]]';

  beforeAll(async () => {
    await client.createAgent({ body: runner });
    await client.publishAgentVersion({ params: { id: runner.id, n: 1 } });
  });

  it('generates, and reads the stored run back', async () => {
    const result = await client.generateAgent({ params: { id: runner.id }, body: { prompt: convert } });
    expect(result).toMatchObject({ status: 'finished', agentId: runner.id, versionNumber: 1 });
    expect(result.toolCalls.map((call) => call.toolName)).toEqual(['convert-units']);
    expect(result.text).toMatch(/^Tool results: convert-units -> \{.*6\.21/);
    const stored = await client.getRun({ params: { runId: result.runId } });
    expect(stored).toMatchObject({ runId: result.runId, status: 'finished', versionNumber: 1 });
  });

  it('streams the chunks as they arrive, ending with finish', async () => {
    const chunks: RunChunk[] = [];
    for await (const chunk of await client.streamAgent({ params: { id: runner.id }, body: { prompt: convert } }))
      chunks.push(chunk);
    const types = chunks.map((chunk) => chunk.type);
    expect([types[0], types.at(-1)]).toEqual(['start', 'finish']);
    expect(types).toEqual(expect.arrayContaining(['tool-call', 'tool-result', 'text-delta']));
    const text = chunks.map((chunk) => (chunk.type === 'text-delta' ? chunk.payload.text : '')).join('');
    expect(text).toMatch(/^Tool results: convert-units -> /);
    expect(new Set(chunks.map((chunk) => chunk.runId)).size).toBe(1);
  });

  it('rejects a stream that cannot start with the API error, before any chunk', async () => {
    const error = await client
      .streamAgent({ params: { id: 'nobody-here' }, body: { prompt: 'Hi' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StudioApiError);
    expect(error).toMatchObject({ status: 404 });
    const invalid = (await client
      .streamAgent({ params: { id: runner.id }, body: {} as never })
      .catch((caught: unknown) => caught)) as StudioApiError;
    expect([invalid.status, invalid.code, invalid.issues.map((issue) => issue.path)]).toEqual([
      400,
      'invalid_input',
      ['prompt'],
    ]);
  });

  it('continues a run paused on a client tool with its result', async () => {
    const paused = await client.generateAgent({
      params: { id: runner.id },
      body: {
        prompt: 'Where am I? [[call locate {"precision":"city"}]]',
        clientTools: { locate: { description: 'The user position, from the device' } },
      },
    });
    expect(paused.status).toBe('paused');
    const [pending] = paused.pending!;
    expect(pending).toMatchObject({ toolName: 'locate', kind: 'client' });
    for (const decide of [client.approveRun, client.declineRun]) {
      await expect(
        decide({ params: { runId: paused.runId }, body: { toolCallId: pending!.toolCallId } }),
      ).rejects.toMatchObject({ status: 409, code: 'conflict' });
    }
    const finished = await client.submitRunToolResults({
      params: { runId: paused.runId },
      body: { results: [{ toolCallId: pending!.toolCallId, output: { city: 'Oslo' } }] },
    });
    expect([finished.status, finished.text]).toEqual(['finished', 'Tool results: locate -> {"city":"Oslo"}']);
    await expect(
      client.resumeRun({ params: { runId: paused.runId }, body: { resumeData: {} } }),
    ).rejects.toBeInstanceOf(StudioApiError);
  });
});

describe('createStudioClient in process', () => {
  it('talks to studio.api.request with no server', async () => {
    const inProcess = createStudioClient({
      url: 'http://localhost',
      fetch: (input, init) => Promise.resolve(context.studio.api.request(input, init)),
    });
    const health = await inProcess.getHealth();
    expect(health).toMatchObject({ status: 'ok' });
    const tools = await inProcess.listTools({ query: { limit: 2 } });
    expect(tools.items).toHaveLength(2);
  });
});
