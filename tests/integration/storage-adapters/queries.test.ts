/**
 * The storage contract, query by query: both adapters answer every query of every table alike
 * (rows read back exactly as written, list order, search, pages, what a delete answers).
 */
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import type * as postgres from '../../../db/postgres/schema';
import type * as sqlite from '../../../db/schema';
import type { Storage } from '../../../db/storage';
import type { EvaluationRow } from '../../../db/queries';
import { adapters, type OpenedDatabase } from './adapters';
import {
  agentRow,
  agentWithVersions,
  apiKeyRow,
  at,
  clientRow,
  clientVersionRow,
  dateAt,
  runRow,
  sessionRow,
  userRow,
  versionRow,
} from './fixtures';

describe('the two schemas', () => {
  it('have the same row types, so nothing above db/ can tell the databases apart', () => {
    expectTypeOf<typeof postgres.agents.$inferSelect>().toEqualTypeOf<typeof sqlite.agents.$inferSelect>();
    expectTypeOf<typeof postgres.agentVersions.$inferSelect>().toEqualTypeOf<
      typeof sqlite.agentVersions.$inferSelect
    >();
    expectTypeOf<typeof postgres.versionLabels.$inferSelect>().toEqualTypeOf<
      typeof sqlite.versionLabels.$inferSelect
    >();
    expectTypeOf<typeof postgres.mcpClients.$inferSelect>().toEqualTypeOf<typeof sqlite.mcpClients.$inferSelect>();
    expectTypeOf<typeof postgres.mcpClientVersions.$inferSelect>().toEqualTypeOf<
      typeof sqlite.mcpClientVersions.$inferSelect
    >();
    expectTypeOf<typeof postgres.integrationConfigs.$inferSelect>().toEqualTypeOf<
      typeof sqlite.integrationConfigs.$inferSelect
    >();
    expectTypeOf<typeof postgres.toolProviderConfigs.$inferSelect>().toEqualTypeOf<
      typeof sqlite.toolProviderConfigs.$inferSelect
    >();
    expectTypeOf<typeof postgres.auditLog.$inferSelect>().toEqualTypeOf<typeof sqlite.auditLog.$inferSelect>();
    expectTypeOf<typeof postgres.runs.$inferSelect>().toEqualTypeOf<typeof sqlite.runs.$inferSelect>();
    expectTypeOf<typeof postgres.taskLists.$inferSelect>().toEqualTypeOf<typeof sqlite.taskLists.$inferSelect>();
    expectTypeOf<typeof postgres.users.$inferSelect>().toEqualTypeOf<typeof sqlite.users.$inferSelect>();
    expectTypeOf<typeof postgres.sessions.$inferSelect>().toEqualTypeOf<typeof sqlite.sessions.$inferSelect>();
    expectTypeOf<typeof postgres.apiKeys.$inferSelect>().toEqualTypeOf<typeof sqlite.apiKeys.$inferSelect>();
    expectTypeOf<typeof postgres.stdioLaunchSpecs.$inferSelect>().toEqualTypeOf<
      typeof sqlite.stdioLaunchSpecs.$inferSelect
    >();
  });
});

