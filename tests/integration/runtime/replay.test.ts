/**
 * Replaying a test case against a version: the scripted model really runs, every tool call is
 * answered from the recording (the real tools count their calls to prove they never run), a call
 * the recording lacks is a tool error or, for a read-only tool the case allows, a live call; the
 * replay is a stored run marked `evaluation`, read back over HTTP.
 */
import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestCase } from '@/lib/schemas/test-case-bodies';
import { createTool } from '@/lib/tools';
import { createScriptedModel, type ScriptedStep } from '@/tests/support/scripted-model';
import { call, createAndPublish, createTestStudio } from '@/tests/support/studio';

const executed: Record<string, number> = {};
const count = (name: string) => {
  executed[name] = (executed[name] ?? 0) + 1;
};

const lookupOrder = createTool({
  id: 'lookup_order',
  description: 'Finds an order',
  inputSchema: z.object({ orderId: z.string() }),
  execute: async () => {
    count('lookup_order');
    return { status: 'live answer' };
  },
});
/** Asks for approval on every call: a replay answers it from the recording without pausing. */
const chargeCard = createTool({
  id: 'charge_card',
  description: 'Charges the card',
  inputSchema: z.object({ amount: z.number() }),
  requireApproval: true,
  execute: async () => {
    count('charge_card');
    return { charged: 'live' };
  },
});
const checkStock = createTool({
  id: 'check_stock',
  description: 'Checks the stock',
  inputSchema: z.object({ sku: z.string() }),
  execute: async () => {
    count('check_stock');
    return { inStock: true };
  },
});
const weather = createTool({
  id: 'weather',
  description: 'Reads the weather',
  inputSchema: z.object({ city: z.string() }),
  mcp: { annotations: { readOnlyHint: true } },
  execute: async ({ city }) => {
    count('weather');
    return { city, sky: 'clear' };
  },
});

type Prompt = LanguageModelV3CallOptions['prompt'];

const systemText = (prompt: Prompt) =>
  prompt
    .filter((message) => message.role === 'system')
    .map((message) => message.content)
    .join('\n');

/** Calls tools as the instructions say, then reports what the tools answered. */
function respond(options: LanguageModelV3CallOptions): ScriptedStep {
  const last = options.prompt.at(-1);
  if (last?.role === 'tool') {
    const lines = last.content.map((part) =>
      part.type === 'tool-result'
        ? `${part.toolName} -> ${JSON.stringify((part.output as { value?: unknown }).value)}`
        : '',
    );
    return { text: `Tool results: ${lines.join('; ')}` };
  }
  const instructions = systemText(options.prompt);
  const toolCalls = [
    { toolName: 'lookup_order', input: { orderId: '7' } },
    { toolName: 'charge_card', input: { amount: 12 } },
  ];
  if (instructions.includes('stock')) toolCalls.push({ toolName: 'check_stock', input: { sku: 'A' } } as never);
  if (instructions.includes('weather')) toolCalls.push({ toolName: 'weather', input: { city: 'Oslo' } } as never);
  if (instructions.includes('spell')) toolCalls.push({ toolName: 'check_stock', input: { sku: 7 } } as never);
  return { toolCalls };
}

const recordedAnswer = 'Tool results: lookup_order -> {"status":"shipped"}; charge_card -> {"charged":true}';

