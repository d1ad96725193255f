/**
 * A workflow step that suspends pauses the whole run; the run is stored and resumed by a new
 * studio on the same database file.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Agent } from '@/lib/agents';
import { createScriptedModel, type ScriptedStep } from '@/tests/support/scripted-model';
import { createTestStudio } from '@/tests/support/studio';
import { bookingWorkflow } from '@/tests/unit/runtime/booking-workflow';
import { readChunks, toolResultsSeen } from '@/tests/unit/runtime/run-fixture';

let cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  // The restarted studio closes before the first one's database is dropped.
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

describe('workflows as tools', () => {
  it('pauses the whole run when a workflow step suspends, stores it, and resumes it after a restart', async () => {
    const executed: string[] = [];
    const build = (steps: ScriptedStep[]) => {
      const model = createScriptedModel({ steps });
      const concierge = new Agent({
        id: 'concierge',
        name: 'Concierge',
        instructions: 'Book rooms.',
        model,
        workflows: { booking: bookingWorkflow(executed) },
      });
      return { model, concierge };
    };
    const first = build([{ toolCalls: [{ toolName: 'workflow-booking', input: { inputData: { hotel: 'Ritz' } } }] }]);
    const test = await createTestStudio({ agents: { concierge: first.concierge } });
    cleanups.push(test.cleanup);
    const runnable = await test.studio.runtime.loadAgent('concierge');
    const stream = runnable.stream('Book the Ritz');
    const chunks = await readChunks(stream.fullStream);
    const paused = await stream.result;
    expect(paused.status).toBe('paused');
    const suspended = chunks.find((chunk) => chunk.type === 'tool-call-suspended')!;
    expect(suspended.payload).toMatchObject({
      toolName: 'workflow-booking',
      suspendPayload: {
        workflowId: 'booking',
        step: 'confirm',
        suspendPayload: { question: 'How many nights at Ritz?' },
        stepInput: { hotel: 'Ritz', room: 12 },
      },
    });
    const row = (await test.studio.storage.queries.runs.get(paused.runId))!;
    expect(row.status).toBe('paused');
    expect(JSON.parse(row.pending!)[0]).toMatchObject({ toolName: 'workflow-booking', kind: 'suspended' });
    await test.studio.close();

    // A new studio on the same file, with freshly built agents and workflows (nothing kept in memory).
    const second = build([{ text: 'Booked.' }]);
    const { createStudio } = await import('@/lib');
    const { silentLogger } = await import('@/lib/logger');
    const restarted = await createStudio({
      logger: silentLogger,
      agents: { concierge: second.concierge },
      ...test.reopen,
      settings: { mode: 'test', ...test.reopen.settings },
    });
    cleanups.push(() => restarted.close());
    const done = await restarted.runtime.runs.resume({ runId: paused.runId, resumeData: { nights: 3 } });
    expect(done).toMatchObject({ status: 'finished', text: 'Booked.' });
    expect(executed).toEqual(['Ritz room 12 for 3']);
    expect(toolResultsSeen(second.model, 0)).toEqual([
      expect.objectContaining({
        toolName: 'workflow-booking',
        output: {
          type: 'json',
          value: {
            result: { booked: 'Ritz #12 x3' },
            runId: (paused.pending![0]!.suspendPayload as { runId: string }).runId,
          },
        },
      }),
    ]);
  });
});
