/**
 * 500 concurrent streamed runs. The studio side is the production server (dist/server.js) with the
 * configuration built from bench/streamed-runs-studio-config.ts and a stored, published agent on its
 * scripted model: 3 steps of 50 ms each, one tool call in each of the first two. The baseline is a
 * bare `node:http` server running the AI SDK's `streamText` with the same model and tools
 * (bench/bare-stream-server.ts). Each round starts both servers afresh, warms them with smaller
 * bursts, then opens 500 `POST` streams at once through a keep-alive agent with a socket for each
 * and reads every stream to its end. Figures: the p99 of the runs' times (request sent to stream
 * ended), the runs that failed (not 200, an `error` chunk, no `finish`, or not both tool results),
 * and the server's resident memory at its peak during the burst over its idle memory before it,
 * per open run. The servers' CPU time per run is shown beside them, to tell where the time goes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import serverNodeFlags from '../scripts/server-node-flags.json';
import { startServerProcess } from '../tests/support/server-process';
import { pairedRow, percentile, row, summarize, type BenchRow } from './harness';
import { startBareServer, withServersApart } from './http-load';
import {
  streamedRunInstructions,
  streamedRunModelId,
  streamedRunPrompt,
  streamedRunTools,
} from './streamed-run-script';

const concurrentRuns = 500;
const rounds = 3;
const warmupBursts = 10;
const warmupBurstSize = 25;
/** How long a server is left alone before its idle memory is read (timers and sockets settle). */
const settleMs = 1_000;
const residentSampleMs = 5;

/** A server that streams the scripted run: where to post, what, and its process. */
interface StreamServer {
  url: string;
  pid: number;
  body: string;
  stop(): Promise<unknown>;
}

interface RunOutcome {
  milliseconds: number;
  /** Why the run counts as failed; absent for a run that streamed to its `finish`. */
  failure?: string;
}

/**
 * What makes a streamed run count as failed, from the `type` of each `data:` chunk: the studio
 * sends `tool-result` and the SDK's UI message stream `tool-output-available` for a tool's answer.
 */
function failureOf(types: readonly string[]): string | undefined {
  if (types.includes('error')) return 'an error chunk';
  if (types.at(-1) !== 'finish') return `it ended with ${types.at(-1) ?? 'no chunk'}, not finish`;
  const toolResults = types.filter((type) => type === 'tool-result' || type === 'tool-output-available').length;
  if (toolResults !== streamedRunTools.length) return `${toolResults} tool results`;
  return undefined;
}

/** The chunk types of a Server-Sent Events body, in order (`[DONE]` ends the SDK's stream). */
function chunkTypes(body: string): string[] {
  return body
    .split('\n')
    .filter((line) => line.startsWith('data:') && line !== 'data: [DONE]')
    .map((line) => (JSON.parse(line.slice('data:'.length)) as { type: string }).type);
}

/** Posts one run and reads its stream to the end; the time runs from the request to the stream's end. */
function streamOneRun({ server, agent }: { server: StreamServer; agent: Agent }): Promise<RunOutcome> {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
    const outgoing = request(
      `${server.url}/api/agents/bench-streams/stream`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      },
      (incoming) => {
        let body = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (text: string) => (body += text));
        incoming.once('error', (error) => resolve({ milliseconds: elapsed(), failure: error.message }));
        incoming.once('end', () => {
          const milliseconds = elapsed();
          if (incoming.statusCode !== 200) {
            resolve({ milliseconds, failure: `status ${incoming.statusCode}: ${body.slice(0, 200)}` });
            return;
          }
          try {
            resolve({ milliseconds, failure: failureOf(chunkTypes(body)) });
          } catch (error) {
            resolve({ milliseconds, failure: `unreadable stream: ${String(error)}` });
          }
        });
      },
    );
    outgoing.once('error', (error) => resolve({ milliseconds: elapsed(), failure: error.message }));
    outgoing.end(server.body);
  });
}

function burst({ server, agent, runs }: { server: StreamServer; agent: Agent; runs: number }) {
  return Promise.all(Array.from({ length: runs }, () => streamOneRun({ server, agent })));
}

