/**
 * The publish gate over HTTP: the always-on checks refuse a version naming a tool or MCP client
 * that is not there; the agent's gate, set by an admin, refuses a version with no passing
 * evaluation (`evaluation_required`) unless an admin overrides it, with the reason audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTool } from '@/lib/tools';
import { createScriptedModel } from '@/tests/support/scripted-model';
import { call, createTestStudio } from '@/tests/support/studio';

const ping = createTool({ id: 'ping', description: 'Ping', inputSchema: z.object({}), execute: async () => 'pong' });

let test: Awaited<ReturnType<typeof createTestStudio>>;

beforeAll(async () => {
  test = await createTestStudio({ tools: { ping }, models: { 'test/scripted': createScriptedModel() } });
});

afterAll(async () => {
  await test.cleanup();
});

const agent = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  name: id,
  model: 'test/scripted',
  instructions: 'Help.',
  tools: { ping: {} },
  ...fields,
});

describe('the always-on checks', () => {
  it('refuse a version naming a tool or an MCP client that is not there', async () => {
    const created = await call(
      test.studio,
      'POST',
      '/api/agents',
      agent('gone', {
        tools: [{ value: { ping: {} } }, { value: { vanished: {} }, rules: { operator: 'AND', conditions: [] } }],
        mcpClients: { nowhere: {} },
      }),
    );
    expect(created.status).toBe(201);
    const published = await call(test.studio, 'POST', '/api/agents/gone/versions/1/publish', {});
    expect(published.status).toBe(409);
    expect(published.body.error.code).toBe('publish_blocked');
    expect(published.body.error.details.problems).toEqual(
      expect.arrayContaining([
        { code: 'tool_not_registered', message: 'Tool "vanished" is not registered', path: 'tools.1.value.vanished' },
        expect.objectContaining({ code: 'mcp_client_unknown', path: 'mcpClients.nowhere' }),
      ]),
    );
    const override = await call(test.studio, 'POST', '/api/agents/gone/versions/1/publish', {
      override: { reason: 'Ship it' },
    });
    expect(override.status).toBe(409);
  });
});

describe("the agent's gate", () => {
  it('is off by default, and an admin turns it on', async () => {
    expect((await call(test.studio, 'POST', '/api/agents', agent('gated'))).status).toBe(201);
    expect(await call(test.studio, 'GET', '/api/agents/gated/publish-gate')).toEqual({
      status: 200,
      body: { requireEvaluation: false, minPassRate: 1 },
    });
    const bad = await call(test.studio, 'PUT', '/api/agents/gated/publish-gate', {
      requireEvaluation: true,
      minPassRate: 2,
    });
    expect(bad.status).toBe(400);
    const set = await call(test.studio, 'PUT', '/api/agents/gated/publish-gate', { requireEvaluation: true });
    expect(set).toEqual({ status: 200, body: { requireEvaluation: true, minPassRate: 1 } });
  });

  it('refuses a publish with no passing evaluation, and an admin may override it with a reason', async () => {
    const refused = await call(test.studio, 'POST', '/api/agents/gated/versions/1/publish', {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.details.problems).toEqual([expect.objectContaining({ code: 'evaluation_required' })]);

    const empty = await call(test.studio, 'POST', '/api/agents/gated/versions/1/publish', {
      override: { reason: ' ' },
    });
    expect(empty.status).toBe(400);

    const published = await call(test.studio, 'POST', '/api/agents/gated/versions/1/publish', {
      override: { reason: 'Hotfix for the outage' },
    });
    expect(published.status).toBe(200);
    expect(published.body.agent.activeVersionNumber).toBe(1);
    const audit = await call(test.studio, 'GET', '/api/agents/gated/audit');
    const entry = (audit.body.items as Array<{ action: string; details: Record<string, unknown> }>).find(
      (item) => item.action === 'agent.publish',
    );
    expect(entry?.details.override).toEqual({ reason: 'Hotfix for the outage' });
  });
});
