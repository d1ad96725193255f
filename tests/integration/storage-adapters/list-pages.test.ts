/**
 * The pages of an agent's labels and test cases and of the stored stdio launch specs: both adapters
 * answer each page in the list's order (byte order of names; oldest first, the id breaking ties),
 * after the position of the page before.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Storage } from '../../../db/storage';
import { adapters, type OpenedDatabase } from './adapters';
import { agentWithVersions, at } from './fixtures';

const testCaseRow = (id: string, second: number) => ({
  id,
  agentId: 'weather',
  name: `case ${id}`,
  input: '{"prompt":"hi"}',
  requestContext: '{}',
  expectations: '[]',
  recording: null,
  replay: null,
  fromRunId: null,
  createdAt: at(second),
  updatedAt: at(second),
});

const specRow = (id: string, second: number) => ({
  id,
  command: 'npx',
  args: JSON.stringify(['-y', id]),
  createdBy: 'user:admin@example.com',
  createdAt: at(second),
});

describe.each(adapters)('$name list pages', ({ missing, open }) => {
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

  it("pages an agent's labels by name in byte order, after the name of the page before", async () => {
    await agentWithVersions(storage, 'weather', 1);
    await agentWithVersions(storage, 'other', 1);
    const labels = storage.queries.labels;
    const named: Array<[agentId: string, name: string]> = [
      ['weather', 'stable'],
      ['weather', 'Beta'],
      ['weather', 'canary'],
      ['other', 'alpha'],
    ];
    for (const [agentId, name] of named)
      await labels.insert({
        agentId,
        name,
        versionId: `${agentId}-v1`,
        revisionToken: `token-${name}`,
        createdAt: at(1),
        updatedAt: at(1),
      });
    const first = await labels.page({ agentId: 'weather', afterName: '', limit: 2 });
    expect(first.map((label) => [label.name, label.versionNumber])).toEqual([
      ['Beta', 1],
      ['canary', 1],
    ]);
    const rest = await labels.page({ agentId: 'weather', afterName: 'canary', limit: 2 });
    expect(rest.map((label) => label.name)).toEqual(['stable']);
  });

  it("pages an agent's test cases oldest first, the id breaking ties", async () => {
    await agentWithVersions(storage, 'weather', 1);
    const cases = storage.queries.testCases;
    for (const row of [testCaseRow('c', 1), testCaseRow('b', 2), testCaseRow('a', 2), testCaseRow('d', 3)])
      await cases.insert(row);
    const first = await cases.page({ agentId: 'weather', after: { createdAt: '', id: '' }, limit: 2 });
    expect(first.map((row) => row.id)).toEqual(['c', 'a']);
    expect(first[1]).toEqual(testCaseRow('a', 2));
    const rest = await cases.page({ agentId: 'weather', after: { createdAt: at(2), id: 'a' }, limit: 5 });
    expect(rest.map((row) => row.id)).toEqual(['b', 'd']);
    expect(await cases.page({ agentId: 'nobody', after: { createdAt: '', id: '' }, limit: 5 })).toEqual([]);
  });

  it('pages the stored stdio launch specs oldest first, the id breaking ties', async () => {
    const specs = storage.queries.stdioLaunchSpecs;
    for (const row of [specRow('late', 3), specRow('b', 2), specRow('a', 2), specRow('early', 1)])
      await specs.insert(row);
    const first = await specs.page({ after: { createdAt: '', id: '' }, limit: 3 });
    expect(first).toEqual([specRow('early', 1), specRow('a', 2), specRow('b', 2)]);
    expect(await specs.page({ after: { createdAt: at(2), id: 'b' }, limit: 3 })).toEqual([specRow('late', 3)]);
  });
});
