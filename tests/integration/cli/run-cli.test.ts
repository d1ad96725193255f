/**
 * `agent-studio run list` and `run show` in process against a studio served over real HTTP: runs
 * made by a scripted model, listed newest first with the filters, and one shown with its steps, as
 * text and as JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTools, storedAgent } from '../runtime/fixture';
import { createScriptedModel } from '../../support/scripted-model';
import { servedStudio } from './cli-support';

let studio: Awaited<ReturnType<typeof servedStudio>>;
const runIds: string[] = [];

beforeAll(async () => {
  const model = createScriptedModel({
    steps: [
      { toolCalls: [{ toolName: 'weather', input: { city: 'Oslo' } }] },
      { text: 'It is 7 degrees.' },
      { toolCalls: [{ toolName: 'transfer', input: { to: 'bob', amount: 5 } }] },
    ],
  });
  studio = await servedStudio({ tools: runTools([]), models: { 'test/scripted': model } });
  const { editor, runtime } = studio.studio;
  await editor.agents.create(storedAgent);
  await editor.agents.publish({ id: 'banker', versionNumber: 1 });
  const agent = await runtime.loadAgent('banker');
  runIds.push((await agent.generate('Weather?')).runId);
  runIds.push((await agent.generate('Pay Bob.')).runId);
});

afterAll(async () => {
  await studio?.close();
});

describe('run list', () => {
  it('prints the runs newest first, one row each', async () => {
    const { code, stdout } = await studio.run('run', 'list');
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(/^STARTED\s+RUN\s+AGENT\s+VERSION\s+STATUS\s+DURATION/);
    expect(lines[1]).toContain(runIds[1]);
    expect(lines[1]).toMatch(/banker\s+1\s+paused\s+-\s+10\/5\s+1$/);
    expect(lines[2]).toContain(runIds[0]);
    expect(lines[2]).toMatch(/finished\s+\d+ ms\s+20\/10\s+1$/);
  });

  it('filters by agent and status, and prints JSON', async () => {
    const paused = await studio.run('run', 'list', '--agent', 'banker', '--status', 'paused', '--json');
    expect(paused.code).toBe(0);
    expect(JSON.parse(paused.stdout)).toMatchObject([{ runId: runIds[1], status: 'paused' }]);
    const none = await studio.run('run', 'list', '--agent', 'nobody');
    expect(none.stdout).toBe('No runs.');
    const bad = await studio.run('run', 'list', '--status', 'done');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--status');
  });
});

describe('run show', () => {
  it('prints the run and a line per step and per tool call', async () => {
    const { code, stdout } = await studio.run('run', 'show', runIds[0]!);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Run:\s+/);
    expect(stdout).toContain(runIds[0]);
    expect(stdout).toMatch(/Tokens:\s+20 in, 10 out/);
    expect(stdout).toMatch(/step 0\s+\d+ ms\s+model \d+ ms\s+10\/5\s+tool-calls/);
    expect(stdout).toMatch(/\d+ ms\s+weather \(registry\)\s+ok/);
    expect(stdout).toMatch(/step 1\s+\d+ ms\s+model \d+ ms\s+10\/5\s+stop/);
  });

  it('prints a pending approval, and the run as JSON', async () => {
    const text = await studio.run('run', 'show', runIds[1]!);
    expect(text.stdout).toMatch(/transfer \(registry\)\s+approval pending/);
    const json = await studio.run('run', 'show', runIds[1]!, '--json');
    expect(JSON.parse(json.stdout)).toMatchObject({
      runId: runIds[1],
      status: 'paused',
      steps: [{ index: 0, toolCalls: [{ toolName: 'transfer', approval: { state: 'pending' } }] }],
    });
  });

  it('exits 1 for a run that does not exist', async () => {
    const { code, stderr } = await studio.run('run', 'show', 'no-such-run');
    expect(code).toBe(1);
    expect(stderr).toContain('no-such-run');
  });
});
