/**
 * Runs exported as OpenTelemetry traces to a real OTLP/HTTP receiver on 127.0.0.1: one trace per
 * run (a continuation of a paused run is a trace of its own with the same `studio.run.id`), a span
 * per model step and per tool call with the GenAI attributes, the tool's own `context.observe`
 * spans and events under its call, errors as failed spans; with `otlpEndpoint` unset nothing is
 * sent, and two studios in one process export each to its own collector.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { SettingsInput } from '@/lib';
import { createLogger } from '@/lib/logger';
import { createTool } from '@/lib/tools';
import { runTools, storedAgent } from '@/tests/integration/runtime/fixture';
import { runSpans, startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '@/tests/support/otlp-receiver';
import { createScriptedModel, type ScriptedStep } from '@/tests/support/scripted-model';
import { call, createAndPublish, createTestStudio } from '@/tests/support/studio';

/** A tool that traces its own work: a child span with an event inside, and an event on its call. */
const lookup = createTool({
  id: 'lookup',
  description: 'Looks up an order',
  inputSchema: z.object({ orderId: z.string() }),
  execute: async ({ orderId }, context) => {
    context.observe.log('info', 'looking up', { source: 'orders-db' });
    return context.observe.span(
      'orders.cache',
      async (inner) => {
        inner.log('debug', 'cache miss', { shard: 3 });
        return { orderId, state: 'shipped' };
      },
      { 'orders.cache.kind': 'memory' },
    );
  },
});

const agent = { ...storedAgent, tools: { ...storedAgent.tools, lookup: {} } };

