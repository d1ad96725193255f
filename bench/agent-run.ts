/**
 * Agent runs. (1) `generate` through the studio — a stored, published agent with 5 tools, 3 model
 * steps scripted by a mock model (2 calls, then 3 calls, then text), the run stored in SQLite —
 * against the AI SDK's `generateText` called directly with the same tools, the same model script
 * and `stopWhen: stepCountIs(3)`. (2) Time to the first byte of `POST /api/agents/:id/stream`
 * through the production server, against the first byte of `GET /api/health` on the same server.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateText, jsonSchema, stepCountIs, tool as sdkTool, type ToolSet } from 'ai';
import { createStudio } from '../lib';
import { silentLogger } from '../lib/logger';
import { createTool, type Tool } from '../lib/tools';
import { createScriptedModel, type ScriptedStep } from '../tests/support/scripted-model';
import { startServerProcess } from '../tests/support/server-process';
import { pairedRow, row, sampleMicroseconds, summarize, type BenchRow } from './harness';

// Many short rounds, compared pairwise (see `pairedRow`): a pause or a change of speed touches few.
const rounds = 40;
const iterations = 30;
const warmupRuns = 300;
export const toolNames = ['lookup', 'convert', 'weather', 'stock', 'translate'];

export function benchTools(): Record<string, Tool> {
  return Object.fromEntries(
    toolNames.map((name, index) => [
      name,
      createTool({
        id: name,
        description: `Bench tool ${name}`,
        inputSchema: { type: 'object', properties: { value: { type: 'string' } }, required: ['value'] },
        execute: async ({ value }: { value: string }) => ({ name, value, index }),
      }),
    ]),
  );
}

/** Which step the conversation is at, from the tool messages in the prompt (so one model serves every run). */
export function scriptFor(prompt: ReadonlyArray<{ role: string }>): ScriptedStep {
  const step = prompt.filter((message) => message.role === 'tool').length;
  if (step === 0) return { toolCalls: toolNames.slice(0, 2).map((toolName) => ({ toolName, input: { value: 'a' } })) };
  if (step === 1) return { toolCalls: toolNames.slice(2).map((toolName) => ({ toolName, input: { value: 'b' } })) };
  return { text: 'All five tools answered.' };
}

async function benchGenerate(): Promise<BenchRow> {
  const directory = mkdtempSync(join(tmpdir(), 'studio-bench-run-'));
  const tools = benchTools();
  const model = createScriptedModel({ respond: (call) => scriptFor(call.prompt) });
  const studio = await createStudio({
    logger: silentLogger,
    database: { url: `file:${join(directory, 'studio.db')}` },
    settings: { mode: 'test' },
    tools,
    models: { 'bench/scripted': model },
  });
  const sdkTools: ToolSet = Object.fromEntries(
    Object.values(tools).map((tool) => [
      tool.id,
      sdkTool({
        description: tool.description,
        inputSchema: jsonSchema(tool.inputJsonSchema),
        // The model is given what the studio gives it: the output, or the validation-error value.
        execute: async (input: unknown) => {
          const execution = await tool.execute!(input);
          return execution.status === 'invalid' ? execution.error : execution.output;
        },
      }),
    ]),
  );
  try {
    await studio.editor.agents.create({
      id: 'bench-runner',
      name: 'Bench runner',
      model: 'bench/scripted',
      instructions: 'Call the tools.',
      tools: Object.fromEntries(toolNames.map((name) => [name, {}])),
      actor: 'bench',
    });
    await studio.editor.agents.publish({ id: 'bench-runner', versionNumber: 1, actor: 'bench' });
    const throughStudio = async () => {
      const agent = await studio.runtime.loadAgent('bench-runner', { requestContext: {} });
      const result = await agent.generate('Run the tools', { maxSteps: 3 });
      if (result.toolResults.length !== 5) throw new Error('the studio run did not call the five tools');
    };
    const direct = async () => {
      const result = await generateText({
        model,
        system: 'Call the tools.',
        prompt: 'Run the tools',
        tools: sdkTools,
        stopWhen: stepCountIs(3),
      });
      if (result.steps.flatMap((step) => step.toolResults).length !== 5) throw new Error('generateText missed tools');
    };
    // Both sides alternate until their code is optimised: the row compares steady runs (a server
    // runs its loop many times), and the studio's longer path took the first rounds to get there,
    // which showed as JIT warm-up rather than as the cost of a run.
    for (let index = 0; index < warmupRuns; index++) {
      await throughStudio();
      await direct();
    }
    const measuredRounds: Array<{ measured: number; baseline: number }> = [];
    for (let round = 0; round < rounds; round++) {
      const measured = summarize(await sampleMicroseconds(throughStudio, { iterations, warmup: 5 })).median;
      const baseline = summarize(await sampleMicroseconds(direct, { iterations, warmup: 5 })).median;
      measuredRounds.push({ measured, baseline });
    }
    return pairedRow({
      name: 'generate through the studio (stored agent, 5 tools, 3 steps) vs generateText directly',
      unit: 'µs',
      rounds: measuredRounds,
      target: '<= 2x',
    });
  } finally {
    await studio.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

/** Milliseconds until the first byte of the answer's body arrives. */
function firstByte(url: string, method: 'GET' | 'POST', body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const outgoing = request(
      url,
      { method, headers: body ? { 'content-type': 'application/json' } : {}, agent: false },
      (incoming) => {
        incoming.once('data', () => {
          resolve(Number(process.hrtime.bigint() - started) / 1e6);
          incoming.destroy();
        });
        incoming.once('error', () => undefined);
      },
    );
    outgoing.once('error', reject);
    outgoing.end(body);
  });
}

async function benchFirstByte({ root }: { root: string }): Promise<BenchRow> {
  const directory = mkdtempSync(join(tmpdir(), 'studio-bench-sse-'));
  const server = await startServerProcess({
    root,
    directory,
    spawn,
    config: 'test',
    environment: { LOG_LEVEL: 'error' },
  });
  try {
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await post('/api/agents', { id: 'bench-sse', name: 'SSE', model: 'test/scripted', instructions: 'Answer.' });
    await post('/api/agents/bench-sse/versions/1/publish', {});
    const streamUrl = `${server.url}/api/agents/bench-sse/stream`;
    const body = JSON.stringify({ prompt: 'Hello' });
    const measured: number[] = [];
    const baseline: number[] = [];
    for (let index = 0; index < 20; index++) {
      await firstByte(streamUrl, 'POST', body);
      await firstByte(`${server.url}/api/health`, 'GET');
    }
    for (let index = 0; index < 200; index++) {
      measured.push(await firstByte(streamUrl, 'POST', body));
      baseline.push(await firstByte(`${server.url}/api/health`, 'GET'));
    }
    return row(
      'first SSE byte of POST /api/agents/:id/stream vs GET /api/health, production server',
      'ms',
      summarize(measured),
      summarize(baseline).median,
    );
  } finally {
    await server.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}

export async function benchAgentRun({ root }: { root: string }): Promise<BenchRow[]> {
  return [await benchGenerate(), await benchFirstByte({ root })];
}
