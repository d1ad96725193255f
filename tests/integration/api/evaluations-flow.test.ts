/**
 * From a real run to a gated publish, over HTTP and the CLI: a finished run saved as a test case
 * replays against version 1 (passes, the real tools never run) and against a version whose
 * instructions make the model call another tool (fails, the difference names the call); an agent
 * whose publish gate asks for an evaluation publishes only a configuration with a passing one, made
 * after its test cases last changed, unless an admin overrides with a reason (audited); `agent test`
 * exits 1 on a failed case.
 */
import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTool } from '@/lib/tools';
import { createScriptedModel, type ScriptedStep } from '@/tests/support/scripted-model';
import { call, createAndPublish } from '@/tests/support/studio';
import { servedStudio } from '../cli/cli-support';

const executed: string[] = [];

const lookupOrder = createTool({
  id: 'lookup_order',
  description: 'Finds an order',
  inputSchema: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => {
    executed.push('lookup_order');
    return { orderId, status: 'shipped' };
  },
});
const checkStock = createTool({
  id: 'check_stock',
  description: 'Checks the stock',
  inputSchema: z.object({ sku: z.string() }),
  execute: async () => {
    executed.push('check_stock');
    return { inStock: true };
  },
});

const systemText = (options: LanguageModelV3CallOptions) =>
  options.prompt
    .filter((message) => message.role === 'system')
    .map((message) => message.content)
    .join('\n');

/** Looks the order up (and the stock, when the instructions say so), then says what it found. */
function respond(options: LanguageModelV3CallOptions): ScriptedStep {
  const last = options.prompt.at(-1);
  if (last?.role === 'tool') return { text: 'Order 7 has shipped.' };
  const toolCalls: ScriptedStep['toolCalls'] = [{ toolName: 'lookup_order', input: { orderId: '7' } }];
  if (systemText(options).includes('stock')) toolCalls!.push({ toolName: 'check_stock', input: { sku: 'A' } });
  return { toolCalls };
}

let served: Awaited<ReturnType<typeof servedStudio>>;
let caseId: string;