describe.each(adapters)('$name storage queries', ({ missing, open }) => {
  let database: OpenedDatabase;
  let storage: Storage;
  beforeEach(async (context) => {
    if (missing) return context.skip();
    database = await open();
    storage = database.storage;
  });
  afterEach(async () => {
    await database?.close();
  });

  describe('agents', () => {
    it('reads back the record it stored, a new one as a draft', async () => {
      await storage.queries.agents.insert(agentRow('weather'));
      expect(await storage.queries.agents.get('weather')).toEqual({ ...agentRow('weather'), status: 'draft' });
      expect(await storage.queries.agents.get('nobody')).toBeUndefined();
    });

    it('moves the pointers, publishing with an active version and back to draft without', async () => {
      await agentWithVersions(storage, 'weather', 2);
      await storage.queries.agents.setActiveVersion({ id: 'weather', activeVersionId: 'weather-v1', updatedAt: at(5) });
      await storage.queries.agents.setLatestVersionNumber({ id: 'weather', latestVersionNumber: 2, updatedAt: at(6) });
      await storage.queries.agents.setMetadata({ id: 'weather', metadata: '{"a":1}', updatedAt: at(7) });
      expect(await storage.queries.agents.getSummary('weather')).toEqual({
        ...agentRow('weather', { latestVersionNumber: 2, activeVersionId: 'weather-v1', metadata: '{"a":1}' }),
        status: 'published',
        updatedAt: at(7),
        activeVersionNumber: 1,
        activeConfigHash: 'hash-weather-1',
        latestVersionId: 'weather-v2',
        latestConfigHash: 'hash-weather-2',
      });
      await storage.queries.agents.setActiveVersion({ id: 'weather', activeVersionId: null, updatedAt: at(8) });
      expect(await storage.queries.agents.get('weather')).toMatchObject({ status: 'draft', activeVersionId: null });
      expect(await storage.queries.agents.getSummary('nobody')).toBeUndefined();
    });

    it('lists summaries by id byte order in pages, with the latest name and description', async () => {
      for (const id of ['b-agent', 'B-agent', 'a_agent', 'a-agent', 'c']) await agentWithVersions(storage, id, 1);
      const first = await storage.queries.agents.listSummaries({ afterId: '', limit: 3 });
      expect(first.map((row) => row.id)).toEqual(['B-agent', 'a-agent', 'a_agent']);
      expect(first[0]).toMatchObject({ name: 'B-agent 1', description: 'does things', latestVersionId: 'B-agent-v1' });
      const second = await storage.queries.agents.listSummaries({ afterId: 'a_agent', limit: 3 });
      expect(second.map((row) => row.id)).toEqual(['b-agent', 'c']);
    });

    it('searches the id or the latest name as a case-insensitive substring, wildcards taken literally', async () => {
      await agentWithVersions(storage, 'weather', 2, 'Forecast 100%');
      await agentWithVersions(storage, 'support', 1, 'Help_Desk');
      await agentWithVersions(storage, 'other', 1);
      await storage.queries.agents.insert(agentRow('no-versions'));
      const search = async (text: string) =>
        (await storage.queries.agents.listSummaries({ afterId: '', limit: 10, search: text })).map((row) => row.id);
      expect(await search('eat')).toEqual(['weather']);
      expect(await search('forecast')).toEqual(['weather']);
      expect(await search('100%')).toEqual(['weather']);
      expect(await search('%')).toEqual(['weather']);
      expect(await search('_')).toEqual(['support']);
      expect(await search('help_')).toEqual(['support']);
      expect(await search('versions')).toEqual(['no-versions']);
      expect(await search('nothing')).toEqual([]);
      expect(await storage.queries.agents.listSummaries({ afterId: 'support', limit: 10, search: 'e' })).toMatchObject([
        { id: 'weather' },
      ]);
    });

    it('answers whether a delete removed the record, its versions and labels going with it', async () => {
      await agentWithVersions(storage, 'weather', 1);
      await storage.queries.labels.insert({
        agentId: 'weather',
        name: 'stable',
        versionId: 'weather-v1',
        revisionToken: 't',
        createdAt: at(1),
        updatedAt: at(1),
      });
      expect(await storage.queries.agents.delete('weather')).toBe(true);
      expect(await storage.queries.agents.delete('weather')).toBe(false);
      expect(await storage.queries.versions.byId('weather-v1')).toBeUndefined();
      expect(await storage.queries.labels.list('weather')).toEqual([]);
    });
  });

  describe('agent versions', () => {
    it('reads a version by id, number, pointer and label', async () => {
      await agentWithVersions(storage, 'weather', 3);
      await storage.queries.agents.setActiveVersion({ id: 'weather', activeVersionId: 'weather-v2', updatedAt: at(9) });
      await storage.queries.labels.insert({
        agentId: 'weather',
        name: 'stable',
        versionId: 'weather-v1',
        revisionToken: 't',
        createdAt: at(1),
        updatedAt: at(1),
      });
      const versions = storage.queries.versions;
      expect(await versions.byId('weather-v2')).toEqual(versionRow('weather', 2));
      expect(await versions.byNumber('weather', 3)).toEqual(versionRow('weather', 3));
      expect(await versions.byNumber('weather', 4)).toBeUndefined();
      expect(await versions.latest('weather')).toEqual(versionRow('weather', 3));
      expect(await versions.active('weather')).toEqual(versionRow('weather', 2));
      expect(await versions.activeId('weather')).toBe('weather-v2');
      expect(await versions.latestId('weather')).toBe('weather-v3');
      expect(await versions.byLabel('weather', 'stable')).toEqual(versionRow('weather', 1));
      expect(await versions.byLabel('weather', 'none')).toBeUndefined();
      expect(await versions.highestNumber('weather')).toBe(3);
      expect(await versions.count('weather')).toBe(3);
    });

    it('answers nothing for an agent without versions, and undefined for a missing agent', async () => {
      await storage.queries.agents.insert(agentRow('empty'));
      const versions = storage.queries.versions;
      expect(await versions.latest('empty')).toBeUndefined();
      expect(await versions.active('empty')).toBeUndefined();
      expect(await versions.activeId('empty')).toBeNull();
      expect(await versions.activeId('nobody')).toBeUndefined();
      expect(await versions.latestId('empty')).toBeUndefined();
      expect(await versions.highestNumber('empty')).toBe(0);
      expect(await versions.count('empty')).toBe(0);
    });

    it('pages newest first below a number, lists all oldest first and the changed fields after one', async () => {
      await agentWithVersions(storage, 'weather', 5);
      const versions = storage.queries.versions;
      const page = await versions.page({ agentId: 'weather', beforeNumber: Number.MAX_SAFE_INTEGER, limit: 2 });
      expect(page.map((row) => row.versionNumber)).toEqual([5, 4]);
      const next = await versions.page({ agentId: 'weather', beforeNumber: 4, limit: 2 });
      expect(next).toEqual([versionRow('weather', 3), versionRow('weather', 2)]);
      expect((await versions.all('weather')).map((row) => row.versionNumber)).toEqual([1, 2, 3, 4, 5]);
      expect(await versions.changedFieldsAfter('weather', 3)).toEqual([['field4'], ['field5']]);
    });

    it('finds the oldest versions neither active, latest nor labelled, and deletes versions', async () => {
      await agentWithVersions(storage, 'weather', 5);
      await storage.queries.agents.setActiveVersion({ id: 'weather', activeVersionId: 'weather-v2', updatedAt: at(9) });
      await storage.queries.labels.insert({
        agentId: 'weather',
        name: 'stable',
        versionId: 'weather-v3',
        revisionToken: 't',
        createdAt: at(1),
        updatedAt: at(1),
      });
      const versions = storage.queries.versions;
      expect(await versions.oldestUnpinned('weather', 10)).toEqual(['weather-v1', 'weather-v4']);
      expect(await versions.oldestUnpinned('weather', 1)).toEqual(['weather-v1']);
      await versions.delete('weather-v1');
      expect(await versions.count('weather')).toBe(4);
      await storage.queries.labels.deleteAll('weather');
      await versions.deleteAll('weather');
      expect(await versions.count('weather')).toBe(0);
    });
  });

  describe('labels', () => {
    it('lists by name with the version number, moves, and deletes', async () => {
      await agentWithVersions(storage, 'weather', 2);
      const labels = storage.queries.labels;
      for (const name of ['stable', 'Beta', 'canary'])
        await labels.insert({
          agentId: 'weather',
          name,
          versionId: 'weather-v1',
          revisionToken: `token-${name}`,
          createdAt: at(1),
          updatedAt: at(1),
        });
      expect((await labels.list('weather')).map((label) => label.name)).toEqual(['Beta', 'canary', 'stable']);
      expect(await labels.namesForVersion('weather-v1')).toEqual(['Beta', 'canary', 'stable']);
      await labels.move({
        agentId: 'weather',
        name: 'stable',
        versionId: 'weather-v2',
        revisionToken: 'moved',
        updatedAt: at(2),
      });
      expect(await labels.get('weather', 'stable')).toEqual({
        agentId: 'weather',
        name: 'stable',
        versionId: 'weather-v2',
        revisionToken: 'moved',
        createdAt: at(1),
        updatedAt: at(2),
        versionNumber: 2,
      });
      await labels.delete('weather', 'Beta');
      expect(await labels.get('weather', 'Beta')).toBeUndefined();
      expect(await labels.namesForVersion('weather-v1')).toEqual(['canary']);
    });
  });

  describe('audit log', () => {
    it('pages newest first below an id, with every filter', async () => {
      const audit = storage.queries.audit;
      const rows = [
        { at: at(1), actor: 'ada', action: 'agent.create', entity: 'agent', entityId: 'weather', details: '{}' },
        { at: at(2), actor: 'bob', action: 'agent.save', entity: 'agent', entityId: 'weather', details: '{"v":2}' },
        { at: at(3), actor: 'ada', action: 'client.create', entity: 'mcp_client', entityId: 'files', details: '{}' },
        { at: at(4), actor: 'ada', action: 'agent.save', entity: 'agent', entityId: 'support', details: '{}' },
      ];
      for (const row of rows) await audit.insert(row);
      const all = await audit.page({ beforeId: Number.MAX_SAFE_INTEGER, limit: 10 });
      expect(all.map(({ id: _id, ...row }) => row)).toEqual([...rows].reverse());
      const ids = all.map((row) => row.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const [newest, second] = ids as [number, number];
      expect((await audit.page({ beforeId: newest, limit: 1 })).map((row) => row.id)).toEqual([second]);
      const page = (filter: Parameters<Storage['queries']['audit']['page']>[0]) =>
        audit.page(filter).then((found) => found.map((row) => row.at));
      const first = { beforeId: Number.MAX_SAFE_INTEGER, limit: 10 };
      expect(await page({ ...first, entity: 'agent', entityId: 'weather' })).toEqual([at(2), at(1)]);
      expect(await page({ ...first, actor: 'ada' })).toEqual([at(4), at(3), at(1)]);
      expect(await page({ ...first, action: 'agent.save', actor: 'ada' })).toEqual([at(4)]);
      expect(await page({ ...first, entity: 'mcp_client' })).toEqual([at(3)]);
      expect(await page({ ...first, from: at(2), to: at(4) })).toEqual([at(3), at(2)]);
    });
  });

  describe('saved MCP clients', () => {
    it('stores records and versions, pages them and answers deletes', async () => {
      const clients = storage.queries.mcpClients;
      for (const id of ['files', 'Fetch', 'git']) await clients.insert(clientRow(id));
      for (let number = 1; number <= 3; number += 1) await clients.insertVersion(clientVersionRow('files', number));
      await clients.setLatestVersionNumber({ id: 'files', latestVersionNumber: 3, updatedAt: at(9) });
      expect(await clients.get('files')).toEqual({ ...clientRow('files', 3), updatedAt: at(9) });
      expect((await clients.list({ afterId: '', limit: 2 })).map((row) => row.id)).toEqual(['Fetch', 'files']);
      expect((await clients.list({ afterId: 'files', limit: 2 })).map((row) => row.id)).toEqual(['git']);
      expect(await clients.versionById('files-c2')).toEqual(clientVersionRow('files', 2));
      expect(await clients.versionByNumber('files', 1)).toEqual(clientVersionRow('files', 1));
      expect(await clients.latest('files')).toEqual(clientVersionRow('files', 3));
      expect(await clients.latest('git')).toBeUndefined();
      const page = await clients.versionPage({ clientId: 'files', beforeNumber: Number.MAX_SAFE_INTEGER, limit: 2 });
      expect(page.map((row) => row.versionNumber)).toEqual([3, 2]);
      expect((await clients.allVersions('files')).map((row) => row.versionNumber)).toEqual([1, 2, 3]);
      expect(await clients.changedFieldsAfter('files', 1)).toEqual([['field2'], ['field3']]);
      expect(await clients.delete('files')).toBe(true);
      expect(await clients.delete('files')).toBe(false);
      expect(await clients.versionById('files-c1')).toBeUndefined();
    });

    it('marks a client as needing approval and approved again', async () => {
      const clients = storage.queries.mcpClients;
      await clients.insert(clientRow('files'));
      await clients.setApproval({ id: 'files', approval: 'needs_approval', updatedAt: at(5) });
      expect(await clients.get('files')).toEqual({
        ...clientRow('files'),
        approval: 'needs_approval',
        updatedAt: at(5),
      });
      await clients.setApproval({ id: 'files', approval: 'approved', updatedAt: at(6) });
      expect((await clients.get('files'))?.approval).toBe('approved');
    });

    it('stores stdio launch specs, lists them oldest first and answers deletes', async () => {
      const specs = storage.queries.stdioLaunchSpecs;
      const spec = (id: string, minute: number) => ({
        id,
        command: 'npx',
        args: JSON.stringify(['-y', id]),
        createdBy: 'user:admin@example.com',
        createdAt: at(minute),
      });
      await specs.insert(spec('later', 2));
      await specs.insert(spec('earlier', 1));
      expect(await specs.list()).toEqual([spec('earlier', 1), spec('later', 2)]);
      expect(await specs.delete('earlier')).toBe(true);
      expect(await specs.delete('earlier')).toBe(false);
      expect(await specs.list()).toEqual([spec('later', 2)]);
    });

    it('finds the versions to upgrade and rewrites their secrets', async () => {
      const clients = storage.queries.mcpClients;
      await clients.insert(clientRow('files'));
      await clients.insertVersion({ ...clientVersionRow('files', 1), configHash: 'hmac:abc' });
      await clients.insertVersion({
        ...clientVersionRow('files', 2),
        configHash: 'hmac:def',
        snapshot: '{"k":"enc:v1:x"}',
      });
      await clients.insertVersion({ ...clientVersionRow('files', 3), configHash: 'sha256:old' });
      const upgrade = await clients.versionsToUpgrade();
      expect(upgrade.map((row) => row.id).sort()).toEqual(['files-c2', 'files-c3']);
      await clients.rewriteVersionSecrets({ id: 'files-c2', snapshot: '{"k":"enc:v2:x"}', configHash: 'hmac:new' });
      expect(await clients.versionById('files-c2')).toMatchObject({
        snapshot: '{"k":"enc:v2:x"}',
        configHash: 'hmac:new',
      });
    });
  });

  describe('integration configs', () => {
    it('stores, stamps, updates, upgrades and deletes configs', async () => {
      const configs = storage.queries.integrationConfigs;
      const row = (id: string, config: string) => ({
        id,
        integration: 'openapi',
        config,
        createdAt: at(1),
        updatedAt: at(2),
      });
      await configs.insert(row('orders', '{"a":"enc:v1:x"}'));
      await configs.insert(row('Billing', '{}'));
      expect(await configs.get('orders')).toEqual(row('orders', '{"a":"enc:v1:x"}'));
      expect(await configs.stamp('orders')).toEqual({ id: 'orders', updatedAt: at(2) });
      expect(await configs.stamp('nothing')).toBeUndefined();
      expect(await configs.stamps()).toEqual([
        { id: 'Billing', updatedAt: at(2) },
        { id: 'orders', updatedAt: at(2) },
      ]);
      expect((await configs.configsToUpgrade()).map((found) => found.id)).toEqual(['orders']);
      await configs.rewriteConfigSecrets({ id: 'orders', config: '{"a":"enc:v2:x"}' });
      await configs.update({ id: 'Billing', integration: 'openapi', config: '{"b":1}', updatedAt: at(3) });
      expect(await configs.get('orders')).toEqual(row('orders', '{"a":"enc:v2:x"}'));
      expect(await configs.get('Billing')).toEqual({ ...row('Billing', '{"b":1}'), updatedAt: at(3) });
      expect(await configs.delete('orders')).toBe(true);
      expect(await configs.delete('orders')).toBe(false);
    });
  });

  describe('runs', () => {
    it('stores a run, updates it raising the revision and finds the latest paused one of a thread', async () => {
      const runs = storage.queries.runs;
      await runs.insert(runRow('r1', { createdAt: at(1) }));
      await runs.insert(runRow('r2', { createdAt: at(2) }));
      await runs.insert(runRow('r3', { createdAt: at(3), threadId: 'other' }));
      expect(await runs.get('r1')).toEqual(runRow('r1', { createdAt: at(1) }));
      expect(await runs.latestPausedInThread({ agentId: 'agent', threadId: 'thread', resourceId: null })).toMatchObject(
        { id: 'r2' },
      );
      await runs.update({
        id: 'r2',
        status: 'finished',
        messages: '[]',
        pending: '[]',
        state: '{"steps":2}',
        error: null,
        updatedAt: at(5),
        finishedAt: null,
        durationMs: null,
        finishReason: null,
        inputTokens: 0,
        outputTokens: 0,
        toolCallCount: 0,
        processId: 'p1',
      });
      expect(await runs.get('r2')).toEqual(
        runRow('r2', {
          createdAt: at(2),
          status: 'finished',
          messages: '[]',
          state: '{"steps":2}',
          revision: 1,
          updatedAt: at(5),
          processId: 'p1',
        }),
      );
      expect(await runs.latestPausedInThread({ agentId: 'agent', threadId: 'thread', resourceId: null })).toMatchObject(
        { id: 'r1' },
      );
      expect(await runs.latestPausedInThread({ agentId: 'agent', threadId: 'none', resourceId: null })).toBeUndefined();
    });

    it('finds the paused run of a thread only for its own resource (or for none when it has none)', async () => {
      const runs = storage.queries.runs;
      await runs.insert(runRow('mine', { createdAt: at(1), resourceId: 'ada' }));
      await runs.insert(runRow('theirs', { createdAt: at(2), resourceId: 'bob' }));
      const latest = (resourceId: string | null) =>
        runs.latestPausedInThread({ agentId: 'agent', threadId: 'thread', resourceId });
      expect(await latest('ada')).toMatchObject({ id: 'mine' });
      expect(await latest('bob')).toMatchObject({ id: 'theirs' });
      expect(await latest('eve')).toBeUndefined();
      expect(await latest(null)).toBeUndefined();
      await runs.insert(runRow('nobody', { createdAt: at(0) }));
      expect(await latest(null)).toMatchObject({ id: 'nobody' });
    });

    it('inserts a new run id once: of two racing inserts of one id exactly one lands, the first row kept', async () => {
      const other = database.other();
      const landed = await Promise.all([
        storage.queries.runs.insertNew(runRow('chosen', { createdBy: 'key:one' })),
        other.queries.runs.insertNew(runRow('chosen', { createdBy: 'key:two' })),
      ]);
      expect(landed.filter(Boolean)).toHaveLength(1);
      const kept = await storage.queries.runs.get('chosen');
      expect(kept?.createdBy).toBe(landed[0] ? 'key:one' : 'key:two');
      expect(await storage.queries.runs.insertNew(runRow('chosen'))).toBe(false);
      expect(await storage.queries.runs.get('chosen')).toEqual(kept);
    });

    it('lets exactly one of two racing claims of a paused run win', async () => {
      await storage.queries.runs.insert(runRow('r1'));
      const other = database.other();
      const claims = await Promise.all([
        storage.queries.runs.claim({ id: 'r1', revision: 0, updatedAt: at(1), processId: 'one' }),
        other.queries.runs.claim({ id: 'r1', revision: 0, updatedAt: at(2), processId: 'two' }),
      ]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await storage.queries.runs.get('r1')).toMatchObject({
        status: 'running',
        revision: 1,
        processId: claims[0] ? 'one' : 'two',
      });
      expect(await storage.queries.runs.claim({ id: 'r1', revision: 1, updatedAt: at(3), processId: 'one' })).toBe(
        false,
      );
    });

    it("ends an agent's paused runs as aborted, leaving its other runs and other agents' runs alone", async () => {
      const runs = storage.queries.runs;
      await runs.insert(runRow('waiting', { pending: '[{"toolCallId":"c1"}]' }));
      await runs.insert(runRow('busy', { status: 'running' }));
      await runs.insert(runRow('elsewhere', { agentId: 'other' }));
      const error = '{"code":"not_found","message":"gone"}';
      expect(await runs.abortPausedOfAgent({ agentId: 'agent', error, at: at(9) })).toBe(1);
      expect(await runs.get('waiting')).toEqual(
        runRow('waiting', {
          status: 'aborted',
          pending: '[]',
          error,
          finishedAt: at(9),
          updatedAt: at(9),
          revision: 1,
        }),
      );
      expect(await runs.get('busy')).toEqual(runRow('busy', { status: 'running' }));
      expect(await runs.get('elsewhere')).toEqual(runRow('elsewhere', { agentId: 'other' }));
      expect(await runs.abortPausedOfAgent({ agentId: 'agent', error, at: at(10) })).toBe(0);
    });

    it('finds the running runs whose process stopped: its row gone or alive only until before, or without one, its updatedAt old', async () => {
      const runs = storage.queries.runs;
      const processes = storage.queries.processes;
      const beat = (id: string, aliveAt: number, aliveUntil: number) =>
        processes.beat({ id, startedAt: at(0), aliveAt: at(aliveAt), aliveUntil: at(aliveUntil) });
      await beat('alive', 4, 8);
      await beat('silent', 1, 3);
      await runs.insert(runRow('of-alive', { status: 'running', processId: 'alive' }));
      await runs.insert(runRow('of-silent', { status: 'running', processId: 'silent' }));
      await runs.insert(runRow('of-gone', { status: 'running', processId: 'gone' }));
      await runs.insert(runRow('paused-of-gone', { processId: 'gone' }));
      await runs.insert(runRow('unnamed-old', { status: 'running', updatedAt: at(1) }));
      await runs.insert(runRow('unnamed-recent', { status: 'running', updatedAt: at(6) }));
      const stopped = async (limits: { unmovedSince: string; judgedAt: string | null }) =>
        (await runs.stoppedRunning(limits)).map((row) => row.id).sort();

      expect(await stopped({ unmovedSince: at(5), judgedAt: at(5) })).toEqual(['of-gone', 'of-silent', 'unnamed-old']);
      // Without a judgement of processes (this one was not heard long enough), only unnamed runs count.
      expect(await stopped({ unmovedSince: at(5), judgedAt: null })).toEqual(['unnamed-old']);
      // Each process is judged by the time it gave itself: 'alive' still counts at its last moment.
      expect(await stopped({ unmovedSince: at(0), judgedAt: at(8) })).toEqual(['of-gone', 'of-silent']);
      expect(await stopped({ unmovedSince: at(0), judgedAt: at(9) })).toEqual(['of-alive', 'of-gone', 'of-silent']);
      // A beat moves the row: the process is alive again.
      await beat('silent', 6, 9);
      expect(await stopped({ unmovedSince: at(0), judgedAt: at(7) })).toEqual(['of-gone']);
      await processes.remove('alive');
      expect(await stopped({ unmovedSince: at(0), judgedAt: at(7) })).toEqual(['of-alive', 'of-gone']);
    });

    it('clears the rows of processes alive only until before a time, and only those', async () => {
      const processes = storage.queries.processes;
      await processes.beat({ id: 'old', startedAt: at(0), aliveAt: at(1), aliveUntil: at(2) });
      await processes.beat({ id: 'new', startedAt: at(0), aliveAt: at(1), aliveUntil: at(4) });
      expect(await processes.removeStopped(at(3))).toBe(1);
      expect(await processes.removeStopped(at(3))).toBe(0);
      // The newer row was kept until its own time came.
      expect(await processes.removeStopped(at(5))).toBe(1);
    });

    it('ends a running run only at the revision read: a write since, or another ending, wins', async () => {
      const runs = storage.queries.runs;
      await runs.insert(runRow('lost', { status: 'running', revision: 3 }));
      const ended = {
        id: 'lost',
        status: 'failed' as const,
        messages: '[]',
        pending: '[]',
        state: '{}',
        error: '{"code":"unavailable","message":"stopped"}',
        updatedAt: at(9),
        finishedAt: at(9),
        durationMs: 9,
        finishReason: null,
        inputTokens: 0,
        outputTokens: 0,
        toolCallCount: 0,
        processId: 'sweeper',
      };
      expect(await runs.endRunning({ ...ended, revision: 2 })).toBe(false);
      const other = database.other();
      const endings = await Promise.all([
        runs.endRunning({ ...ended, revision: 3 }),
        other.queries.runs.endRunning({ ...ended, revision: 3 }),
      ]);
      expect(endings.filter(Boolean)).toHaveLength(1);
      expect(await runs.get('lost')).toMatchObject({ status: 'failed', revision: 4, error: ended.error });
      expect(await runs.endRunning({ ...ended, revision: 4 })).toBe(false);
    });
  });

  describe('evaluations', () => {
    const evaluation = (id: string, overrides: Partial<EvaluationRow> = {}): EvaluationRow => ({
      id,
      agentId: 'agent',
      versionNumber: 1,
      configHash: 'hash',
      status: 'running',
      testCasesChangedAt: at(0),
      passed: 0,
      failed: 0,
      results: '[]',
      error: null,
      createdBy: null,
      startedAt: at(1),
      finishedAt: null,
      aliveAt: null,
      processId: null,
      ...overrides,
    });

    it('fails the running evaluations whose process stopped, or without one, not seen alive since a time', async () => {
      const queries = storage.queries.evaluations;
      await storage.queries.processes.beat({ id: 'alive', startedAt: at(0), aliveAt: at(4), aliveUntil: at(8) });
      await storage.queries.processes.beat({ id: 'silent', startedAt: at(0), aliveAt: at(1), aliveUntil: at(3) });
      await queries.insert(evaluation('of-alive', { processId: 'alive' }));
      await queries.insert(evaluation('of-silent', { processId: 'silent' }));
      await queries.insert(evaluation('of-gone', { processId: 'gone' }));
      await queries.insert(evaluation('done-of-gone', { processId: 'gone', status: 'finished', finishedAt: at(2) }));
      // Stored before processes were recorded: its sign of life, or its start, counts.
      await queries.insert(evaluation('unnamed-lost'));
      await queries.insert(evaluation('unnamed-recent', { aliveAt: at(5) }));
      const stop = (limits: { unmovedSince: string; judgedAt: string | null }) =>
        queries.failStopped({ error: 'stopped', finishedAt: at(9), ...limits });
      const status = async (id: string) => (await queries.get(id))?.status;

      // Not judging processes: only the unnamed one counts.
      expect(await stop({ unmovedSince: at(4), judgedAt: null })).toBe(1);
      expect(await queries.get('unnamed-lost')).toMatchObject({
        status: 'failed',
        error: 'stopped',
        finishedAt: at(9),
      });
      expect(await status('of-gone')).toBe('running');
      expect(await stop({ unmovedSince: at(4), judgedAt: at(5) })).toBe(2);
      for (const id of ['of-silent', 'of-gone']) expect(await status(id)).toBe('failed');
      for (const id of ['of-alive', 'unnamed-recent']) expect(await status(id)).toBe('running');
      expect(await status('done-of-gone')).toBe('finished');
    });

    it('writes results only while an evaluation runs: one failed meanwhile stays failed', async () => {
      const queries = storage.queries.evaluations;
      await queries.insert(evaluation('cut-off'));
      expect(
        await queries.failStopped({ error: 'stopped', finishedAt: at(8), unmovedSince: at(4), judgedAt: null }),
      ).toBe(1);
      await queries.insert(evaluation('ongoing'));
      const results = (id: string) => ({
        id,
        status: 'finished' as const,
        passed: 1,
        failed: 0,
        results: '[{"testCaseId":"case","passed":true}]',
        error: null,
        finishedAt: at(9),
      });
      await queries.finish(results('cut-off'));
      await queries.finish(results('ongoing'));
      expect(await queries.get('cut-off')).toMatchObject({
        status: 'failed',
        error: 'stopped',
        passed: 0,
        results: '[]',
      });
      expect(await queries.get('ongoing')).toMatchObject({ status: 'finished', passed: 1, finishedAt: at(9) });
    });
  });

  describe('task lists', () => {
    it('answers undefined before the first put, then the latest items', async () => {
      const lists = storage.queries.taskLists;
      expect(await lists.get('thread')).toBeUndefined();
      await lists.put({ threadId: 'thread', items: '[{"title":"a"}]', updatedAt: at(1) });
      await lists.put({ threadId: 'thread', items: '[{"title":"b"}]', updatedAt: at(2) });
      expect(await lists.get('thread')).toBe('[{"title":"b"}]');
    });
  });

  describe('API keys', () => {
    it('finds a key by its hash or id, every column as written, and nothing for another', async () => {
      const row = apiKeyRow('k1', { scope: 'admin', expiresAt: at(30) });
      await storage.queries.apiKeys.insert(row);
      expect(await storage.queries.apiKeys.byHash('hash-k1')).toEqual(row);
      expect(await storage.queries.apiKeys.byId('k1')).toEqual(row);
      expect(await storage.queries.apiKeys.byHash('hash-nobody')).toBeUndefined();
      expect(await storage.queries.apiKeys.byId('nobody')).toBeUndefined();
    });

    it('lists newest first, the id breaking ties', async () => {
      const keys = storage.queries.apiKeys;
      await keys.insert(apiKeyRow('old', { createdAt: at(1) }));
      await keys.insert(apiKeyRow('new', { createdAt: at(3) }));
      await keys.insert(apiKeyRow('B', { createdAt: at(2) }));
      await keys.insert(apiKeyRow('a', { createdAt: at(2) }));
      expect((await keys.list()).map((row) => row.id)).toEqual(['new', 'a', 'B', 'old']);
    });

    it('pages the keys newest first, below the position of the page before', async () => {
      const keys = storage.queries.apiKeys;
      await keys.insert(apiKeyRow('old', { createdAt: at(1) }));
      await keys.insert(apiKeyRow('new', { createdAt: at(3) }));
      await keys.insert(apiKeyRow('B', { createdAt: at(2) }));
      await keys.insert(apiKeyRow('a', { createdAt: at(2) }));
      const ids = async (before: { createdAt: string; id: string }, limit: number) =>
        (await keys.page({ before, limit })).map((row) => row.id);
      expect(await ids({ createdAt: '~', id: '' }, 2)).toEqual(['new', 'a']);
      expect(await ids({ createdAt: at(2), id: 'a' }, 2)).toEqual(['B', 'old']);
      expect(await ids({ createdAt: at(1), id: 'old' }, 2)).toEqual([]);
    });

    it('revokes a key once, answering whether it was still valid', async () => {
      const keys = storage.queries.apiKeys;
      await keys.insert(apiKeyRow('k1'));
      expect(await keys.revoke({ id: 'k1', revokedAt: at(5) })).toBe(true);
      expect(await keys.revoke({ id: 'k1', revokedAt: at(6) })).toBe(false);
      expect(await keys.revoke({ id: 'nobody', revokedAt: at(6) })).toBe(false);
      expect(await keys.byHash('hash-k1')).toEqual(apiKeyRow('k1', { revokedAt: at(5) }));
    });

    it('stamps the last use of several keys at once, each at its own time, never moving a stamp back', async () => {
      const keys = storage.queries.apiKeys;
      for (const id of ['k1', 'k2', 'k3']) await keys.insert(apiKeyRow(id));
      await keys.insert(apiKeyRow('later', { lastUsedAt: at(20) }));
      await keys.insert(apiKeyRow('earlier', { lastUsedAt: at(5) }));
      await keys.touch({
        uses: [
          { id: 'k1', lastUsedAt: at(10) },
          { id: 'k2', lastUsedAt: at(12) },
          { id: 'later', lastUsedAt: at(10) },
          { id: 'earlier', lastUsedAt: at(15) },
          { id: 'nobody', lastUsedAt: at(10) },
        ],
      });
      await keys.touch({ uses: [] });
      const lastUsed = Object.fromEntries((await keys.list()).map((row) => [row.id, row.lastUsedAt]));
      expect(lastUsed).toEqual({ k1: at(10), k2: at(12), k3: null, later: at(20), earlier: at(15) });
    });
  });

  describe('users and sessions', () => {
    it('reads a user by id and by email with its dates and flags, and lists users by email', async () => {
      const ada = userRow('ada', { role: 'admin', emailVerified: true, banExpires: dateAt(9) });
      await storage.tables.insert('users', [ada, userRow('Bob'), userRow('carol')]);
      const users = storage.queries.users;
      expect(await users.byId('ada')).toEqual(ada);
      expect(await users.byEmail('ada@example.com')).toEqual(ada);
      expect(await users.byId('nobody')).toBeUndefined();
      expect(await users.byEmail('ADA@example.com')).toBeUndefined();
      expect((await users.list()).map((user) => user.email)).toEqual([
        'Bob@example.com',
        'ada@example.com',
        'carol@example.com',
      ]);
    });

    it('pages users by email in byte order, after the email of the page before', async () => {
      await storage.tables.insert('users', [userRow('ada'), userRow('Bob'), userRow('carol')]);
      const emails = async (afterEmail: string, limit: number) =>
        (await storage.queries.users.page({ afterEmail, limit })).map((user) => user.email);
      expect(await emails('', 2)).toEqual(['Bob@example.com', 'ada@example.com']);
      expect(await emails('ada@example.com', 2)).toEqual(['carol@example.com']);
    });

    it('counts users by role and changes a role, answering whether the user exists', async () => {
      await storage.tables.insert('users', [userRow('ada', { role: 'admin' }), userRow('bob'), userRow('carol')]);
      const users = storage.queries.users;
      expect(await users.countByRole('admin')).toBe(1);
      expect(await users.countByRole('viewer')).toBe(2);
      expect(await users.countByRole('editor')).toBe(0);
      expect(await users.setRole({ id: 'bob', role: 'admin', updatedAt: dateAt(5) })).toBe(true);
      expect(await users.setRole({ id: 'nobody', role: 'admin', updatedAt: dateAt(5) })).toBe(false);
      expect(await users.byId('bob')).toEqual(userRow('bob', { role: 'admin', updatedAt: dateAt(5) }));
      expect(await users.countByRole('admin')).toBe(2);
    });

    it('disables and enables a user, answering whether the user exists', async () => {
      await storage.tables.insert('users', [userRow('bob')]);
      const users = storage.queries.users;
      expect(await users.setBanned({ id: 'bob', banned: true, updatedAt: dateAt(5) })).toBe(true);
      expect(await users.byId('bob')).toEqual(userRow('bob', { banned: true, updatedAt: dateAt(5) }));
      expect(await users.setBanned({ id: 'bob', banned: false, updatedAt: dateAt(6) })).toBe(true);
      expect(await users.byId('bob')).toEqual(userRow('bob', { banned: false, updatedAt: dateAt(6) }));
      expect(await users.setBanned({ id: 'nobody', banned: true, updatedAt: dateAt(6) })).toBe(false);
    });

    it("ends a user's sessions, answering how many, and leaves other users' sessions", async () => {
      await storage.tables.insert('users', [userRow('ada'), userRow('bob')]);
      await storage.tables.insert('sessions', [
        sessionRow('s1', 'ada'),
        sessionRow('s2', 'ada'),
        sessionRow('s3', 'bob'),
      ]);
      expect(await storage.queries.users.endSessions('ada')).toBe(2);
      expect(await storage.queries.users.endSessions('ada')).toBe(0);
      expect(await storage.tables.count('sessions')).toBe(1);
    });
  });

  describe('one-time links', () => {
    it('pages the unexpired links of a kind oldest first, after the position of the page before', async () => {
      const links = storage.queries.oneTimeLinks;
      const link = (id: string, kind: string, created: number, expires: number) => ({
        id,
        identifier: `${kind}:${id}-hash`,
        value: '{}',
        expiresAt: dateAt(expires),
        createdAt: dateAt(created),
        updatedAt: dateAt(created),
      });
      await links.insert(link('late', 'invitation', 3, 50));
      await links.insert(link('b', 'invitation', 2, 50));
      await links.insert(link('a', 'invitation', 2, 50));
      await links.insert(link('expired', 'invitation', 1, 9));
      await links.insert(link('setup', 'setup', 1, 50));
      const ids = async (after: { createdAt: Date; id: string }, limit: number) =>
        (await links.pendingPage({ kind: 'invitation', at: dateAt(10), after, limit })).map((row) => row.id);
      expect(await ids({ createdAt: new Date(0), id: '' }, 2)).toEqual(['a', 'b']);
      expect(await ids({ createdAt: dateAt(2), id: 'b' }, 2)).toEqual(['late']);
    });
  });
});
