/**
 * Runs of an unsaved draft (docs/runs.md), over real HTTP with sign-in required: an editor resolves
 * and runs the body a save takes, and gets the draft's tools and instructions exactly as the saved
 * configuration would give them, while no version is written and the published resolution stays as
 * it was; the run is stored as a draft run. A runtime key is refused, a draft with a selector and a
 * draft the save's checks refuse are 400s naming the field, and a draft run that would wait for an
 * approval fails with 409 `draft_cannot_pause` without running the tool.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prompts, serveTestStudio, type Answer } from '../runtime/http-runs';

let served: Awaited<ReturnType<typeof serveTestStudio>>;
const keys = {} as Record<'runtime' | 'editor' | 'admin', { key: string }>;

const saved = {
  id: 'drafted',
  name: 'Drafted',
  model: 'test/scripted',
  instructions: 'Saved instructions.',
  tools: { 'world-time': {} },
};
/** What the editor's form would send: the changed fields over version 1. */
const draft = {
  baseVersionNumber: 1,
  instructions: 'Draft instructions: convert units.',
  tools: { 'convert-units': { description: 'Converts units (draft wording)' } },
};
const convert = '[[call convert-units {"value":1,"from":"km","to":"m"}]]';

const send = (who: keyof typeof keys, method: string, path: string, body?: unknown) =>
  served.send(method, path, body, keys[who]);

const versionsOf = async (agentId: string) =>
  (await send('admin', 'GET', `/api/agents/${agentId}/versions`)).body.items.map(
    (version: { versionNumber: number }) => version.versionNumber,
  );

const issuePaths = (answer: Answer) =>
  (answer.body.error.details.issues as Array<{ path: string }>).map((issue) => issue.path);

beforeAll(async () => {
  served = await serveTestStudio({ settings: { auth: 'required' } });
  for (const scope of ['runtime', 'editor', 'admin'] as const) {
    keys[scope] = { key: (await served.studio.access.apiKeys.create({ name: scope, scope, createdBy: 'test' })).key };
  }
  expect((await send('admin', 'POST', '/api/agents', saved)).status).toBe(201);
  expect((await send('admin', 'POST', '/api/agents/drafted/versions/1/publish', {})).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await served?.close();
});

describe('an editor resolves an unsaved draft', () => {
  it("answers the draft's tools and instructions, as the same configuration saved would, and saves nothing", async () => {
    const resolved = await send('editor', 'POST', '/api/agents/drafted/resolve', { draft });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({
      agentId: 'drafted',
      versionId: null,
      versionNumber: null,
      draft: true,
      instructions: draft.instructions,
      model: 'test/scripted',
    });
    expect(resolved.body.tools.map((tool: { name: string }) => tool.name)).toEqual(['convert-units']);
    expect(resolved.body.tools[0].description).toBe('Converts units (draft wording)');

    // The same configuration saved as an agent of its own resolves to the very same tools.
    const { baseVersionNumber: _base, ...fields } = draft;
    expect((await send('admin', 'POST', '/api/agents', { ...saved, id: 'twin', ...fields })).status).toBe(201);
    const twin = await send('editor', 'POST', '/api/agents/twin/resolve', { selector: { versionNumber: 1 } });
    expect(resolved.body.tools).toEqual(twin.body.tools);
    expect(resolved.body.explanation).toEqual(twin.body.explanation);
    expect(resolved.body.resolvedToolsHash).toBe(twin.body.resolvedToolsHash);

    expect(await versionsOf('drafted')).toEqual([1]);
    const published = await send('runtime', 'POST', '/api/agents/drafted/resolve', {});
    expect(published.body).toMatchObject({ versionNumber: 1, instructions: 'Saved instructions.' });
    expect(published.body.draft).toBeUndefined();
    expect(published.body.tools.map((tool: { name: string }) => tool.name)).toEqual(['world-time']);
  });
});

describe('an editor runs an unsaved draft', () => {
  it("generates with the draft's tools and stores a draft run, with no version written", async () => {
    const run = await send('editor', 'POST', '/api/agents/drafted/generate', { prompt: convert, draft });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ status: 'finished', versionId: null, versionNumber: null, draft: true });
    expect(run.body.toolResults).toEqual([expect.objectContaining({ toolName: 'convert-units', isError: false })]);
    expect(run.body.text).toMatch(/^Tool results: convert-units -> /);

    const stored = await send('editor', 'GET', `/api/runs/${run.body.runId}`);
    expect(stored.body).toMatchObject({ status: 'finished', versionNumber: null, draft: true });
    const listed = await send('editor', 'GET', '/api/runs?agentId=drafted');
    expect(listed.body.items.find((item: { runId: string }) => item.runId === run.body.runId)).toMatchObject({
      versionNumber: null,
      draft: true,
    });
    expect(await versionsOf('drafted')).toEqual([1]);
  });

  it('streams a draft run, its start naming it a draft', async () => {
    const answer = await served.send(
      'POST',
      '/api/agents/drafted/stream',
      { prompt: convert, draft },
      { ...keys.editor, stream: true },
    );
    expect(answer.status).toBe(200);
    expect(answer.events[0]).toMatchObject({ event: 'start', data: { payload: { versionNumber: null, draft: true } } });
    expect(answer.events.at(-1)).toMatchObject({ event: 'finish', data: { payload: { status: 'finished' } } });
  });

  it('leaves runs of saved versions unmarked', async () => {
    const run = await send('runtime', 'POST', '/api/agents/drafted/generate', { prompt: 'Hello' });
    expect(run.body).toMatchObject({ status: 'finished', versionNumber: 1 });
    expect(run.body.draft).toBeUndefined();
  });
});