let receiver: OtlpReceiver;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  receiver = await startOtlpReceiver();
});
afterAll(async () => {
  await receiver.close();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function setUp(steps: ScriptedStep[], settings: SettingsInput = { otlpEndpoint: receiver.endpoint }) {
  const model = createScriptedModel({ steps });
  const test = await createTestStudio({
    tools: { ...runTools([]), lookup },
    models: { 'test/scripted': model },
    settings,
  });
  cleanups.push(test.cleanup);
  await createAndPublish(test.studio, agent);
  return { studio: test.studio, model };
}

const byName = (spans: ReceivedSpan[], name: string) => spans.filter((span) => span.name === name);

describe('run traces', () => {
  it('export one trace per run: the run, a span per step, a span per tool call under its step, with the GenAI attributes', async () => {
    const { studio } = await setUp([
      {
        toolCalls: [
          { toolName: 'weather', input: { city: 'Oslo' } },
          { toolName: 'lookup', input: { orderId: 'A-1' } },
        ],
      },
      { text: 'Shipped, and 7 degrees.' },
    ]);
    const { body } = await call(studio, 'POST', '/api/agents/banker/generate', {
      prompt: 'Where is my order?',
      threadId: 'thread-1',
      resourceId: 'customer-9',
    });
    expect(body.status).toBe('finished');
    await studio.tracing!.flush();

    const parts = runSpans(receiver.spans(), body.runId);
    expect(parts).toHaveLength(1);
    const { root, inTrace, childrenOf } = parts[0]!;
    expect(root.name).toBe('invoke_agent banker');
    expect(root.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.id': 'banker',
      'gen_ai.request.model': 'scripted',
      'gen_ai.conversation.id': 'thread-1',
      'gen_ai.usage.input_tokens': 20,
      'gen_ai.usage.output_tokens': 10,
      'gen_ai.response.finish_reasons': ['stop'],
      'studio.agent.id': 'banker',
      'studio.version.number': 1,
      'studio.resolved_tools_hash': body.resolvedToolsHash,
      'studio.run.id': body.runId,
      'studio.thread.id': 'thread-1',
      'studio.resource.id': 'customer-9',
      'studio.run.continued': false,
      'studio.run.status': 'finished',
    });
    expect(root.resource).toMatchObject({ 'service.name': 'agent-studio' });

    const steps = childrenOf(root);
    expect(steps.map((span) => [span.name, span.attributes['studio.step.number']])).toEqual([
      ['chat scripted', 0],
      ['chat scripted', 1],
    ]);
    expect(steps[0]!.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.usage.input_tokens': 10,
      'gen_ai.usage.output_tokens': 5,
      'gen_ai.response.finish_reasons': ['tool-calls'],
    });
    expect(steps[1]!.attributes['gen_ai.response.finish_reasons']).toEqual(['stop']);

    const tools = childrenOf(steps[0]!);
    expect(tools.map((span) => span.name).sort()).toEqual(['execute_tool lookup', 'execute_tool weather']);
    expect(byName(tools, 'execute_tool weather')[0]!.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'weather',
      'gen_ai.tool.call.id': 'call-1-1',
    });
    expect(childrenOf(steps[1]!)).toEqual([]);

    // The tool's own tracing: an event on its call's span, a child span with an event of its own.
    const lookupSpan = byName(tools, 'execute_tool lookup')[0]!;
    expect(lookupSpan.events).toEqual([
      { name: 'looking up', attributes: { 'studio.log.level': 'info', source: 'orders-db' } },
    ]);
    const [cache] = childrenOf(lookupSpan);
    expect(cache).toMatchObject({ name: 'orders.cache', attributes: { 'orders.cache.kind': 'memory' } });
    expect(cache!.events).toEqual([{ name: 'cache miss', attributes: { 'studio.log.level': 'debug', shard: 3 } }]);
    expect(inTrace).toHaveLength(1 + 2 + 2 + 1);

    // No prompt, argument or result is exported.
    const exported = JSON.stringify(inTrace);
    for (const content of ['Where is my order?', 'Oslo', 'A-1', 'shipped', 'Shipped, and 7 degrees.'])
      expect(exported).not.toContain(content);
  });

  it('end the run span when it pauses, and trace the approval as its own run part with the same run id', async () => {
    const { studio } = await setUp([
      { toolCalls: [{ toolName: 'transfer', input: { to: 'alice', amount: 10 } }] },
      { text: 'Sent.' },
    ]);
    const paused = (await call(studio, 'POST', '/api/agents/banker/generate', { prompt: 'Pay Alice' })).body;
    expect(paused.status).toBe('paused');
    await studio.tracing!.flush();
    const [first] = runSpans(receiver.spans(), paused.runId);
    expect(first!.root.attributes).toMatchObject({
      'studio.run.status': 'paused',
      'studio.run.paused': true,
      'studio.run.pending_calls': 1,
    });
    const [pausedStep] = first!.childrenOf(first!.root);
    expect(first!.childrenOf(pausedStep!)[0]!.attributes).toMatchObject({
      'gen_ai.tool.name': 'transfer',
      'studio.tool.pending': 'approval',
    });

    const approved = await call(studio, 'POST', `/api/runs/${paused.runId}/approve`, { toolCallId: 'call-1-1' });
    expect(approved.body.status).toBe('finished');
    await studio.tracing!.flush();
    const parts = runSpans(receiver.spans(), paused.runId);
    expect(parts).toHaveLength(2);
    const second = parts[1]!;
    expect(second.root.traceId).not.toBe(first!.root.traceId);
    expect(second.root.attributes).toMatchObject({ 'studio.run.continued': true, 'studio.run.status': 'finished' });
    const children = second.childrenOf(second.root);
    expect(children.map((span) => span.name)).toEqual(['execute_tool transfer', 'chat scripted']);
    expect(children[0]!.attributes).toMatchObject({
      'studio.tool.answering': 'approve',
      'gen_ai.tool.call.id': 'call-1-1',
    });
    expect(children[1]!.attributes['studio.step.number']).toBe(1);
  });

  it('mark a call whose arguments the tool refuses as a failed span saying what was refused, never the values', async () => {
    const { studio } = await setUp([
      { toolCalls: [{ toolName: 'lookup', input: { orderId: 4711, note: 'secret-note-9' } }] },
      { text: 'That order number is wrong.' },
    ]);
    const { body } = await call(studio, 'POST', '/api/agents/banker/generate', { prompt: 'Where is 4711?' });
    expect(body.status).toBe('finished');
    await studio.tracing!.flush();
    const [{ root, childrenOf }] = runSpans(receiver.spans(), body.runId) as [ReturnType<typeof runSpans>[number]];
    const [lookupCall] = childrenOf(childrenOf(root)[0]!);
    expect(lookupCall!.name).toBe('execute_tool lookup');
    expect(lookupCall!.status).toEqual({
      code: 2,
      message: 'Tool input validation failed for lookup: orderId: Invalid input: expected string, received number',
    });
    expect(lookupCall!.attributes).toMatchObject({ 'error.type': 'tool_error' });
    expect(JSON.stringify(lookupCall)).not.toContain('secret-note-9');
  });

  it('mark a streamed run that fails as a failed span with the error code, never the details', async () => {
    const { studio, model } = await setUp([]);
    model.doStream = async () => {
      throw new Error('socket hang up at 10.0.0.7 with key sk-live-123');
    };
    const response = await studio.api.request('/api/agents/banker/stream', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Hi' }),
    });
    const runId = /"runId":"([^"]+)"/.exec(await response.text())![1]!;
    await studio.tracing!.flush();
    const [{ root, childrenOf }] = runSpans(receiver.spans(), runId) as [ReturnType<typeof runSpans>[number]];
    expect(root.status).toEqual({ code: 2, message: 'The run failed on the server. The details were logged.' });
    expect(root.attributes).toMatchObject({ 'studio.run.status': 'failed', 'error.type': 'internal_error' });
    expect(childrenOf(root).map((span) => [span.name, span.status.code])).toEqual([['chat scripted', 2]]);
    expect(receiver.rawText()).not.toContain('sk-live-123');
  });

  it('send the configured headers and service name', async () => {
    const { studio } = await setUp([{ text: 'Hello.' }], {
      otlpEndpoint: `${receiver.endpoint}/`,
      otlpHeaders: 'x-collector-key=key%20one',
      otelServiceName: 'studio-eu',
    });
    const { body } = await call(studio, 'POST', '/api/agents/banker/generate', { prompt: 'Hi' });
    await studio.tracing!.flush();
    const [{ root }] = runSpans(receiver.spans(), body.runId) as [ReturnType<typeof runSpans>[number]];
    expect(root.resource['service.name']).toBe('studio-eu');
    const request = receiver.requests.find((entry) => entry.body.includes(body.runId as string))!;
    expect(request.path).toBe('/v1/traces');
    expect(request.headers['x-collector-key']).toBe('key one');
  });
});

