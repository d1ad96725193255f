/**
 * A stored version's approval policies (`toolPolicies`) at run time, on real sources: an MCP tool of
 * server-everything over stdio and an OpenAPI integration tool calling a local HTTP server. A call
 * pauses only when its policy's rule matches the call's arguments and request context; the paused
 * call is approved or declined by `toolCallId` on a new studio over the same database (a restart).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createStudio, type StudioOptions } from '@/lib';
import { createOpenApiIntegration } from '@/lib/integrations';
import { silentLogger } from '@/lib/logger';
import { createTool } from '@/lib/tools';
import { createScriptedModel, type ScriptedStep } from '@/tests/support/scripted-model';
import { call, createAndPublish, createTestStudio, type ResponseBody } from '@/tests/support/studio';
import { everythingServerPath, testStdioAllowedCommands } from '@/tests/support/mcp';
import { startEchoServer, usersDocument } from '../integrations/echo-server';

type Studio = Awaited<ReturnType<typeof createStudio>>;

let echo: Awaited<ReturnType<typeof startEchoServer>>;
const executed: string[] = [];

/** A registered tool that always asks on its own: a policy cannot make it ask less. */
const transfer = createTool({
  id: 'transfer',
  description: 'Moves money',
  inputSchema: z.object({ amount: z.number() }),
  requireApproval: true,
  execute: async ({ amount }) => {
    executed.push(`transfer ${amount}`);
    return { ok: true };
  },
});

const everythingClient = {
  id: 'everything',
  name: 'Everything',
  servers: { local: { type: 'stdio', command: process.execPath, args: [everythingServerPath, 'stdio'] } },
};

const over = (field: string, value: number) => ({ field, operator: 'greater_than', value });

const guardedAgent = {
  id: 'guarded',
  name: 'Guarded',
  model: 'test/scripted',
  instructions: 'Use the tools.',
  tools: { transfer: {} },
  mcpClients: { everything: { tools: { local_echo: {} } } },
  integrationTools: { users: { tools: { createUser: {}, getUser: {} } } },
  toolPolicies: {
    local_echo: {
      requireApproval: {
        operator: 'AND',
        conditions: [{ field: 'args.message', operator: 'contains', value: 'secret' }],
      },
    },
    createUser: {
      requireApproval: {
        operator: 'OR',
        conditions: [over('args.body.age', 60), { field: 'context.role', operator: 'equals', value: 'intern' }],
      },
    },
    transfer: { requireApproval: { operator: 'AND', conditions: [over('args.amount', 1000)] } },
    retired_tool: { requireApproval: true },
  },
};

let test: Awaited<ReturnType<typeof createTestStudio>>;
const studios: Studio[] = [];

function studioOptions(steps: ScriptedStep[]): StudioOptions {
  return {
    tools: { transfer },
    integrations: {
      users: createOpenApiIntegration({ id: 'users', name: 'Users', document: usersDocument(echo.url) }),
    },
    models: { 'test/scripted': createScriptedModel({ steps }) },
    settings: {
      stdioAllowedCommands: testStdioAllowedCommands,
      mcp: { listTimeoutMs: 15_000, callTimeoutMs: 15_000 },
    },
  };
}

/** A new studio on the same database, the previous one closed first (a restart). */
async function restart(steps: ScriptedStep[]): Promise<Studio> {
  await studios.pop()?.close();
  const options = studioOptions(steps);
  const studio = await createStudio({
    logger: silentLogger,
    ...options,
    ...test.reopen,
    settings: { mode: 'test', ...test.reopen.settings, ...options.settings },
  });
  studios.push(studio);
  return studio;
}

/** Starts a run on a fresh studio whose model follows `steps`. */
async function generate(steps: ScriptedStep[], requestContext: Record<string, unknown> = {}) {
  const studio = await restart(steps);
  return call(studio, 'POST', '/api/agents/guarded/generate', { prompt: 'Go', requestContext });
}

const postsSeen = () => echo.seen.filter((request) => request.method === 'POST' && request.path === '/users');

beforeAll(async () => {
  echo = await startEchoServer();
  test = await createTestStudio(studioOptions([]));
  studios.push(test.studio);
  const saved = await call(test.studio, 'POST', '/api/mcp-clients', everythingClient);
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  await createAndPublish(test.studio, guardedAgent);
}, 60_000);

