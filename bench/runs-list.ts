/**
 * The runs list: the first page of `GET /api/runs` filtered by agent and status, through the
 * studio's API app (validation, the list's statement, the items, JSON), with 100,000 stored runs,
 * against the same SQL as a raw prepared SQLite statement on the same connection, in paired rounds
 * (`pairedRow`). The runs are spread over 100 agents, mostly finished, started one second apart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStudio } from '../lib';
import { silentLogger } from '../lib/logger';
import type { DatabaseHandle } from '../db/client';
import type { Storage } from '../db/storage';
import { pairedRow, type BenchRow } from './harness';

const statuses = ['finished', 'finished', 'finished', 'finished', 'failed', 'paused'] as const;

/** Stored runs as the studio writes them (their state small: the list never reads it). */
async function seedRuns({ storage, count, agents }: { storage: Storage; count: number; agents: number }) {
  const start = Date.now() - count * 1_000;
  await storage.transaction(async () => {
    for (let index = 0; index < count; index++) {
      const createdAt = new Date(start + index * 1_000).toISOString();
      const status = statuses[index % statuses.length]!;
      await storage.queries.runs.insert({
        id: `run-${String(index).padStart(6, '0')}`,
        agentId: `agent-${index % agents}`,
        versionId: null,
        versionNumber: 1,
        label: null,
        resolvedToolsHash: 'hash',
        status,
        threadId: `thread-${index % 1_000}`,
        resourceId: null,
        createdBy: null,
        messages: '[]',
        pending: '[]',
        requestContext: '{}',
        authToken: null,
        state: '{"stepCount":2}',
        revision: 0,
        error: null,
        createdAt,
        updatedAt: createdAt,
        finishedAt: status === 'paused' ? null : createdAt,
        durationMs: status === 'paused' ? null : 850,
        finishReason: 'stop',
        inputTokens: 120,
        outputTokens: 40,
        toolCallCount: 2,
        processId: null,
        kind: 'run',
      });
    }
  });
}

async function timeOne(run: () => unknown, times: number): Promise<number> {
  const started = process.hrtime.bigint();
  for (let index = 0; index < times; index++) await run();
  return Number(process.hrtime.bigint() - started) / 1_000 / times;
}

export async function benchRunsList({
  runs = 100_000,
  agents = 100,
  rounds = 30,
  perRound = 50,
}: { runs?: number; agents?: number; rounds?: number; perRound?: number } = {}): Promise<BenchRow[]> {
  const folder = mkdtempSync(join(tmpdir(), 'studio-bench-runs-'));
  const studio = await createStudio({
    database: { url: `file:${join(folder, 'bench.db')}` },
    logger: silentLogger,
    settings: { mode: 'test' },
  });
  try {
    const storage = studio.storage as Storage & { handle: DatabaseHandle };
    await seedRuns({ storage, count: runs, agents });
    const raw = storage.handle.sqlite.prepare(
      `SELECT id, agent_id, version_number, label, resolved_tools_hash, status, finish_reason, created_at,
              finished_at, duration_ms, input_tokens, output_tokens, tool_call_count, thread_id, resource_id, error
         FROM runs WHERE agent_id = ? AND status = ? ORDER BY created_at DESC, id DESC LIMIT 51`,
    );
    // The answer is read as the text a client receives; parsing it back is the client's cost.
    const listPage = async () => {
      const response = await studio.api.request('/api/runs?agentId=agent-7&status=finished');
      const text = await response.text();
      if (response.status !== 200 || !text.includes('"nextCursor"')) throw new Error(`unexpected answer: ${text}`);
    };
    const rawPage = () => {
      if (raw.all('agent-7', 'finished').length !== 51) throw new Error('the raw query found too few runs');
    };
    await timeOne(listPage, 200);
    await timeOne(rawPage, 200);
    const measured: Array<{ measured: number; baseline: number }> = [];
    for (let round = 0; round < rounds; round++) {
      measured.push({ measured: await timeOne(listPage, perRound), baseline: await timeOne(rawPage, perRound) });
    }
    return [
      pairedRow({
        name: `first page of GET /api/runs by agent and status, ${runs} runs, vs the same raw SELECT`,
        unit: 'µs',
        rounds: measured,
        target: '<= 3x',
      }),
    ];
  } finally {
    await studio.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