function testCase(overrides: Partial<TestCase> = {}): TestCase {
  return {
    id: 'case-1',
    agentId: 'shop',
    name: 'Charges order 7',
    input: { prompt: 'Charge order 7' },
    requestContext: {},
    expectations: [],
    recording: {
      toolCalls: [
        // Argument keys in another order than the model sends them: compared as canonical JSON.
        { toolName: 'lookup_order', args: { orderId: '7' }, result: { status: 'shipped' }, isError: false },
        { toolName: 'charge_card', args: { amount: 12 }, result: { charged: true }, isError: false },
      ],
      answer: recordedAnswer,
      versionNumber: 1,
    },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

let test: Awaited<ReturnType<typeof createTestStudio>>;

beforeAll(async () => {
  test = await createTestStudio({
    tools: { lookup_order: lookupOrder, charge_card: chargeCard, check_stock: checkStock, weather },
    models: { 'test/scripted': createScriptedModel({ respond }) },
  });
  await createAndPublish(test.studio, {
    id: 'shop',
    name: 'Shop',
    model: 'test/scripted',
    instructions: 'Charge orders.',
    tools: { lookup_order: {}, charge_card: {}, check_stock: {}, weather: {} },
  });
  const stock = await call(test.studio, 'PATCH', '/api/agents/shop', {
    baseVersionNumber: 1,
    instructions: 'Charge orders; check the stock too.',
  });
  expect(stock.status).toBe(200);
  const sky = await call(test.studio, 'PATCH', '/api/agents/shop', {
    baseVersionNumber: 2,
    instructions: 'Charge orders; look at the weather too.',
  });
  expect(sky.status).toBe(200);
  // A version without charge_card: the model calls it anyway, and check_stock with a bad sku.
  await createAndPublish(test.studio, {
    id: 'shop-lite',
    name: 'Shop lite',
    model: 'test/scripted',
    instructions: 'Charge orders; spell the sku as a number.',
    tools: { lookup_order: {}, check_stock: {} },
  });
});

afterAll(async () => {
  await test.cleanup();
});

beforeEach(() => {
  for (const name of Object.keys(executed)) delete executed[name];
});

describe('replaying a test case', () => {
  it('answers every call from the recording on the version it came from, and finds no difference', async () => {
    const result = await test.studio.runtime.replayTestCase({
      agentId: 'shop',
      testCase: testCase(),
      selector: { versionNumber: 1 },
    });
    expect(result.toolCalls).toEqual([
      {
        toolName: 'lookup_order',
        args: { orderId: '7' },
        result: { status: 'shipped' },
        isError: false,
        source: 'recording',
      },
      { toolName: 'charge_card', args: { amount: 12 }, result: { charged: true }, isError: false, source: 'recording' },
    ]);
    expect(executed).toEqual({});
    expect(result.answer).toBe(recordedAnswer);
    expect(result.diff).toEqual({ callsAdded: [], callsRemoved: [], argsChanged: [], answerDiff: [] });
    expect(result).toMatchObject({ finishReason: 'stop', steps: 2, versionNumber: 1 });
    expect(result.usage.inputTokens).toBeGreaterThan(0);
  });

  it('gives a recorded tool error back as the very text the model read, so the same version reads the same', async () => {
    const declined = 'Card declined: "insufficient funds"';
    const answer = `Tool results: lookup_order -> {"status":"shipped"}; charge_card -> ${JSON.stringify(declined)}`;
    const recorded = testCase().recording!;
    const result = await test.studio.runtime.replayTestCase({
      agentId: 'shop',
      testCase: testCase({
        recording: {
          ...recorded,
          toolCalls: [
            recorded.toolCalls[0]!,
            { toolName: 'charge_card', args: { amount: 12 }, result: declined, isError: true },
          ],
          answer,
        },
      }),
      selector: { versionNumber: 1 },
    });
    expect(result.answer).toBe(answer);
    expect(result.diff.answerDiff).toEqual([]);
  });

  it('answers a call the recording lacks with a tool error and names it in the difference', async () => {
    const result = await test.studio.runtime.replayTestCase({
      agentId: 'shop',
      testCase: testCase(),
      selector: { versionNumber: 2 },
    });
    const message = 'Not in the recording: check_stock({"sku":"A"})';
    expect(result.toolCalls.find((entry) => entry.toolName === 'check_stock')).toEqual({
      toolName: 'check_stock',
      args: { sku: 'A' },
      result: { message },
      isError: true,
      source: 'unrecorded',
    });
    expect(executed).toEqual({});
    expect(result.diff.callsAdded).toEqual([{ toolName: 'check_stock', args: { sku: 'A' } }]);
    expect(result.diff.callsRemoved).toEqual([]);
    expect(result.answer).toContain(`check_stock -> ${JSON.stringify(message)}`);
    expect(result.diff.answerDiff.some((part) => part.added && part.value.includes('check_stock'))).toBe(true);
  });

  it('counts calls that never reached a tool: one the version does not offer, one with bad arguments', async () => {
    const result = await test.studio.runtime.replayTestCase({
      agentId: 'shop-lite',
      testCase: testCase({ agentId: 'shop-lite' }),
      selector: { versionNumber: 1 },
    });
    expect(result.toolCalls.map((entry) => [entry.toolName, entry.source, entry.isError])).toEqual([
      ['lookup_order', 'recording', false],
      ['charge_card', 'not-run', true],
      ['check_stock', 'not-run', true],
    ]);
    expect(result.toolCalls[1]).toMatchObject({
      args: { amount: 12 },
      result: { message: expect.stringContaining('Tool "charge_card" not found') },
    });
    expect(result.toolCalls[2]!.args).toEqual({ sku: 7 });
    expect(executed).toEqual({});
    // The call of the dropped tool is the recording's own call; the recording never checked stock.
    expect(result.diff.callsAdded).toEqual([{ toolName: 'check_stock', args: { sku: 7 } }]);
    expect(result.diff.callsRemoved).toEqual([]);
  });

  it('names a dropped tool the recording lacks among the added calls', async () => {
    const result = await test.studio.runtime.replayTestCase({
      agentId: 'shop-lite',
      testCase: testCase({ agentId: 'shop-lite', recording: undefined }),
      selector: { versionNumber: 1 },
    });
    expect(result.diff.callsAdded).toEqual([
      { toolName: 'lookup_order', args: { orderId: '7' } },
      { toolName: 'charge_card', args: { amount: 12 } },
      { toolName: 'check_stock', args: { sku: 7 } },
    ]);
  });

  it('runs a read-only tool live only when the case allows it', async () => {
    const refused = await test.studio.runtime.replayTestCase({
      agentId: 'shop',
      testCase: testCase(),
      selector: { draft: true },
    });
    expect(refused.toolCalls.find((entry) => entry.toolName === 'weather')?.source).toBe('unrecorded');
    expect(executed).toEqual({});

    const live = await test.studio.runtime.replayTestCase({
      agentId: 'shop',
      testCase: testCase({ replay: { liveReadOnlyTools: true } }),
      selector: { versionNumber: 3 },
    });
    expect(live.toolCalls.find((entry) => entry.toolName === 'weather')).toEqual({
      toolName: 'weather',
      args: { city: 'Oslo' },
      result: { city: 'Oslo', sky: 'clear' },
      isError: false,
      source: 'live',
    });
    expect(executed).toEqual({ weather: 1 });
    expect(live.diff.callsAdded).toEqual([{ toolName: 'weather', args: { city: 'Oslo' } }]);
  });

  it('keeps the replay as a stored run marked as an evaluation, beside ordinary runs', async () => {
    const result = await test.studio.runtime.replayTestCase({
      agentId: 'shop',
      testCase: testCase(),
      selector: { label: 'production' },
    });
    const run = await call(test.studio, 'GET', `/api/runs/${result.runId}`);
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ runId: result.runId, kind: 'evaluation', status: 'finished', versionNumber: 1 });

    const ordinary = await call(test.studio, 'POST', '/api/agents/shop/generate', { prompt: 'Hello' });
    expect(ordinary.status).toBe(200);
    const listed = await call(test.studio, 'GET', '/api/runs?agentId=shop&limit=100');
    const kinds = Object.fromEntries(
      (listed.body.items as Array<{ runId: string; kind?: string }>).map((item) => [item.runId, item.kind]),
    );
    expect(kinds[result.runId]).toBe('evaluation');
    expect(Object.hasOwn(kinds, ordinary.body.runId as string)).toBe(true);
    expect(kinds[ordinary.body.runId as string]).toBeUndefined();
  });
});