async function evaluate(body: Record<string, unknown>) {
  const started = await call(served.studio, 'POST', '/api/agents/orders/evaluations', body);
  expect(started.status).toBe(202);
  const evaluationId = started.body.evaluationId as string;
  for (;;) {
    const answer = await call(served.studio, 'GET', `/api/evaluations/${evaluationId}`);
    expect(answer.status).toBe(200);
    if (answer.body.status !== 'running') return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const save = async (baseVersionNumber: number, instructions: string) => {
  const saved = await call(served.studio, 'PATCH', '/api/agents/orders', { baseVersionNumber, instructions });
  expect(saved.status).toBe(200);
};

const publish = (versionNumber: number, body: Record<string, unknown> = {}) =>
  call(served.studio, 'POST', `/api/agents/orders/versions/${versionNumber}/publish`, body);

beforeAll(async () => {
  served = await servedStudio({
    tools: { lookup_order: lookupOrder, check_stock: checkStock },
    models: { 'test/scripted': createScriptedModel({ respond }) },
  });
  await createAndPublish(served.studio, {
    id: 'orders',
    name: 'Orders',
    model: 'test/scripted',
    instructions: 'Answer questions about orders.',
    tools: { lookup_order: {}, check_stock: {} },
  });
  const run = await call(served.studio, 'POST', '/api/agents/orders/generate', { prompt: 'Where is order 7?' });
  expect(run.status).toBe(200);
  const saved = await call(served.studio, 'POST', `/api/runs/${run.body.runId as string}/test-case`, {
    name: 'Order 7',
  });
  expect(saved.status).toBe(201);
  caseId = saved.body.id as string;
  await save(1, 'Answer questions about orders; check the stock too.');
});

afterAll(async () => {
  await served?.close();
});

beforeEach(() => {
  executed.length = 0;
});

describe('a run saved as a test case, replayed by evaluations', () => {
  it('passes on the version it came from, answering tools from the recording', async () => {
    const evaluation = await evaluate({ versionNumber: 1 });
    expect(evaluation).toMatchObject({ status: 'finished', versionNumber: 1, passed: 1, failed: 0 });
    expect(executed).toEqual([]);
    const [result] = evaluation.results as Array<Record<string, unknown>>;
    expect(result).toMatchObject({ testCaseId: caseId, passed: true, diff: { callsAdded: [], callsRemoved: [] } });
    const replayRun = await call(served.studio, 'GET', `/api/runs/${result!.runId as string}`);
    expect(replayRun.body).toMatchObject({ kind: 'evaluation', status: 'finished' });
    // The tool set the cases ran with, as the replay's run reports it.
    expect(evaluation.resolvedToolsHash).toEqual(expect.any(String));
    expect(replayRun.body.resolvedToolsHash).toBe(evaluation.resolvedToolsHash);
    expect(result!.resolvedToolsHash).toBe(evaluation.resolvedToolsHash);
    const listed = await call(served.studio, 'GET', '/api/agents/orders/evaluations?limit=1');
    expect(listed.body.items[0].resolvedToolsHash).toBe(evaluation.resolvedToolsHash);
  });

  it('fails on a version that calls another tool, naming the call', async () => {
    const evaluation = await evaluate({ draft: true });
    expect(evaluation).toMatchObject({ versionNumber: 2, passed: 0, failed: 1 });
    expect(executed).toEqual([]);
    const [result] = evaluation.results as Array<{ diff: { callsAdded: unknown[] }; expectations: unknown[] }>;
    expect(result!.diff.callsAdded).toEqual([{ toolName: 'check_stock', args: { sku: 'A' } }]);
    expect(result!.expectations).toContainEqual(
      expect.objectContaining({ type: 'onlyTools', passed: false, detail: expect.stringContaining('check_stock') }),
    );
  });

  it('refuses a start that names no version, or more than one, with the field', async () => {
    const none = await call(served.studio, 'POST', '/api/agents/orders/evaluations', {});
    expect(none.status).toBe(400);
    const both = await call(served.studio, 'POST', '/api/agents/orders/evaluations', { versionNumber: 1, draft: true });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain('versionNumber');
    const unknownCase = await call(served.studio, 'POST', '/api/agents/orders/evaluations', {
      versionNumber: 1,
      testCaseIds: ['nope'],
    });
    expect(unknownCase.status).toBe(400);
  });

  it("lists the agent's evaluations newest first, page by page", async () => {
    const first = await call(served.studio, 'GET', '/api/agents/orders/evaluations?limit=1');
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(1);
    const next = await call(
      served.studio,
      'GET',
      `/api/agents/orders/evaluations?limit=1&cursor=${encodeURIComponent(first.body.nextCursor as string)}`,
    );
    expect(next.body.items).toHaveLength(1);
    expect((next.body.items as Array<{ evaluationId: string }>)[0]!.evaluationId).not.toBe(
      (first.body.items as Array<{ evaluationId: string }>)[0]!.evaluationId,
    );
    const pairWithoutTime = Buffer.from(JSON.stringify(['notatime', 'x'])).toString('base64url');
    for (const cursor of ['zzz', 'notatime|x', Buffer.from('[1]').toString('base64url'), pairWithoutTime]) {
      const refused = await call(served.studio, 'GET', `/api/agents/orders/evaluations?cursor=${cursor}`);
      expect([refused.status, JSON.stringify(refused.body)]).toEqual([400, expect.stringContaining('query.cursor')]);
    }
  });

  it('exits 1 from `agent test` on a failed case and 0 when every case passes', async () => {
    const failing = await served.run('agent', 'test', 'orders', '--draft', '--poll-ms', '20');
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain('FAILED  Order 7');
    // What failed, and how the replay differed from the recording, as the editor says it.
    expect(failing.stdout).toContain('✗ Expected only lookup_order to be called; it also called check_stock.');
    expect(failing.stdout).toMatch(
      /Compared with the recording:\n\s+\+ called, not in the recording: check_stock with sku "A"\n/,
    );
    const passing = await served.run('agent', 'test', 'orders', '--version', '1', '--poll-ms', '20');
    expect([passing.code, passing.stdout]).toEqual([0, expect.stringContaining('passed  Order 7')]);
  });
});

describe('the publish gate with an evaluation required', () => {
  it('publishes only a configuration with a fresh passing evaluation, or an admin override', async () => {
    const gate = await call(served.studio, 'PUT', '/api/agents/orders/publish-gate', { requireEvaluation: true });
    expect(gate.status).toBe(200);

    // Version 2 calls a tool the recording lacks: its evaluation fails, so it cannot go live.
    const checks = await call(served.studio, 'GET', '/api/agents/orders/versions/2/publish-checks');
    expect(checks.body).toEqual({
      problems: [expect.objectContaining({ code: 'evaluation_required' })],
      evaluation: {
        minPassRate: 1,
        last: expect.objectContaining({ versionNumber: 2, passed: 0, failed: 1, stale: false }),
      },
    });
    const refused = await publish(2);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details.problems).toContainEqual(
      expect.objectContaining({ code: 'evaluation_required' }),
    );

    // Version 3 fixes the instructions; after its evaluation passes it goes live.
    await save(2, 'Answer questions about orders, briefly.');
    const untested = await call(served.studio, 'GET', '/api/agents/orders/versions/3/publish-checks');
    expect(untested.body.evaluation).toEqual({ minPassRate: 1, last: null });
    expect((await publish(3)).status).toBe(409);
    expect(await evaluate({ versionNumber: 3 })).toMatchObject({ passed: 1, failed: 0 });
    const passing = await call(served.studio, 'GET', '/api/agents/orders/versions/3/publish-checks');
    expect(passing.body).toEqual({
      problems: [],
      evaluation: { minPassRate: 1, last: expect.objectContaining({ passed: 1, failed: 0, stale: false }) },
    });
    expect((await publish(3)).status).toBe(200);

    // A changed test case makes a passing evaluation stale.
    await save(3, 'Answer questions about orders, politely.');
    expect(await evaluate({ versionNumber: 4 })).toMatchObject({ passed: 1 });
    const edited = await call(served.studio, 'PATCH', `/api/agents/orders/test-cases/${caseId}`, {
      name: 'Order 7 shipped',
    });
    expect(edited.status).toBe(200);
    const stale = await call(served.studio, 'GET', '/api/agents/orders/versions/4/publish-checks');
    expect(stale.body.evaluation.last).toMatchObject({ versionNumber: 4, passed: 1, stale: true });
    expect((await publish(4)).status).toBe(409);

    // An admin may publish anyway; the reason is kept in the audit log.
    const overridden = await publish(4, { override: { reason: 'Hotfix approved by the support lead' } });
    expect(overridden.status).toBe(200);
    const audit = await call(served.studio, 'GET', '/api/audit?entity=agent&entityId=orders&action=agent.publish');
    expect(JSON.stringify(audit.body)).toContain('Hotfix approved by the support lead');
  });

  it('counts any qualifying evaluation, not only the newest, and says why the newest does not', async () => {
    const run = await call(served.studio, 'POST', '/api/agents/orders/generate', { prompt: 'And order 8?' });
    const second = await call(served.studio, 'POST', `/api/runs/${run.body.runId as string}/test-case`, {
      name: 'Order 8',
    });
    expect(second.status).toBe(201);

    // A full passing evaluation, then one of a single case: the full one still lets version 5 publish.
    await save(4, 'Answer questions about orders, kindly.');
    const full = await evaluate({ versionNumber: 5 });
    expect(full).toMatchObject({ passed: 2, failed: 0 });
    expect(await evaluate({ versionNumber: 5, testCaseIds: [caseId] })).toMatchObject({ passed: 1 });
    const checks = await call(served.studio, 'GET', '/api/agents/orders/versions/5/publish-checks');
    expect(checks.body).toEqual({
      problems: [],
      evaluation: {
        minPassRate: 1,
        last: expect.objectContaining({ evaluationId: full.evaluationId, passed: 2, stale: false }),
      },
    });
    expect((await publish(5)).status).toBe(200);

    // A failing evaluation is named with its pass rate; a partial one with why it does not count.
    await save(5, 'Answer questions about orders; check the stock first.');
    const failing = await evaluate({ versionNumber: 6 });
    expect(failing).toMatchObject({ passed: 0, failed: 2 });
    const refused = await publish(6);
    expect(refused.status).toBe(409);
    const [problem] = refused.body.error.details.problems as Array<{ code: string; message: string }>;
    expect(problem!.message).toContain(
      `the newest, evaluation ${failing.evaluationId as string} of version 6, passed 0 of 2 test cases (0%), less than 100%`,
    );
    expect(problem!.message).not.toContain('none was found');
    const partial = await evaluate({ versionNumber: 6, testCaseIds: [caseId] });
    const again = await call(served.studio, 'GET', '/api/agents/orders/versions/6/publish-checks');
    expect(again.body.evaluation.last).toMatchObject({ evaluationId: partial.evaluationId, stale: true });
    expect((again.body.problems as Array<{ message: string }>)[0]!.message).toContain(
      `evaluation ${partial.evaluationId as string} of version 6, does not count: it did not cover every current test case`,
    );
  });
});
