/**
 * MCP elicitation as a run pause, through the production HTTP API on a real SQLite file: a stored
 * agent with a saved client on server-everything (stdio) calls `trigger-elicitation-request`; the
 * server's `elicitation/create` pauses the run with a suspension of kind `elicitation` while the
 * server's request stays open, and the resume answers it (accept with content, decline, cancel).
 * The scripted model calls the tool from the prompt and then reports the result it received.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudio, type Studio } from '@/lib';
import { silentLogger } from '@/lib/logger';
import testStudioConfig from '@/tests/support/test-studio-config';
import { call, createAndPublish, type ResponseBody } from '../../support/studio';
import { everythingServerPath, testStdioAllowedCommands } from '../../support/mcp';
import { serveTestStudio } from '../runtime/http-runs';

const toolName = 'local_trigger-elicitation-request';
const prompt = `[[call ${toolName} {}]]`;

const mcpSettings = { listTimeoutMs: 15_000, callTimeoutMs: 15_000 };

let served: Awaited<ReturnType<typeof serveTestStudio>>;
const others: Studio[] = [];

/** Another studio on the same database: a restarted process, or one with other settings. */
async function anotherStudio(mcp: Record<string, number> = {}): Promise<Studio> {
  const studio = await createStudio({
    logger: silentLogger,
    ...testStudioConfig,
    ...served.reopen,
    settings: {
      mode: 'test',
      ...served.reopen.settings,
      stdioAllowedCommands: testStdioAllowedCommands,
      mcp: { ...mcpSettings, ...mcp },
    },
  });
  others.push(studio);
  return studio;
}