function residentKilobytes(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times (100 on Linux unless rebuilt otherwise). */
const clockTicksPerSecond = 100;

/** User and system CPU time the process has used, in milliseconds. */
function cpuMilliseconds(pid: number): number {
  // The command name in parentheses may hold spaces; the fields after it are space-separated.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const [userTicks, systemTicks] = [Number(fields[11]), Number(fields[12])];
  return ((userTicks + systemTicks) * 1_000) / clockTicksPerSecond;
}

interface BurstFigures {
  p99Ms: number;
  p50Ms: number;
  failures: string[];
  kilobytesPerRun: number;
  cpuMsPerRun: number;
}

/** Warms a fresh server, then measures one burst of concurrent runs against it. */
async function measureBurst(server: StreamServer): Promise<BurstFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrentRuns });
  try {
    for (let index = 0; index < warmupBursts; index++) {
      const failed = (await burst({ server, agent, runs: warmupBurstSize })).find((outcome) => outcome.failure);
      if (failed) throw new Error(`A warm-up run failed: ${failed.failure}`);
    }
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const idle = residentKilobytes(server.pid);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, residentKilobytes(server.pid))), residentSampleMs);
    const cpuBefore = cpuMilliseconds(server.pid);
    const outcomes = await withServersApart([server.pid], () =>
      burst({ server, agent, runs: concurrentRuns }).finally(() => clearInterval(sampler)),
    );
    const cpuMsPerRun = (cpuMilliseconds(server.pid) - cpuBefore) / concurrentRuns;
    peak = Math.max(peak, residentKilobytes(server.pid));
    const times = outcomes.map((outcome) => outcome.milliseconds);
    return {
      p99Ms: percentile(times, 0.99),
      p50Ms: percentile(times, 0.5),
      failures: outcomes.flatMap((outcome) => (outcome.failure ? [outcome.failure] : [])),
      kilobytesPerRun: (peak - idle) / concurrentRuns,
      cpuMsPerRun,
    };
  } finally {
    agent.destroy();
  }
}

async function startStudio({ root, directory }: { root: string; directory: string }): Promise<StreamServer> {
  const server = await startServerProcess({
    root,
    directory,
    spawn,
    environment: { LOG_LEVEL: 'error', STUDIO_CONFIG: join(root, 'dist', 'streamed-runs-studio-config.js') },
  });
  try {
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
    };
    await post('/api/agents', {
      id: 'bench-streams',
      name: 'Streamed runs',
      model: streamedRunModelId,
      instructions: streamedRunInstructions,
      tools: Object.fromEntries(streamedRunTools.map((tool) => [tool.id, {}])),
    });
    await post('/api/agents/bench-streams/versions/1/publish', {});
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    url: server.url,
    pid: server.child.pid!,
    body: JSON.stringify({ prompt: streamedRunPrompt, maxSteps: 3 }),
    stop: () => server.stop(),
  };
}

async function startBaseline({ root }: { root: string }): Promise<StreamServer> {
  // The production server's Node flags, so both heaps are sized and collected alike.
  const server = await startBareServer({
    root,
    script: 'dist/bare-stream-server.js',
    nodeFlags: serverNodeFlags.nodeFlags,
  });
  return { ...server, body: JSON.stringify({ prompt: streamedRunPrompt, maxSteps: 3 }) };
}

async function withServer<T>(start: () => Promise<StreamServer>, use: (server: StreamServer) => Promise<T>) {
  const server = await start();
  try {
    return await use(server);
  } finally {
    await server.stop();
  }
}

export async function benchStreamedRuns({ root }: { root: string }): Promise<BenchRow[]> {
  const studioRounds: BurstFigures[] = [];
  const baselineRounds: BurstFigures[] = [];
  for (let round = 0; round < rounds; round++) {
    const directory = mkdtempSync(join(tmpdir(), 'studio-bench-streams-'));
    try {
      studioRounds.push(await withServer(() => startStudio({ root, directory }), measureBurst));
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
    baselineRounds.push(await withServer(() => startBaseline({ root }), measureBurst));
  }
  const studioFailures = studioRounds.flatMap((figures) => figures.failures);
  const baselineFailures = baselineRounds.flatMap((figures) => figures.failures);
  if (studioFailures.length + baselineFailures.length > 0) {
    process.stderr.write(
      `streamed runs: first failures: ${[...studioFailures, ...baselineFailures].slice(0, 3).join('; ')}\n`,
    );
  }
  const medianOf = (figures: BurstFigures[], figure: (each: BurstFigures) => number) =>
    summarize(figures.map(figure)).median;
  const title = `${concurrentRuns} concurrent streamed runs, server vs streamText in node:http`;
  return [
    pairedRow({
      name: `${title}: p99 run time`,
      unit: 'ms',
      rounds: studioRounds.map((figures, index) => ({
        measured: figures.p99Ms,
        baseline: baselineRounds[index]!.p99Ms,
      })),
      target: '<= 1.1x',
    }),
    row(
      `${title}: median run time`,
      'ms',
      summarize(studioRounds.map((figures) => figures.p50Ms)),
      medianOf(baselineRounds, (figures) => figures.p50Ms),
    ),
    row(
      `${title}: failed runs of ${rounds * concurrentRuns}`,
      'runs',
      { median: studioFailures.length, min: studioFailures.length, max: studioFailures.length },
      baselineFailures.length,
      '0 failed',
      studioFailures.length === 0,
    ),
    row(
      `${title}: resident memory per open run`,
      'KB',
      summarize(studioRounds.map((figures) => figures.kilobytesPerRun)),
      medianOf(baselineRounds, (figures) => figures.kilobytesPerRun),
      '<= 100 KB',
    ),
    row(
      `${title}: server CPU time per run`,
      'ms',
      summarize(studioRounds.map((figures) => figures.cpuMsPerRun)),
      medianOf(baselineRounds, (figures) => figures.cpuMsPerRun),
    ),
  ];
}
