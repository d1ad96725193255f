/**
 * A transcript that only repeats the run's messages is stored as a marker and rebuilt on read.
 * Each run below is recorded by the real loop (in memory, where the record is kept as it was made),
 * then written to a real SQLite store and read back through another store on the same database:
 * the record must read exactly as its JSON, whichever way its transcript was stored.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openSqliteStorage } from '@/db/sqlite-storage';
import { createStoredRunStore } from '@/lib/runtime/stored-run-store';
import type { RunRecord } from '@/lib/runtime/run-record';
import { ephemeralSecretsKey } from '@/lib/secrets';
import { createTool, type Tool } from '@/lib/tools';
import { createScriptedModel, type ScriptedStep } from '@/tests/support/scripted-model';
import { createTestRunner, readChunks } from '@/tests/unit/runtime/run-fixture';

const lookup = createTool({
  id: 'lookup',
  description: 'Looks a value up',
  inputSchema: z.object({ value: z.string() }),
  execute: async ({ value }) => ({ value, found: true, score: 0.5 }),
});
const failing = createTool({
  id: 'failing',
  description: 'Always fails',
  inputSchema: z.object({}),
  execute: async (): Promise<string> => {
    throw new Error('The service is down');
  },
});
const slow = createTool({
  id: 'slow',
  description: 'Looks a value up slowly',
  inputSchema: z.object({ value: z.string() }),
  execute: async ({ value }) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { value, found: true };
  },
});
const dated = createTool({
  id: 'dated',
  description: 'Answers with a date and an undefined field',
  inputSchema: z.object({}),
  execute: async () => ({ at: new Date('2026-12-01T10:00:00.000Z'), missing: undefined }),
});
const shaped = createTool({
  id: 'shaped',
  description: 'Shows less in the transcript',
  inputSchema: z.object({ value: z.string() }),
  transform: { transcript: { output: () => ({ hidden: true }) } },
  execute: async ({ value }) => ({ value }),
});
const guarded = createTool({
  id: 'guarded',
  description: 'Needs an approval',
  inputSchema: z.object({ value: z.string() }),
  requireApproval: true,
  execute: async ({ value }) => ({ value }),
});
const tools: Record<string, Tool> = { lookup, failing, slow, dated, shaped, guarded };

/** Runs the script through the loop and returns the record exactly as the loop left it. */
async function recordOf(steps: ScriptedStep[], { stream = false }: { stream?: boolean } = {}): Promise<RunRecord> {
  const { agent, store } = createTestRunner({ model: createScriptedModel({ steps }), tools });
  const runId = stream
    ? await (async () => {
        const started = agent.stream('Go');
        await readChunks(started.fullStream);
        return started.runId;
      })()
    : (await agent.generate('Go')).runId;
  return (await store.get(runId))!;
}

/**
 * Writes the record to SQLite and reads it back through a second store, once as written now and
 * once from the row as it was written before the marker existed (the whole transcript in `state`).
 */
async function throughSqlite(
  record: RunRecord,
): Promise<{ read: RunRecord; before: RunRecord; storedTranscript: unknown }> {
  const storage = openSqliteStorage({ url: ':memory:' });
  const database = storage.handle;
  try {
    await storage.migrate();
    const secretsKey = ephemeralSecretsKey();
    const liveness = { id: 'this-process', judgedAt: () => null };
    const writer = createStoredRunStore({ storage, secretsKey, liveness });
    await writer.insert(record);
    await writer.close();
    const reader = async () => (await createStoredRunStore({ storage, secretsKey, liveness }).get(record.runId))!;
    const read = await reader();
    const row = database.sqlite.prepare('select state from runs where id = ?').get(record.runId) as { state: string };
    const { messages, pending, ...rest } = record.state;
    void messages;
    void pending;
    database.sqlite.prepare('update runs set state = ? where id = ?').run(JSON.stringify(rest), record.runId);
    return {
      read,
      before: await reader(),
      storedTranscript: (JSON.parse(row.state) as { transcript: unknown }).transcript,
    };
  } finally {
    await storage.close();
  }
}

const repeating: ScriptedStep[] = [
  {
    toolCalls: [
      { toolName: 'lookup', input: { value: 'a' } },
      { toolName: 'lookup', input: { value: 'b' } },
    ],
  },
  { toolCalls: [{ toolName: 'failing', input: {} }] },
  { toolCalls: [{ toolName: 'nowhere', input: { value: 'c' } }] },
  { text: 'Done.' },
];

describe('the stored transcript', () => {
  it.each<[string, ScriptedStep[], boolean]>([
    ['a generated run', repeating, false],
    ['a streamed run', repeating, true],
    [
      'text beside tool calls in one step',
      [{ text: 'Looking.', toolCalls: [{ toolName: 'lookup', input: { value: 'a' } }] }, { text: 'Found it.' }],
      false,
    ],
  ])('is stored as a marker when it repeats the messages (%s) and reads back exactly', async (_name, steps, stream) => {
    const record = await recordOf(steps, { stream });
    const { read, before, storedTranscript } = await throughSqlite(record);
    expect(storedTranscript).toBe('messages');
    expect(JSON.stringify(read)).toBe(JSON.stringify(before));
    expect(read.state.transcript).toEqual(record.state.transcript);
    expect(read.state.transcript.length).toBeGreaterThan(3);
  });

  it.each<[string, ScriptedStep[], { stream?: boolean }?]>([
    // Streamed, the fast failing call's result is recorded before the slow call's (a generated run
    // records them in the model's order); the messages keep the calls' order.
    [
      'results recorded out of call order',
      [
        {
          toolCalls: [
            { toolName: 'slow', input: { value: 'a' } },
            { toolName: 'failing', input: {} },
          ],
        },
        { text: 'ok' },
      ],
      { stream: true },
    ],
    ['a transcript transform', [{ toolCalls: [{ toolName: 'shaped', input: { value: 'a' } }] }, { text: 'ok' }]],
    [
      'values JSON changes (a date, an undefined field)',
      [{ toolCalls: [{ toolName: 'dated', input: {} }] }, { text: 'ok' }],
    ],
    ['a paused run waiting for an approval', [{ toolCalls: [{ toolName: 'guarded', input: { value: 'a' } }] }]],
  ])('is stored whole with %s and reads back as before', async (_name, steps, options) => {
    const record = await recordOf(steps, options);
    const { read, before, storedTranscript } = await throughSqlite(record);
    expect(storedTranscript).toEqual(JSON.parse(JSON.stringify(record.state.transcript)));
    expect(JSON.stringify(read)).toBe(JSON.stringify(before));
    expect(read.state.transcript).toEqual(JSON.parse(JSON.stringify(record.state.transcript)));
  });
});
