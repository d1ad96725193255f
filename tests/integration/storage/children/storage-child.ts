/**
 * A child process for the concurrency and crash tests: it opens the same SQLite file through the
 * real editor service and executes commands read as JSON lines from stdin, answering on stdout.
 * Bundled with esbuild at test start (Node 20 cannot run TypeScript).
 */
import { writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { openSqliteStorage } from '../../../../db/sqlite-storage';
import { createEditor } from '../../../../lib/editor';
import { StudioError } from '../../../../lib/errors';
import { silentLogger } from '../../../../lib/logger';
import { resolveSecretsKey } from '../../../../lib/secrets';

type Command =
  | { op: 'save'; agentId: string; baseVersionNumber: number; instructions: string }
  | { op: 'save-and-hang'; agentId: string; baseVersionNumber: number; instructions: string }
  | { op: 'save-loop'; agentId: string; size: number };

const databaseFile = process.argv[2]!;
const storage = openSqliteStorage({ url: `file:${databaseFile}`, busyTimeoutMs: 20_000 });
// The hang below needs the SQLite connection itself.
const database = storage.handle;
const secretsKey = resolveSecretsKey({
  secretsKey: 'storage-child-test-key',
  databaseLocation: database.location,
  mode: 'test',
});
const editor = createEditor({ storage, settings: { stdioAllowedCommands: [] }, secretsKey, logger: silentLogger });

const send = (message: Record<string, unknown>) => writeSync(1, JSON.stringify(message) + '\n');

/** Pauses inside the save's write transaction (a TEMP trigger lives only on this connection). */
function hangInsideNextAuditInsert() {
  database.sqlite.function('storage_child_hang', () => {
    send({ inside: true });
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
    return null;
  });
  database.sqlite.exec(
    'CREATE TEMP TRIGGER storage_child_hang AFTER INSERT ON main.audit_log BEGIN SELECT storage_child_hang(); END;',
  );
}

async function run(command: Command) {
  if (command.op === 'save-loop') {
    // Saves as fast as it can until killed; each save is large so a kill often lands mid-write.
    for (let round = 0; ; round += 1) {
      const latest = (await editor.agents.getById(command.agentId)).version.versionNumber;
      await editor.agents.update({
        id: command.agentId,
        baseVersionNumber: latest,
        instructions: `${round} `.repeat(command.size),
      });
      if (round === 0) send({ looping: true });
    }
  }
  if (command.op === 'save-and-hang') hangInsideNextAuditInsert();
  try {
    const result = await editor.agents.update({
      id: command.agentId,
      baseVersionNumber: command.baseVersionNumber,
      instructions: command.instructions,
    });
    send({ ok: true, created: result.created, versionNumber: result.version.versionNumber });
  } catch (error) {
    if (!(error instanceof StudioError)) throw error;
    send({ ok: false, code: error.code });
  }
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  run(JSON.parse(line) as Command).catch((error: unknown) => {
    send({ ok: false, code: 'crash', message: String(error) });
  });
});
lines.on('close', () => {
  void storage.close().finally(() => process.exit(0));
});
send({ ready: true });
