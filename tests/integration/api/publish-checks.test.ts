/**
 * Before publishing: `GET /agents/{id}/versions/{n}/publish-checks` lists what the publish gate
 * would refuse, without publishing, and a publish message is kept in the audit log.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentSnapshotSchemaVersion } from '@/lib/snapshots';
import { canonicalJson, configHash } from '@/lib/versions';
import { call as callApi, createTestStudio } from '../../support/studio';

let context: Awaited<ReturnType<typeof createTestStudio>>;
const call = (method: string, path: string, body?: unknown) => callApi(context.studio, method, path, body);

const base = { model: 'openai/gpt-4o-mini', instructions: 'Help.' };
const missingHelper = {
  code: 'missing_reference',
  path: 'agents.research.agentId',
  message: 'No code or stored agent with id "helper"',
};

beforeAll(async () => {
  context = await createTestStudio();
  expect((await call('POST', '/api/agents', { id: 'helper', name: 'Helper', ...base })).status).toBe(201);
  const lead = await call('POST', '/api/agents', {
    id: 'lead',
    name: 'Lead',
    ...base,
    agents: { research: { agentId: 'helper' } },
  });
  expect(lead.status).toBe(201);
});
afterAll(() => context.cleanup());

describe('the publish checks of a version', () => {
  it('lists no problem for a version that can go live, and publishes nothing', async () => {
    const checks = await call('GET', '/api/agents/lead/versions/1/publish-checks');
    expect(checks).toEqual({ status: 200, body: { problems: [] } });
    expect((await call('GET', '/api/agents/lead')).body.agent.activeVersionNumber).toBeNull();
  });

  it('lists the problem the publish would refuse with, once a sub-agent is deleted', async () => {
    expect((await call('DELETE', '/api/agents/helper')).status).toBe(200);
    const checks = await call('GET', '/api/agents/lead/versions/1/publish-checks');
    expect(checks).toEqual({ status: 200, body: { problems: [missingHelper] } });
    const publish = await call('POST', '/api/agents/lead/versions/1/publish', { message: 'Try anyway' });
    expect(publish.status).toBe(409);
    expect(publish.body.error.code).toBe('publish_blocked');
    expect(publish.body.error.details.problems).toEqual(checks.body.problems);
  });

  it('blocks a version stored before saves refused a sub-agent key that cannot name a tool', async () => {
    expect((await call('POST', '/api/agents', { id: 'scout', name: 'Scout', ...base })).status).toBe(201);
    expect((await call('POST', '/api/agents', { id: 'old-keys', name: 'Old keys', ...base })).status).toBe(201);
    // Written as an older studio stored it: saves refuse such a key now.
    const snapshot = { name: 'Old keys', ...base, agents: { 'bad key!': { agentId: 'scout' } } };
    const { versions, agents } = context.studio.storage.queries;
    await context.studio.storage.transaction(async () => {
      await versions.insert({
        id: randomUUID(),
        agentId: 'old-keys',
        versionNumber: 2,
        schemaVersion: currentSnapshotSchemaVersion,
        snapshot: canonicalJson(snapshot),
        configHash: configHash(snapshot),
        changedFields: '["agents"]',
        changeMessage: null,
        authorId: 'system',
        createdAt: new Date().toISOString(),
      });
      await agents.setLatestVersionNumber({
        id: 'old-keys',
        latestVersionNumber: 2,
        updatedAt: new Date().toISOString(),
      });
    });
    const checks = await call('GET', '/api/agents/old-keys/versions/2/publish-checks');
    expect(checks.status).toBe(200);
    expect(checks.body.problems).toEqual([expect.objectContaining({ code: 'name_invalid', path: 'agents.bad key!' })]);
    const publish = await call('POST', '/api/agents/old-keys/versions/2/publish', {});
    expect(publish.status).toBe(409);
    expect(publish.body.error.details.problems).toEqual(checks.body.problems);
  });

  it('answers 404 for an unknown agent or version and 400 for a version that is not a number', async () => {
    expect((await call('GET', '/api/agents/nobody/versions/1/publish-checks')).status).toBe(404);
    const noVersion = await call('GET', '/api/agents/lead/versions/9/publish-checks');
    expect(noVersion.status).toBe(404);
    expect(noVersion.body.error.code).toBe('version_not_found');
    const bad = await call('GET', '/api/agents/lead/versions/one/publish-checks');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.issues[0].path).toContain('n');
  });
});

describe('the publish message', () => {
  it('is kept in the audit entry of the publish', async () => {
    expect((await call('POST', '/api/agents', { id: 'solo', name: 'Solo', ...base })).status).toBe(201);
    const published = await call('POST', '/api/agents/solo/versions/1/publish', { message: '  First release  ' });
    expect(published.status).toBe(200);
    const audit = await call('GET', '/api/agents/solo/audit');
    const entry = audit.body.items.find((item: { action: string }) => item.action === 'agent.publish');
    expect(entry.details).toMatchObject({ versionNumber: 1, message: 'First release' });
  });

  it('refuses a message that is not text or too long, naming the field', async () => {
    const notText = await call('POST', '/api/agents/solo/versions/1/publish', { message: 42 });
    expect(notText.status).toBe(400);
    expect(notText.body.error.details.issues[0].path).toBe('message');
    const long = await call('POST', '/api/agents/solo/versions/1/publish', { message: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.error.details.issues[0].path).toBe('message');
  });
});
