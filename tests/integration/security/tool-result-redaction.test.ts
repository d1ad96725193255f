/**
 * A tool source's own secrets never come back through its tool results: a real MCP server
 * (server-everything over stdio) saved with a secret in its env echoes that secret, and an OpenAPI
 * server on 127.0.0.1 echoes the credential it was sent, JSON-escaped so a plain text search of
 * the body misses it. The stream, the stored run, the model's next prompt and the log see
 * `[redacted]` instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@/lib/logger';
import {
  createEchoingModel,
  everythingLaunchSettings,
  publishEchoer,
  startAuthorizationEcho,
} from '../../support/echoing-sources';
import type { ScriptedModel } from '../../support/scripted-model';
import { call, createTestStudio, jsonRequest } from '../../support/studio';
import { parseEventStream } from '../runtime/fixture';

const envSecret = 's3cret-value-123';
const integrationToken = 'integration-token-4711';

/** Every character as a `\u` escape: the same JSON string, with nothing of the token readable in the text. */
const escaped = (text: string) =>
  [...text].map((character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

let context: Awaited<ReturnType<typeof createTestStudio>>;
let model: ScriptedModel;
let echo: Awaited<ReturnType<typeof startAuthorizationEcho>>;
const logLines: string[] = [];

beforeAll(async () => {
  // The echo writes the credential with `\u` escapes.
  echo = await startAuthorizationEcho(escaped);
  model = createEchoingModel(envSecret);
  context = await createTestStudio({
    logger: createLogger({ level: 'debug', write: (line) => logLines.push(line) }),
    settings: everythingLaunchSettings,
    models: { 'test/scripted': model },
  });
  await publishEchoer(context.studio, { envSecret, integrationToken, echoUrl: echo.url });
}, 60_000);

afterAll(async () => {
  await context?.cleanup();
  await echo?.close();
});

/** The tool results of a stream's events, as text. */
const toolResults = (events: ReturnType<typeof parseEventStream>) =>
  JSON.stringify(events.filter((entry) => entry.event === 'tool-result').map((entry) => entry.data.payload));

describe('tool results', () => {
  it('carry [redacted] instead of the secrets of their own MCP server or integration', async () => {
    const response = await context.studio.api.request(
      '/api/agents/echoer/stream',
      jsonRequest('POST', { prompt: 'Go.' }),
    );
    expect(response.status).toBe(200);
    const events = parseEventStream(await response.text());
    expect(events.at(-1)!.event).toBe('finish');
    const streamed = toolResults(events);
    expect(streamed).toContain('the token is [redacted]');
    expect(streamed).toMatch(/ECHO_TOKEN\\\\?"?: ?\\\\?"\[redacted\]/);
    expect(streamed).toContain('Bearer [redacted]');
    expect(streamed).not.toContain(envSecret);
    expect(streamed).not.toContain(escaped(integrationToken));
    expect(streamed).not.toContain(integrationToken);

    // The stored run: tool results redacted (the model's own tool input is what it wrote).
    const run = await call(context.studio, 'GET', `/api/runs/${String(events[0]!.data.runId)}`);
    const stored = JSON.stringify(run.body);
    expect(stored).toContain('the token is [redacted]');
    const count = (text: string) => stored.split(text).length - 1;
    expect(count(envSecret)).toBe(count(`the token is ${envSecret}`));
    expect(stored).not.toContain(integrationToken);
    expect(stored).not.toContain(escaped(integrationToken));

    // The run's recorded steps show the results as the stream did; the runs list shows none of them.
    const calls = (run.body.steps as Array<{ toolCalls: Array<{ toolName: string; result: unknown }> }>).flatMap(
      (step) => step.toolCalls,
    );
    expect(calls.map((entry) => entry.toolName).sort()).toEqual(['local_echo', 'local_get-env', 'whoami']);
    const recorded = JSON.stringify(calls.map((entry) => entry.result));
    expect(recorded).toContain('the token is [redacted]');
    expect(recorded).toContain('Bearer [redacted]');
    expect(recorded).not.toContain(envSecret);
    expect(recorded).not.toContain(integrationToken);
    expect(recorded).not.toContain(escaped(integrationToken));
    const listed = JSON.stringify((await call(context.studio, 'GET', '/api/runs?agentId=echoer')).body);
    expect(listed).toContain(String(events[0]!.data.runId));
    for (const secret of [envSecret, integrationToken, escaped(integrationToken)]) expect(listed).not.toContain(secret);

    // The model's next prompt: the tool messages hold no secret.
    const toolMessages = JSON.stringify(model.prompts.at(-1)!.filter((message) => message.role === 'tool'));
    expect(toolMessages).toContain('[redacted]');
    expect(toolMessages).not.toContain(envSecret);
    expect(toolMessages).not.toContain(integrationToken);
    expect(toolMessages).not.toContain(escaped(integrationToken));

    expect(logLines.join('\n')).not.toContain(envSecret);
    expect(logLines.join('\n')).not.toContain(integrationToken);
  }, 60_000);

  it('from the execute route are redacted the same way', async () => {
    const executed = await call(context.studio, 'POST', '/api/agents/echoer/tools/local_echo/execute', {
      input: { message: envSecret },
    });
    expect(executed.status).toBe(200);
    expect(JSON.stringify(executed.body)).not.toContain(envSecret);
    expect(JSON.stringify(executed.body)).toContain('Echo: [redacted]');
    const whoami = await call(context.studio, 'POST', '/api/agents/echoer/tools/whoami/execute', { input: {} });
    expect(whoami.body.output.body).toEqual({ authorization: 'Bearer [redacted]' });
  }, 30_000);
});