afterEach(() => {
  executed.length = 0;
  echo.seen.length = 0;
});

afterAll(async () => {
  for (const studio of studios) await studio.close();
  await test?.cleanup();
  await echo?.close();
});

describe('the explanation', () => {
  it('shows each policy beside its tool and warns about a policy naming no offered tool', async () => {
    const { status, body } = await call(studios.at(-1)!, 'POST', '/api/agents/guarded/resolve', {});
    expect(status).toBe(200);
    expect(body.tools.map((tool: { name: string }) => tool.name)).toEqual([
      'createUser',
      'getUser',
      'local_echo',
      'transfer',
    ]);
    expect(body.explanation.tools.local_echo.approval).toEqual({
      requireApproval: guardedAgent.toolPolicies.local_echo.requireApproval,
      summary: 'needs approval when args.message contains "secret"',
    });
    expect(body.explanation.tools.createUser.approval.summary).toBe(
      'needs approval when args.body.age > 60 or context.role equals "intern"',
    );
    expect(body.explanation.tools.getUser.approval).toBeUndefined();
    expect(body.warnings).toEqual([
      expect.objectContaining({ code: 'tool_policy_unused', ref: 'toolPolicies.retired_tool' }),
    ]);
  });
});

describe('an MCP tool under a policy', () => {
  it('runs a call the rule does not match without asking', async () => {
    const { body } = await generate([
      { toolCalls: [{ toolName: 'local_echo', input: { message: 'hello' } }] },
      { text: 'Echoed.' },
    ]);
    expect(body).toMatchObject({ status: 'finished', text: 'Echoed.' });
    expect(JSON.stringify(body.toolResults)).toContain('Echo: hello');
  }, 30_000);

  it('pauses a matching call and runs it once approved by toolCallId after a restart', async () => {
    const paused = await generate([{ toolCalls: [{ toolName: 'local_echo', input: { message: 'the secret plan' } }] }]);
    expect(paused.body).toMatchObject({
      status: 'paused',
      pending: [{ toolCallId: 'call-1-1', toolName: 'local_echo' }],
    });
    const restarted = await restart([{ text: 'Echoed the secret.' }]);
    const approved = await call(restarted, 'POST', `/api/runs/${paused.body.runId}/approve`, {
      toolCallId: 'call-1-1',
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: 'finished', text: 'Echoed the secret.' });
    expect(JSON.stringify(approved.body.toolResults)).toContain('Echo: the secret plan');
  }, 30_000);
});

describe('an integration tool under a policy', () => {
  it('asks by the call arguments or the request context, and nothing else', async () => {
    const plain = await generate(
      [{ toolCalls: [{ toolName: 'createUser', input: { body: { name: 'Ann', age: 30 } } }] }, { text: 'Created.' }],
      { role: 'staff' },
    );
    expect(plain.body).toMatchObject({ status: 'finished', text: 'Created.' });
    expect(postsSeen()).toHaveLength(1);

    const byContext = await generate(
      [{ toolCalls: [{ toolName: 'createUser', input: { body: { name: 'Bo', age: 30 } } }] }],
      { role: 'intern' },
    );
    expect(byContext.body).toMatchObject({ status: 'paused', pending: [{ toolName: 'createUser' }] });

    const byArgs = await generate(
      [{ toolCalls: [{ toolName: 'createUser', input: { body: { name: 'Cy', age: 70 } } }] }],
      { role: 'staff' },
    );
    expect(byArgs.body).toMatchObject({ status: 'paused', pending: [{ toolName: 'createUser' }] });
    expect(postsSeen()).toHaveLength(1);
  }, 30_000);

  it('declines one paused call and approves another by toolCallId after a restart', async () => {
    const declinedRun = await generate(
      [{ toolCalls: [{ toolName: 'createUser', input: { body: { name: 'Di', age: 30 } } }] }],
      { role: 'intern' },
    );
    const approvedRun = await generate([
      { toolCalls: [{ toolName: 'createUser', input: { body: { name: 'Ed', age: 80 } } }] },
    ]);
    expect(postsSeen()).toEqual([]);

    const restarted = await restart([{ text: 'Not created.' }, { text: 'Created Ed.' }]);
    const declined = await call(restarted, 'POST', `/api/runs/${declinedRun.body.runId}/decline`, {
      toolCallId: declinedRun.body.pending[0].toolCallId,
    });
    expect(declined.body).toMatchObject({ status: 'finished', text: 'Not created.' });
    expect(postsSeen()).toEqual([]);

    const approved = await call(restarted, 'POST', `/api/runs/${approvedRun.body.runId}/approve`, {
      toolCallId: approvedRun.body.pending[0].toolCallId,
    });
    expect(approved.body).toMatchObject({ status: 'finished', text: 'Created Ed.' });
    expect(postsSeen().map((request) => JSON.parse(request.body))).toEqual([{ name: 'Ed', age: 80 }]);
  }, 30_000);

  it('leaves a tool without a policy alone', async () => {
    const { body } = await generate(
      [{ toolCalls: [{ toolName: 'getUser', input: { userId: '7' } }] }, { text: 'Found.' }],
      { role: 'intern' },
    );
    expect(body).toMatchObject({ status: 'finished', text: 'Found.' });
  }, 30_000);
});

