/**
 * Exported traces hold no secret and no content: a real MCP server (server-everything over stdio)
 * saved with a secret in its env is asked to echo it (in the model's arguments) and to list its
 * env (in its result), and an OpenAPI integration's echo server answers with the credential it was
 * sent; the run's spans, as a local OTLP/HTTP receiver gets them, name the calls but carry none of
 * these values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEchoingModel,
  everythingLaunchSettings,
  publishEchoer,
  startAuthorizationEcho,
} from '../../support/echoing-sources';
import { runSpans, startOtlpReceiver, type OtlpReceiver } from '../../support/otlp-receiver';
import { createTestStudio, jsonRequest } from '../../support/studio';
import { parseEventStream } from '../runtime/fixture';

const envSecret = 'trace-s3cret-value-321';
const integrationToken = 'trace-integration-token-4711';
const prompt = 'My card number is 4111 1111 1111 1111, go.';

let context: Awaited<ReturnType<typeof createTestStudio>>;
let receiver: OtlpReceiver;
let echo: Awaited<ReturnType<typeof startAuthorizationEcho>>;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  echo = await startAuthorizationEcho();
  context = await createTestStudio({
    settings: { ...everythingLaunchSettings, otlpEndpoint: receiver.endpoint },
    models: { 'test/scripted': createEchoingModel(envSecret) },
  });
  await publishEchoer(context.studio, { envSecret, integrationToken, echoUrl: echo.url });
}, 60_000);

afterAll(async () => {
  await context?.cleanup();
  await receiver?.close();
  await echo?.close();
});

describe('exported run traces', () => {
  it('name the tool calls but hold no secret of their sources, no prompt, argument or result', async () => {
    const response = await context.studio.api.request('/api/agents/echoer/stream', jsonRequest('POST', { prompt }));
    const events = parseEventStream(await response.text());
    expect(events.at(-1)!.event).toBe('finish');
    // The secrets did go through the run: the model wrote one, the tools answered with both.
    expect(JSON.stringify(events)).toContain(envSecret);
    await context.studio.tracing!.flush();

    const [run] = runSpans(receiver.spans(), String(events[0]!.data.runId));
    expect(run!.inTrace.map((span) => span.name).sort()).toEqual([
      'chat scripted',
      'chat scripted',
      'execute_tool local_echo',
      'execute_tool local_get-env',
      'execute_tool whoami',
      'invoke_agent echoer',
    ]);
    const exported = receiver.rawText();
    expect(exported).not.toContain(envSecret);
    expect(exported).not.toContain(integrationToken);
    expect(exported).not.toContain('4111 1111');
    expect(exported).not.toContain('ECHO_TOKEN');
  }, 60_000);
});