beforeAll(async () => {
  served = await serveTestStudio({ settings: { stdioAllowedCommands: testStdioAllowedCommands, mcp: mcpSettings } });
  const created = await served.send('POST', '/api/mcp-clients', {
    id: 'everything',
    name: 'Everything (stdio)',
    servers: {
      local: {
        type: 'stdio',
        command: process.execPath,
        args: [everythingServerPath, 'stdio'],
        tools: { 'trigger-elicitation-request': {}, echo: {} },
      },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await createAndPublish(served.studio, {
    id: 'asker',
    name: 'Asker',
    model: 'test/scripted',
    instructions: 'Use the tools.',
    mcpClients: { everything: { tools: {} } },
  });
}, 60_000);

afterAll(async () => {
  for (const studio of others) await studio.close();
  await served?.close();
});

const generate = () => served.send('POST', '/api/agents/asker/generate', { prompt });
const resume = (runId: string, resumeData: unknown) => served.send('POST', `/api/runs/${runId}/resume`, { resumeData });
/** What the server's tool answered, as the continued run reports it. */
const toolText = (body: ResponseBody): string =>
  (body.toolResults as Array<{ toolName: string; result: { content: Array<{ text: string }> } }>)
    .find((result) => result.toolName === toolName)!
    .result.content.map((part) => part.text)
    .join('\n');

describe('an MCP server asking for input during a tool call', () => {
  it('pauses the run with an elicitation suspension carrying the message and requested schema', async () => {
    const paused = await generate();
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body.status).toBe('paused');
    expect(paused.body.pending).toEqual([
      expect.objectContaining({
        toolName,
        kind: 'suspended',
        suspendPayload: {
          kind: 'elicitation',
          serverName: 'local',
          message: 'Please provide inputs for the following fields:',
          requestedSchema: expect.objectContaining({ type: 'object', required: ['name'] }),
        },
      }),
    ]);
    expect(paused.body.pending[0].suspendPayload.requestedSchema.properties.name).toMatchObject({ type: 'string' });
  }, 30_000);

  it('answers the server with the accepted content, and the call completes with it', async () => {
    const paused = await generate();
    const resumed = await resume(paused.body.runId, {
      action: 'accept',
      content: { name: 'Ada Lovelace', check: true },
    });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body.status).toBe('finished');
    const text = toolText(resumed.body);
    expect(text).toContain('User provided the requested information');
    expect(text).toContain('- Name: Ada Lovelace');
    expect(text).toContain('- Agreed to terms: true');
    // The model read the same result.
    expect(resumed.body.text).toContain('Ada Lovelace');
  }, 30_000);

  it('answers decline, and the tool result says the user declined', async () => {
    const paused = await generate();
    const resumed = await resume(paused.body.runId, { action: 'decline' });
    expect(resumed.body.status).toBe('finished');
    expect(toolText(resumed.body)).toContain('User declined to provide the requested information');
  }, 30_000);

  it('answers cancel when the resume says so', async () => {
    const paused = await generate();
    const resumed = await resume(paused.body.runId, { action: 'cancel' });
    expect(toolText(resumed.body)).toContain('User cancelled the elicitation dialog');
  }, 30_000);

  it('refuses content that does not fit the requested schema with 400, and the question stays open', async () => {
    const paused = await generate();
    const { runId } = paused.body;
    const missing = await resume(runId, { action: 'accept', content: { check: true } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'invalid_input' });
    expect(JSON.stringify(missing.body.error.details)).toContain('resumeData.content');
    const unknownAction = await resume(runId, { action: 'maybe' });
    expect(unknownAction.status).toBe(400);
    const resumed = await resume(runId, { action: 'accept', content: { name: 'Grace' } });
    expect(toolText(resumed.body)).toContain('- Name: Grace');
  }, 30_000);

  it('streams the suspension chunk, and a streamed resume the tool result', async () => {
    const paused = await served.send('POST', '/api/agents/asker/stream', { prompt }, { stream: true });
    const suspended = paused.events.find((event) => event.data.type === 'tool-call-suspended');
    expect(suspended?.data.payload).toMatchObject({
      toolName,
      suspendPayload: { kind: 'elicitation', message: 'Please provide inputs for the following fields:' },
    });
    const finish = paused.events.at(-1)!.data;
    expect(finish).toMatchObject({ type: 'finish', payload: { status: 'paused' } });
    const runId = suspended!.data.runId as string;
    const resumed = await served.send(
      'POST',
      `/api/runs/${runId}/resume`,
      { resumeData: { action: 'accept', content: { name: 'Streamed' } } },
      { stream: true },
    );
    const result = resumed.events.find((event) => event.data.type === 'tool-result');
    expect(JSON.stringify(result?.data.payload)).toContain('- Name: Streamed');
  }, 30_000);
});

describe('a question that is no longer open', () => {
  const errorOf = (body: ResponseBody) => {
    const results = body.toolResults as Array<{ toolName: string; isError: boolean; result: unknown }>;
    const result = results.find((candidate) => candidate.toolName === toolName)!;
    expect(result.isError).toBe(true);
    return JSON.stringify(result.result);
  };

  it('fails the call with a clear tool error when the process holding it restarted', async () => {
    const before = await anotherStudio();
    const paused = await call(before, 'POST', '/api/agents/asker/generate', { prompt });
    expect(paused.body.status).toBe('paused');
    await before.close();
    const after = await anotherStudio();
    const resumed = await call(after, 'POST', `/api/runs/${paused.body.runId}/resume`, {
      resumeData: { action: 'accept', content: { name: 'Too late' } },
    });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    // The run goes on: the model reads the error, and the run finishes.
    expect(resumed.body.status).toBe('finished');
    expect(errorOf(resumed.body)).toContain(
      'MCP server \\"local\\" asked for input, but its request is no longer open',
    );
  }, 60_000);

  it('answers the server cancel when nobody answers within the elicitation timeout', async () => {
    const studio = await anotherStudio({ elicitationTimeoutMs: 300 });
    const paused = await call(studio, 'POST', '/api/agents/asker/generate', { prompt });
    expect(paused.body.status).toBe('paused');
    await delay(800);
    const resumed = await call(studio, 'POST', `/api/runs/${paused.body.runId}/resume`, {
      resumeData: { action: 'decline' },
    });
    expect(errorOf(resumed.body)).toContain('went unanswered past the elicitation timeout');
  }, 60_000);
});

describe('who may answer', () => {
  it("only a continuation naming the run's resource answers the question", async () => {
    const paused = await served.send('POST', '/api/agents/asker/generate', { prompt, resourceId: 'alice' });
    expect(paused.body.status).toBe('paused');
    const { runId } = paused.body;
    const stranger = await served.send('POST', `/api/runs/${runId}/resume`, {
      resourceId: 'mallory',
      resumeData: { action: 'accept', content: { name: 'Mallory' } },
    });
    expect(stranger.status).toBe(403);
    const owner = await served.send('POST', `/api/runs/${runId}/resume`, {
      resourceId: 'alice',
      resumeData: { action: 'accept', content: { name: 'Alice' } },
    });
    expect(toolText(owner.body)).toContain('- Name: Alice');
    expect(toolText(owner.body)).not.toContain('Mallory');
  }, 30_000);
});

describe('a question with nobody to ask', () => {
  it('is answered cancel for a call outside a run (the tool execute route), which completes at once', async () => {
    const executed = await served.send('POST', `/api/agents/asker/tools/${toolName}/execute`, { input: {} });
    expect(executed.status, JSON.stringify(executed.body)).toBe(200);
    const text = (executed.body.output.content as Array<{ text: string }>).map((part) => part.text).join('\n');
    expect(text).toContain('User cancelled the elicitation dialog');
  }, 30_000);
});