describe('the stricter of the two wins', () => {
  it("still asks for a tool that requires approval itself when the version's rule does not match", async () => {
    const { body } = await generate([{ toolCalls: [{ toolName: 'transfer', input: { amount: 5 } }] }]);
    expect(body).toMatchObject({ status: 'paused', pending: [{ toolName: 'transfer' }] });
    expect(executed).toEqual([]);
  }, 30_000);
});

describe('policies are part of the version', () => {
  it('a save detects a policy change, the diff shows it per field and per tool, and the export carries it', async () => {
    const studio = studios.at(-1)!;
    const { local_echo: _echoPolicy, ...kept } = guardedAgent.toolPolicies;
    const saved = await call(studio, 'PATCH', '/api/agents/guarded', {
      baseVersionNumber: 1,
      toolPolicies: { ...kept, getUser: { requireApproval: true } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.version).toMatchObject({ versionNumber: 2, changedFields: ['toolPolicies'] });

    const unchanged = await call(studio, 'PATCH', '/api/agents/guarded', {
      baseVersionNumber: 2,
      toolPolicies: { ...kept, getUser: { requireApproval: true } },
    });
    expect(unchanged.body.version.versionNumber).toBe(2);

    const diff = await call(studio, 'POST', '/api/agents/guarded/diff', { from: 1, to: 2, requestContext: {} });
    expect(diff.status, JSON.stringify(diff.body)).toBe(200);
    expect(diff.body.diffs.map((change: { field: string }) => change.field)).toEqual(['toolPolicies']);
    expect(diff.body.tools.changed).toEqual([
      { name: 'getUser', changes: ['approval'] },
      { name: 'local_echo', changes: ['approval'] },
    ]);

    const exported = await call(studio, 'GET', '/api/agents/guarded/export');
    expect(exported.status).toBe(200);
    expect(JSON.stringify(exported.body)).toContain('"toolPolicies":{');
    expect(JSON.stringify(exported.body)).toContain('"field":"args.body.age"');

    // An import brings the policies back; one that breaks the rules is refused at its path.
    const copy = { ...exported.body, agent: { ...exported.body.agent, id: 'guarded-copy' } };
    const imported = await call(studio, 'POST', '/api/agents/import', copy);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const resolved = await call(studio, 'POST', '/api/agents/guarded-copy/resolve', {});
    expect(resolved.body.explanation.tools.createUser.approval.summary).toContain('args.body.age > 60');
    const broken: ResponseBody = structuredClone(copy);
    broken.agent.id = 'guarded-broken';
    broken.versions[0].snapshot.toolPolicies.createUser.requireApproval.conditions[0].field = 'age';
    const refused = await call(studio, 'POST', '/api/agents/import', broken);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('toolPolicies.createUser.requireApproval.conditions.0.field');
  }, 30_000);

  it('refuses a policy rule on a field outside args. and context. with a 400 naming the field', async () => {
    const refused = await call(studios.at(-1)!, 'PATCH', '/api/agents/guarded', {
      baseVersionNumber: 2,
      toolPolicies: {
        getUser: { requireApproval: { operator: 'AND', conditions: [{ field: 'role', operator: 'exists' }] } },
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('invalid_input');
    expect(JSON.stringify(refused.body.error)).toContain('toolPolicies.getUser.requireApproval.conditions.0.field');
  });
});
