/**
 * List 1,000 agents with their published versions (the editor's list, paged by 100 as
 * the API does) against one raw SELECT of the same rows, in the same run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStorage } from '../db/sqlite-storage';
import { createBenchEditor, seedPublishedAgents } from './bench-editor';
import { row, sampleMicroseconds, summarize, type BenchRow } from './harness';

export async function benchAgentsList({
  agents = 1_000,
  iterations = 200,
}: { agents?: number; iterations?: number } = {}): Promise<BenchRow[]> {
  const folder = mkdtempSync(join(tmpdir(), 'studio-bench-list-'));
  const storage = openSqliteStorage({ url: `file:${join(folder, 'bench.db')}` });
  try {
    await storage.migrate();
    const editor = createBenchEditor(storage);
    await seedPublishedAgents({ editor, agents });
    // The raw baseline is a SQLite statement on the same connection.
    const raw = storage.handle.sqlite.prepare(
      `SELECT a.*, av.version_number AS active_version_number, av.config_hash AS active_config_hash,
              lv.id AS latest_version_id, lv.config_hash AS latest_config_hash,
              json_extract(lv.snapshot, '$.name') AS name, json_extract(lv.snapshot, '$.description') AS description
         FROM agents a
         LEFT JOIN agent_versions av ON av.id = a.active_version_id
         LEFT JOIN agent_versions lv ON lv.agent_id = a.id AND lv.version_number = a.latest_version_number
        ORDER BY a.id`,
    );
    const listAll = async () => {
      let cursor: string | undefined;
      let count = 0;
      do {
        const page = await editor.agents.list({ limit: 100, cursor });
        count += page.items.length;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      if (count !== agents) throw new Error(`listed ${count} agents, expected ${agents}`);
    };
    const measured = await sampleMicroseconds(listAll, { iterations, warmup: 20 });
    const baseline = await sampleMicroseconds(() => raw.all(), { iterations, warmup: 20 });
    const toMs = (samples: number[]) => samples.map((value) => value / 1000);
    return [
      row(
        `list ${agents} agents with their published versions vs one raw SELECT`,
        'ms',
        summarize(toMs(measured)),
        summarize(toMs(baseline)).median,
        '<= 3x',
      ),
    ];
  } finally {
    await storage.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
