/**
 * Storage figures on PostgreSQL: save a version, publish, read the latest, with 100,000 versions in
 * the database, through the editor on the PostgreSQL storage adapter, each next to the same writes
 * or read as raw `pg` statements (prepared, in a serializable transaction like the adapter's) on
 * their own connection to the same server, a throwaway one (bench/postgres-server.ts).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openPostgresStorage } from '../db/postgres-storage';
import { createEditor } from '../lib/editor';
import { silentLogger } from '../lib/logger';
import { ephemeralSecretsKey } from '../lib/secrets';
import { currentSnapshotSchemaVersion } from '../lib/snapshots';
import { canonicalJson, configHash } from '../lib/versions';
import { pairedRow, row, sampleMicroseconds, summarize, type BenchRow } from './harness';
import { startThrowawayPostgres } from './postgres-server';
import { insertHistory } from './storage';

const snapshot = {
  name: 'Bench agent',
  model: 'openai/gpt-4o-mini',
  instructions: 'You help with unit conversion, time zones and the knowledge base. '.repeat(8),
  tools: [{ value: { 'convert-units': {}, 'world-time': {} } }],
};

/** Saves are compared with their raw writes in short alternating rounds, after both are warm. */
const saveRounds = { count: 10, warmup: 200 };

/** The writes of a save and of a publish, and the read of the latest version, as raw prepared statements. */
function rawStatements(client: pg.Client) {
  const text = canonicalJson(snapshot);
  const hash = configHash(snapshot);
  let number = 1;
  const inTransaction = async (work: () => Promise<void>) => {
    await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
    await work();
    await client.query('COMMIT');
  };
  const audit = (at: string, action: string, details: string) =>
    client.query({
      name: 'audit',
      text: "INSERT INTO audit_log (at, actor, action, entity, entity_id, details) VALUES ($1, 'system', $2, 'agent', 'bench-raw', $3)",
      values: [at, action, details],
    });
  return {
    save: () =>
      inTransaction(async () => {
        const now = new Date().toISOString();
        number += 1;
        await client.query({
          name: 'insert-version',
          text: "INSERT INTO agent_versions (id, agent_id, version_number, schema_version, snapshot, config_hash, changed_fields, change_message, author_id, created_at) VALUES ($1, 'bench-raw', $2, $3, $4, $5, '[\"instructions\"]', 'Saved from editor', 'system', $6)",
          values: [randomUUID(), number, currentSnapshotSchemaVersion, text, hash, now],
        });
        await client.query({
          name: 'move-latest',
          text: "UPDATE agents SET latest_version_number = $1, updated_at = $2 WHERE id = 'bench-raw'",
          values: [number, now],
        });
        await audit(now, 'agent.save', '{"changedFields":["instructions"],"versionNumber":1}');
      }),
    publish: (versionId: string) =>
      inTransaction(async () => {
        const now = new Date().toISOString();
        await client.query({
          name: 'publish',
          text: "UPDATE agents SET active_version_id = $1, status = 'published', updated_at = $2 WHERE id = 'bench-raw'",
          values: [versionId, now],
        });
        await audit(now, 'agent.publish', '{"versionNumber":1}');
      }),
    readLatest: () =>
      client.query({
        name: 'read-latest',
        text: 'SELECT v.* FROM agents a JOIN agent_versions v ON v.agent_id = a.id AND v.version_number = a.latest_version_number WHERE a.id = $1',
        values: ['bench'],
      }),
  };
}

export async function benchStoragePostgres({
  versions = 100_000,
  iterations = 1_000,
}: { versions?: number; iterations?: number } = {}): Promise<BenchRow[]> {
  const server = await startThrowawayPostgres();
  const storage = openPostgresStorage({ url: server.url });
  const client = new pg.Client({ connectionString: server.url });
  try {
    await storage.migrate();
    await client.connect();
    const editor = createEditor({
      storage,
      settings: { stdioAllowedCommands: [] },
      secretsKey: ephemeralSecretsKey(),
      logger: silentLogger,
    });
    await editor.agents.create({ id: 'bench', ...snapshot });
    await editor.agents.create({ id: 'bench-raw', ...snapshot });
    await insertHistory({ storage, agentId: 'bench', count: versions });
    const raw = rawStatements(client);
    const history = versions.toLocaleString('en');
    const rows: BenchRow[] = [];

    let latest = versions;
    const save = async () => {
      const result = await editor.agents.update({ id: 'bench', baseVersionNumber: latest, instructions: `${latest}` });
      latest = result.version.versionNumber;
    };
    for (let index = 0; index < saveRounds.warmup; index++) {
      await save();
      await raw.save();
    }
    const perRound = Math.max(1, Math.round(iterations / saveRounds.count));
    const rounds: Array<{ measured: number; baseline: number }> = [];
    for (let round = 0; round < saveRounds.count; round++) {
      const measured = summarize(await sampleMicroseconds(save, { iterations: perRound, warmup: 5 })).median;
      const baseline = summarize(await sampleMicroseconds(raw.save, { iterations: perRound, warmup: 5 })).median;
      rounds.push({ measured, baseline });
    }
    rows.push(
      pairedRow({
        name: `storage on PostgreSQL: save a version (${history} versions) vs the same writes, raw pg`,
        unit: 'µs',
        rounds,
        target: '<= 3x',
      }),
    );

    const targets = [Math.floor(latest / 2), latest];
    const targetIds: string[] = [];
    for (const number of targets) targetIds.push((await storage.queries.versions.byNumber('bench', number))!.id);
    let flip = 0;
    const publishBaseline = summarize(
      await sampleMicroseconds(() => raw.publish(targetIds[flip++ % 2]!), { iterations }),
    );
    const publish = summarize(
      await sampleMicroseconds(() => editor.agents.publish({ id: 'bench', versionNumber: targets[flip++ % 2]! }), {
        iterations,
      }),
    );
    rows.push(
      row(
        'storage on PostgreSQL: publish a version vs the same writes, raw pg',
        'µs',
        publish,
        publishBaseline.median,
        '<= 3x',
      ),
    );

    const readBaseline = summarize(await sampleMicroseconds(raw.readLatest, { iterations }));
    const read = summarize(
      await sampleMicroseconds(() => editor.agents.loadVersion({ id: 'bench', fallback: 'latest' }), { iterations }),
    );
    rows.push(
      row(
        `storage on PostgreSQL: read the latest version (${history} versions) vs raw pg`,
        'µs',
        read,
        readBaseline.median,
        '<= 3x',
      ),
    );
    return rows;
  } finally {
    await client.end().catch(() => undefined);
    await storage.close();
    server.stop();
  }
}
