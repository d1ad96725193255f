/**
 * Replaying a test case: the scripted conversation of the `generate` row (5 tools, 3 steps) replayed
 * against version 1 with every tool call answered from the recording, against the same conversation
 * run directly on version 1 through the studio (both select the version by number and store their
 * run). What a replay adds is the recording's lookups, the counted model and the difference from it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStudio } from '../lib';
import { silentLogger } from '../lib/logger';
import type { TestCase } from '../lib/schemas';
import { createScriptedModel } from '../tests/support/scripted-model';
import { benchTools, scriptFor, toolNames } from './agent-run';
import { pairedRow, sampleMicroseconds, summarize, type BenchRow } from './harness';

const rounds = 30;
const iterations = 30;
const warmupRuns = 200;
const valueOf = (index: number) => (index < 2 ? 'a' : 'b');
/** What the bench tools answer (see `benchTools`): their name, the value given and their place. */
const resultOf = (name: string, index: number) => ({ name, value: valueOf(index), index });

const testCase: TestCase = {
  id: 'bench-case',
  agentId: 'bench-replay',
  name: 'Five tools',
  input: { prompt: 'Run the tools' },
  requestContext: {},
  expectations: [],
  recording: {
    toolCalls: toolNames.map((toolName, index) => ({
      toolName,
      args: { value: valueOf(index) },
      result: resultOf(toolName, index),
      isError: false,
    })),
    answer: 'All five tools answered.',
  },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

export async function benchReplay(): Promise<BenchRow[]> {
  const directory = mkdtempSync(join(tmpdir(), 'studio-bench-replay-'));
  const studio = await createStudio({
    logger: silentLogger,
    database: { url: `file:${join(directory, 'studio.db')}` },
    settings: { mode: 'test' },
    tools: benchTools(),
    models: { 'bench/scripted': createScriptedModel({ respond: (call) => scriptFor(call.prompt) }) },
  });
  try {
    await studio.editor.agents.create({
      id: 'bench-replay',
      name: 'Bench replay',
      model: 'bench/scripted',
      instructions: 'Call the tools.',
      tools: Object.fromEntries(toolNames.map((name) => [name, {}])),
      actor: 'bench',
    });
    await studio.editor.agents.publish({ id: 'bench-replay', versionNumber: 1, actor: 'bench' });
    const direct = async () => {
      const agent = await studio.runtime.loadAgent('bench-replay', {
        requestContext: {},
        selector: { versionNumber: 1 },
      });
      const result = await agent.generate('Run the tools', { maxSteps: 3 });
      if (result.toolResults.length !== 5) throw new Error('the direct run did not call the five tools');
    };
    const replay = async () => {
      const result = await studio.runtime.replayTestCase({
        agentId: 'bench-replay',
        testCase,
        selector: { versionNumber: 1 },
      });
      if (result.toolCalls.some((call) => call.source !== 'recording')) throw new Error('a call missed the recording');
    };
    for (let index = 0; index < warmupRuns; index++) {
      await replay();
      await direct();
    }
    const measuredRounds: Array<{ measured: number; baseline: number }> = [];
    for (let round = 0; round < rounds; round++) {
      const measured = summarize(await sampleMicroseconds(replay, { iterations, warmup: 5 })).median;
      const baseline = summarize(await sampleMicroseconds(direct, { iterations, warmup: 5 })).median;
      measuredRounds.push({ measured, baseline });
    }
    return [
      pairedRow({
        name: 'replay a test case (5 recorded tool calls, 3 steps) vs the same conversation run directly',
        unit: 'µs',
        rounds: measuredRounds,
        target: '<= 1.2x',
      }),
    ];
  } finally {
    await studio.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
