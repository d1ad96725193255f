/**
 * A run is written before its answer leaves: another connection to the file (what another process
 * reads) sees it as the answer says. Checked against the SQLite file itself.
 */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { call, createAndPublish } from '@/tests/support/studio';
import { createRunStudio, parseEventStream, storedAgent } from './fixture';

let current: ReturnType<typeof createRunStudio> | undefined;
afterEach(async () => {
  await current?.cleanup();
  current = undefined;
});

/** The run's row as another connection to the file sees it (what another process would read). */
function storedStatus(databaseFile: string, runId: string): string | undefined {
  const other = new Database(databaseFile, { readonly: true });
  try {
    return (other.prepare('select status from runs where id = ?').get(runId) as { status: string } | undefined)?.status;
  } finally {
    other.close();
  }
}

describe('stored runs', () => {
  it('stores a finished run before answering: another connection sees it at once', async () => {
    current = createRunStudio([{ text: 'Done.' }]);
    await createAndPublish(current.studio, storedAgent);
    const finished = (await call(current.studio, 'POST', '/api/agents/banker/generate', { prompt: 'Hi' })).body;
    expect(finished.status).toBe('finished');
    const read = await call(current.studio, 'GET', `/api/runs/${finished.runId}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ runId: finished.runId, status: 'finished' });
    expect(storedStatus(current.databaseFile, finished.runId)).toBe('finished');
  });

  it('keeps finished runs across a restart', async () => {
    current = createRunStudio([{ text: 'One.' }, { text: 'Two.' }]);
    await createAndPublish(current.studio, storedAgent);
    const first = (await call(current.studio, 'POST', '/api/agents/banker/generate', { prompt: 'A' })).body;
    const second = (await call(current.studio, 'POST', '/api/agents/banker/generate', { prompt: 'B' })).body;
    const restarted = await current.reopen([]);
    const lastText = (runId: string) => restarted.runtime.runs.get(runId)?.transcript.at(-1);
    expect(restarted.runtime.runs.get(first.runId)).toMatchObject({ status: 'finished' });
    expect(lastText(first.runId)).toEqual({ type: 'text', text: 'One.' });
    expect(lastText(second.runId)).toEqual({ type: 'text', text: 'Two.' });
  });

  it('stores a paused run before answering: another connection sees it at once', async () => {
    current = createRunStudio([{ toolCalls: [{ toolName: 'transfer', input: { to: 'alice', amount: 10 } }] }]);
    await createAndPublish(current.studio, storedAgent);
    const paused = (await call(current.studio, 'POST', '/api/agents/banker/generate', { prompt: 'Pay' })).body;
    expect(paused.status).toBe('paused');
    expect(storedStatus(current.databaseFile, paused.runId)).toBe('paused');
  });

  it('a streamed run is stored as running when it starts; its end replaces that row', async () => {
    current = createRunStudio([{ text: 'Streamed.' }]);
    await createAndPublish(current.studio, storedAgent);
    const response = await current.studio.api.request('/api/agents/banker/stream', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Hi' }),
    });
    const events = parseEventStream(await response.text());
    const runId = events[0]!.data.runId as string;
    expect(current.studio.runtime.runs.get(runId)).toMatchObject({
      status: 'finished',
      transcript: [{ type: 'user' }, { type: 'text', text: 'Streamed.' }],
    });
    expect(storedStatus(current.databaseFile, runId)).toBe('finished');
  });
});