describe('who may send a draft, and with what', () => {
  it('refuses a runtime key with 403, saying what it needs, whether or not the draft is well-formed', async () => {
    for (const route of ['resolve', 'generate', 'stream']) {
      for (const sent of [draft, { name: 'x' }, 'not a draft']) {
        const body = route === 'resolve' ? { draft: sent } : { prompt: 'Hi', draft: sent };
        const answer = await send('runtime', 'POST', `/api/agents/drafted/${route}`, body);
        expect(answer.status, route).toBe(403);
        expect(answer.body.error.code).toBe('forbidden');
        expect(answer.body.error.message).toMatch(/unsaved draft: that needs the editor scope/);
      }
    }
  });

  it('refuses a draft beside a selector with 400 naming draft', async () => {
    const answer = await send('editor', 'POST', '/api/agents/drafted/generate', {
      prompt: 'Hi',
      draft,
      selector: { versionNumber: 1 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('invalid_input');
    expect(issuePaths(answer)).toEqual(['draft']);
    const resolved = await send('editor', 'POST', '/api/agents/drafted/resolve', {
      draft,
      selector: { status: 'draft' },
    });
    expect(issuePaths(resolved)).toEqual(['draft']);
  });

  it('refuses what a save refuses with 400 naming each field under draft', async () => {
    const never = { operator: 'AND', conditions: [{ field: 'tier', operator: 'in', value: [] }] };
    const cases: Array<[string, Record<string, unknown>, string[]]> = [
      ['a field of the wrong type', { model: 42 }, ['draft.model']],
      ['an unknown field', { colour: 'blue' }, ['draft.colour']],
      ['a cleared required field', { instructions: null }, ['draft.instructions']],
      [
        'a rule that never matches',
        { tools: [{ value: { 'world-time': {} }, rules: never }] },
        ['draft.tools[0].rules.conditions[0]'],
      ],
      [
        'a sub-agent that does not exist',
        { agents: { helper: { agentId: 'nobody' } } },
        ['draft.agents.helper.agentId'],
      ],
      ['a base version that does not exist', { baseVersionNumber: 9 }, ['draft.baseVersionNumber']],
    ];
    for (const [what, fields, paths] of cases) {
      const answer = await send('editor', 'POST', '/api/agents/drafted/resolve', {
        draft: { baseVersionNumber: 1, ...fields },
      });
      expect(answer.status, what).toBe(400);
      expect(answer.body.error.code, what).toBe('invalid_input');
      expect(issuePaths(answer), what).toEqual(paths);
    }
    const run = await send('editor', 'POST', '/api/agents/drafted/generate', {
      prompt: 'Hi',
      draft: { baseVersionNumber: 1, instructions: null },
    });
    expect(issuePaths(run)).toEqual(['draft.instructions']);
    expect(await versionsOf('drafted')).toEqual([1]);
  });
});

describe('a draft run that would pause', () => {
  const withRefund = { baseVersionNumber: 1, tools: { 'issue-refund': {} } };

  it('fails with 409 draft_cannot_pause, the tool not run, and the run stored as failed', async () => {
    const answer = await send('editor', 'POST', '/api/agents/drafted/generate', {
      prompt: prompts.approval,
      draft: withRefund,
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({
      code: 'draft_cannot_pause',
      details: { toolNames: ['issue-refund'] },
    });
    expect(answer.body.error.message).toMatch(/Save the draft as a version/);
    const stored = await send('editor', 'GET', `/api/runs/${answer.body.error.details.runId}`);
    expect(stored.body).toMatchObject({ status: 'failed', draft: true, error: { code: 'draft_cannot_pause' } });
    expect(stored.body.steps[0].toolCalls[0]).toMatchObject({ toolName: 'issue-refund' });
    expect(stored.body.steps[0].toolCalls[0].result).toBeUndefined();
  });

  it('ends a streamed draft run with the same error event', async () => {
    const answer = await served.send(
      'POST',
      '/api/agents/drafted/stream',
      { prompt: prompts.approval, draft: withRefund },
      { ...keys.editor, stream: true },
    );
    expect(answer.events.at(-1)).toMatchObject({
      event: 'error',
      data: { payload: { error: { code: 'draft_cannot_pause' } } },
    });
  });

  it('refuses auto-resume with a draft, which could only continue a saved run', async () => {
    const answer = await send('editor', 'POST', '/api/agents/drafted/generate', {
      prompt: prompts.monday,
      threadId: 'thread-1',
      autoResumeSuspendedTools: true,
      draft,
    });
    expect(answer.status).toBe(400);
    expect(issuePaths(answer)).toEqual(['autoResumeSuspendedTools']);
  });
});
