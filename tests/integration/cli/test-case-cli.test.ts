/**
 * `agent test-case add --from-run` and `agent test-case list` against a served studio: a finished
 * run saved as a case with its tool call, listed as a table and as JSON; a run of another agent and
 * an unknown run refused with a non-zero exit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTool } from '@/lib/tools';
import { createScriptedModel } from '@/tests/support/scripted-model';
import { createAndPublish } from '@/tests/support/studio';
import { servedStudio } from './cli-support';

let studio: Awaited<ReturnType<typeof servedStudio>>;

const weather = createTool({
  id: 'get_weather',
  description: 'Weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, sky: 'sunny' }),
});

beforeAll(async () => {
  studio = await servedStudio({
    tools: { [weather.id]: weather },
    models: {
      'test/scripted': createScriptedModel({
        steps: [{ toolCalls: [{ toolName: 'get_weather', input: { city: 'Oslo' } }] }, { text: 'Sunny in Oslo.' }],
      }),
    },
  });
  for (const id of ['forecaster', 'other'])
    await createAndPublish(studio.studio, {
      id,
      name: id,
      model: 'test/scripted',
      instructions: 'Answer.',
      tools: { get_weather: {} },
    });
});
afterAll(async () => {
  await studio?.close();
});

describe('agent test-case', () => {
  it('adds a finished run as a test case and lists it', async () => {
    const agent = await studio.studio.runtime.loadAgent('forecaster');
    const run = await agent.generate('Weather in Oslo?');
    const added = await studio.run(
      'agent',
      'test-case',
      'add',
      'forecaster',
      '--from-run',
      run.runId,
      '--name',
      'Oslo',
    );
    expect([added.code, added.stdout]).toEqual([
      0,
      expect.stringMatching(
        /^Saved run .+ as test case "Oslo" \(.+\) of forecaster: 1 tool call\(s\) \(get_weather\), 2 expectation\(s\)\.$/,
      ),
    ]);
    const listed = await studio.run('agent', 'test-case', 'list', 'forecaster', '--json');
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject([
      {
        name: 'Oslo',
        recording: { fromRunId: run.runId, toolCalls: [{ toolName: 'get_weather', args: { city: 'Oslo' } }] },
      },
    ]);
    const table = await studio.run('agent', 'test-case', 'list', 'forecaster');
    expect(table.stdout).toContain('Oslo');

    const wrongAgent = await studio.run('agent', 'test-case', 'add', 'other', '--from-run', run.runId, '--name', 'X');
    expect(wrongAgent.code).not.toBe(0);
    expect(wrongAgent.stderr).toContain(`is a run of agent forecaster, not of other`);
    const unknown = await studio.run('agent', 'test-case', 'add', 'forecaster', '--from-run', 'nope', '--name', 'X');
    expect(unknown.code).not.toBe(0);
    expect((await studio.studio.editor.testCases.list('other')).items).toEqual([]);
  });
});
