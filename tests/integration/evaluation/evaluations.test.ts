import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStorage } from '../../../db/open-storage';
import type { Storage } from '../../../db/storage';
import { createEvaluations, type CaseOutcome, type EvaluationParts } from '../../../lib/evaluation';
import type { TestCase } from '../../../lib/schemas';

const testCase = (id: string): TestCase => ({
  id,
  agentId: 'support',
  name: `Case ${id}`,
  input: { prompt: `question ${id}` },
  requestContext: {},
  expectations: [{ type: 'answerIncludes', text: 'ok' }],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

let directory: string;
let storage: Storage;

beforeEach(async () => {
  directory = mkdtempSync(join(tmpdir(), 'evaluations-'));
  storage = await openStorage({ url: `file:${join(directory, 'studio.db')}` });
  await storage.migrate();
});

afterEach(async () => {
  await storage.close();
  rmSync(directory, { recursive: true, force: true });
});

/** Parts around a real database; each case's outcome is chosen by the test, its replay takes `delayMs`. */
function partsWith({
  cases,
  outcomeOf,
  concurrency = 2,
  delayMs = 20,
  changedAt = () => '2026-01-01T00:00:00.000Z',
}: {
  cases: () => TestCase[];
  outcomeOf: (testCase: TestCase) => CaseOutcome;
  concurrency?: number;
  delayMs?: number;
  changedAt?: () => string;
}) {
  const seen = { inFlight: 0, mostAtOnce: 0, replayed: [] as string[] };
  let clock = Date.parse('2026-02-01T00:00:00.000Z');
  let ids = 0;
  const parts: EvaluationParts = {
    storage,
    concurrency,
    process: { id: 'this-process', judgedAt: () => null },
    findVersion: async ({ target }) => ({
      versionNumber: 'versionNumber' in target ? target.versionNumber : 7,
      configHash: 'hash-of-config',
    }),
    listTestCases: async () => cases(),
    testCasesChangedAt: async () => changedAt(),
    evaluateCase: async ({ testCase }) => {
      seen.inFlight++;
      seen.mostAtOnce = Math.max(seen.mostAtOnce, seen.inFlight);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      seen.inFlight--;
      seen.replayed.push(testCase.id);
      return outcomeOf(testCase);
    },
    now: () => new Date((clock += 1_000)),
    newId: () => `evaluation-${++ids}`,
    track: () => {},
  };
  return { parts, seen };
}

const pass: CaseOutcome = { passed: true, expectations: [{ type: 'answerIncludes', passed: true, detail: 'ok' }] };
const fail: CaseOutcome = {
  passed: false,
  expectations: [{ type: 'answerIncludes', passed: false, detail: 'The answer does not include "ok"' }],
};

describe('evaluations', () => {
  it('replays every case at most `concurrency` at a time and stores each result', async () => {
    const cases = ['a', 'b', 'c', 'd', 'e', 'f'].map(testCase);
    const { parts, seen } = partsWith({ cases: () => cases, outcomeOf: (c) => (c.id === 'c' ? fail : pass) });
    const evaluations = createEvaluations(parts);

    const evaluation = await evaluations.runToEnd({ agentId: 'support', target: { versionNumber: 3 } });

    expect(seen.mostAtOnce).toBe(2);
    expect(seen.replayed.sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(evaluation).toMatchObject({ status: 'finished', versionNumber: 3, passed: 5, failed: 1 });
    expect(evaluation.results.find((result) => result.testCaseId === 'c')).toMatchObject({
      passed: false,
      expectations: [{ passed: false, detail: 'The answer does not include "ok"' }],
    });
    expect(await evaluations.get(evaluation.evaluationId)).toEqual(evaluation);
  });

  it('answers a started evaluation as running, then finished', async () => {
    const { parts } = partsWith({ cases: () => [testCase('a')], outcomeOf: () => pass, delayMs: 100 });
    let background: Promise<unknown> = Promise.resolve();
    const evaluations = createEvaluations({ ...parts, track: (work) => (background = work) });

    const { evaluationId } = await evaluations.start({ agentId: 'support', target: { status: 'draft' } });
    expect((await evaluations.get(evaluationId)).status).toBe('running');
    await background;
    expect(await evaluations.get(evaluationId)).toMatchObject({ status: 'finished', versionNumber: 7, passed: 1 });
  });

  it('keeps the cases done so far while the others still replay', async () => {
    const { parts } = partsWith({ cases: () => [testCase('a'), testCase('b')], outcomeOf: () => pass });
    let releaseB: () => void = () => {};
    const bMayFinish = new Promise<void>((resolve) => (releaseB = resolve));
    let background: Promise<unknown> = Promise.resolve();
    const evaluations = createEvaluations({
      ...parts,
      evaluateCase: async ({ testCase: { id } }) => {
        if (id === 'b') await bMayFinish;
        return id === 'a' ? fail : pass;
      },
      track: (work) => (background = work),
    });

    const { evaluationId } = await evaluations.start({ agentId: 'support', target: { status: 'draft' } });
    await expect.poll(async () => (await evaluations.get(evaluationId)).results.length).toBe(1);
    expect(await evaluations.get(evaluationId)).toMatchObject({
      status: 'running',
      passed: 0,
      failed: 1,
      finishedAt: null,
      results: [{ testCaseId: 'a', passed: false }],
    });
    releaseB();
    await background;
    const finished = await evaluations.get(evaluationId);
    expect(finished).toMatchObject({ status: 'finished', passed: 1, failed: 1 });
    expect(finished.results.map((result) => result.testCaseId).sort()).toEqual(['a', 'b']);
  });

  it('counts a replay that throws as a failed case with the reason', async () => {
    const { parts } = partsWith({ cases: () => [testCase('a')], outcomeOf: () => pass });
    const evaluations = createEvaluations({
      ...parts,
      evaluateCase: async () => {
        throw new Error('model_not_configured');
      },
    });
    const evaluation = await evaluations.runToEnd({ agentId: 'support', target: { status: 'draft' } });
    expect(evaluation).toMatchObject({ status: 'finished', passed: 0, failed: 1 });
    expect(evaluation.results[0]!.expectations[0]!.detail).toBe('The replay failed: model_not_configured');
  });

  it('refuses test case ids the agent does not have, naming them', async () => {
    const { parts } = partsWith({ cases: () => [testCase('a')], outcomeOf: () => pass });
    await expect(
      createEvaluations(parts).start({ agentId: 'support', target: { status: 'draft' }, testCaseIds: ['a', 'zz'] }),
    ).rejects.toMatchObject({ code: 'invalid_input', message: 'Unknown test case: zz' });
  });

  it('finds a passing evaluation only for the same config, every current case, after the last change', async () => {
    let cases = [testCase('a'), testCase('b')];
    let changedAt = '2026-01-01T00:00:00.000Z';
    let failing = new Set<string>();
    const { parts } = partsWith({
      cases: () => cases,
      outcomeOf: (c) => (failing.has(c.id) ? fail : pass),
      changedAt: () => changedAt,
    });
    const evaluations = createEvaluations(parts);
    const ask = (minPassRate = 1) =>
      evaluations.findPassing({ agentId: 'support', configHash: 'hash-of-config', minPassRate });

    expect(await ask()).toBeUndefined();
    failing = new Set(['b']);
    await evaluations.runToEnd({ agentId: 'support', target: { status: 'draft' } });
    expect(await ask()).toBeUndefined();
    expect((await ask(0.5))?.passed).toBe(1);
    expect(
      await evaluations.findPassing({ agentId: 'support', configHash: 'another-config', minPassRate: 0.5 }),
    ).toBeUndefined();

    failing = new Set();
    const passing = await evaluations.runToEnd({ agentId: 'support', target: { status: 'draft' } });
    expect((await ask())?.evaluationId).toBe(passing.evaluationId);

    // A case added later is not covered; an edit after the evaluation makes it stale.
    cases = [...cases, testCase('c')];
    expect(await ask()).toBeUndefined();
    cases = cases.slice(0, 2);
    changedAt = '2026-03-01T00:00:00.000Z';
    expect(await ask()).toBeUndefined();
  });

  it('says how the newest evaluation of a config went, passing or not, and when the cases changed since', async () => {
    let cases = [testCase('a'), testCase('b')];
    let changedAt = '2026-01-01T00:00:00.000Z';
    const { parts } = partsWith({
      cases: () => cases,
      outcomeOf: (c) => (c.id === 'b' ? fail : pass),
      changedAt: () => changedAt,
    });
    const evaluations = createEvaluations(parts);
    const last = () => evaluations.lastOfConfig({ agentId: 'support', configHash: 'hash-of-config' });

    expect(await last()).toBeUndefined();
    const evaluation = await evaluations.runToEnd({ agentId: 'support', target: { versionNumber: 4 } });
    expect(await last()).toEqual({
      evaluationId: evaluation.evaluationId,
      versionNumber: 4,
      passed: 1,
      failed: 1,
      finishedAt: evaluation.finishedAt,
      stale: false,
    });
    expect(await evaluations.lastOfConfig({ agentId: 'support', configHash: 'another-config' })).toBeUndefined();

    cases = [...cases, testCase('c')];
    expect((await last())?.stale).toBe(true);
    cases = cases.slice(0, 2);
    changedAt = '2026-03-01T00:00:00.000Z';
    expect((await last())?.stale).toBe(true);
  });

  it("lists an agent's evaluations newest first", async () => {
    const { parts } = partsWith({ cases: () => [testCase('a')], outcomeOf: () => pass });
    const evaluations = createEvaluations(parts);
    const first = await evaluations.runToEnd({ agentId: 'support', target: { versionNumber: 1 } });
    const second = await evaluations.runToEnd({ agentId: 'support', target: { versionNumber: 2 } });
    const listed = await evaluations.list({ agentId: 'support', limit: 10 });
    expect(listed.map((evaluation) => evaluation.evaluationId)).toEqual([second.evaluationId, first.evaluationId]);
    expect(
      await evaluations.list({
        agentId: 'support',
        limit: 10,
        before: { startedAt: second.startedAt, id: second.evaluationId },
      }),
    ).toHaveLength(1);
  });
});