describe('a collector that is down', () => {
  it('fails no run, and the log says once that exports fail', async () => {
    const gone = await startOtlpReceiver();
    await gone.close();
    const lines: string[] = [];
    const model = createScriptedModel({ steps: [{ text: 'One.' }, { text: 'Two.' }] });
    const test = await createTestStudio({
      logger: createLogger({ level: 'info', write: (line) => lines.push(line) }),
      models: { 'test/scripted': model },
      settings: { otlpEndpoint: gone.endpoint },
    });
    cleanups.push(test.cleanup);
    await createAndPublish(test.studio, { ...storedAgent, tools: {} });
    for (const prompt of ['Hi', 'Again']) {
      const { body } = await call(test.studio, 'POST', '/api/agents/banker/generate', { prompt });
      expect(body.status).toBe('finished');
      await test.studio.tracing!.flush();
    }
    expect(lines.filter((line) => line.includes('Could not export run traces'))).toHaveLength(1);
  });
});

describe('without otlpEndpoint', () => {
  it('sends nothing, even with the variable in the process environment (only the settings count)', async () => {
    const quiet = await startOtlpReceiver();
    try {
      vi.stubEnv('OTEL_EXPORTER_OTLP_ENDPOINT', quiet.endpoint);
      const { studio } = await setUp(
        [{ toolCalls: [{ toolName: 'lookup', input: { orderId: 'A-1' } }] }, { text: 'Shipped.' }],
        {},
      );
      expect(studio.tracing).toBeUndefined();
      const { body } = await call(studio, 'POST', '/api/agents/banker/generate', { prompt: 'Where is A-1?' });
      expect(body.status).toBe('finished');
      await cleanups.pop()!();
      expect(quiet.requests).toEqual([]);
    } finally {
      await quiet.close();
    }
  });

  it('keeps two studios in one process apart: each exports its runs to its own collector', async () => {
    const other = await startOtlpReceiver();
    try {
      const first = await setUp([{ text: 'One.' }]);
      const second = await setUp([{ text: 'Two.' }], { otlpEndpoint: other.endpoint });
      const one = (await call(first.studio, 'POST', '/api/agents/banker/generate', { prompt: 'Hi' })).body;
      const two = (await call(second.studio, 'POST', '/api/agents/banker/generate', { prompt: 'Hi' })).body;
      await first.studio.tracing!.flush();
      await second.studio.tracing!.flush();
      expect(runSpans(other.spans(), two.runId)).toHaveLength(1);
      expect(runSpans(other.spans(), one.runId)).toHaveLength(0);
      expect(runSpans(receiver.spans(), one.runId)).toHaveLength(1);
      expect(runSpans(receiver.spans(), two.runId)).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});
