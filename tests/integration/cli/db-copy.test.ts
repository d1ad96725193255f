/**
 * `agent-studio db copy`: a deployment moved from SQLite to PostgreSQL and back reads the same
 * through the studio; a target that holds data is replaced only with --force; bad URLs are plain
 * errors.
 */
import { mkdtempSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudio } from '@/lib';
import { createTool } from '@/lib/tools';
import { silentLogger } from '@/lib/logger';
import { createTestDatabase, testPostgresUrl } from '../../support/postgres-database';
import { call, createAndPublish } from '../../support/studio';
import { runCapturing } from './cli-support';

/** Every copy must open sealed secrets with the source's key; PostgreSQL needs one given. */
const settings = { mode: 'test' as const, secretsKey: 'copy-test-secrets-key-0123456789' };

const directory = mkdtempSync(join(tmpdir(), 'studio-copy-'));
const sourceUrl = `file:${join(directory, 'source.db')}`;

// The agent names a `weather` tool: a studio publishes only versions whose tools it has.
const weather = createTool({
  id: 'weather',
  description: 'Weather',
  inputSchema: { type: 'object' },
  execute: async () => 'sunny',
});
const openStudio = (url: string) =>
  createStudio({ database: { url }, settings, logger: silentLogger, tools: { weather } });

/** What the studio answers about the agent: its record with the published version, every version, its labels. */
async function readAgent(url: string) {
  const studio = await openStudio(url);
  try {
    const reads = ['/api/agents/support', '/api/agents/support/versions', '/api/agents/support/labels'];
    const answers = [];
    for (const path of reads) {
      const { status, body } = await call(studio, 'GET', path);
      expect(status, path).toBe(200);
      answers.push(body);
    }
    return answers;
  } finally {
    await studio.close();
  }
}

const copy = (...argv: string[]) => runCapturing(['db', 'copy', ...argv]);

let original: unknown[];

beforeAll(async () => {
  const studio = await openStudio(sourceUrl);
  try {
    await createAndPublish(studio, {
      id: 'support',
      name: 'Support',
      model: 'openai/gpt-4o',
      instructions: 'You help customers.',
      tools: { weather: {} },
    });
    const saved = await call(studio, 'PATCH', '/api/agents/support', {
      baseVersionNumber: 1,
      instructions: 'You help customers briefly.',
    });
    expect(saved.status).toBe(200);
    const labelled = await call(studio, 'PUT', '/api/agents/support/labels/staging', {
      versionNumber: 2,
      expectedRevisionToken: null,
    });
    expect(labelled.status).toBe(200);
  } finally {
    await studio.close();
  }
  original = await readAgent(sourceUrl);
  expect(JSON.stringify(original)).toContain('"staging"');
});

afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe.skipIf(testPostgresUrl() === undefined)('agent-studio db copy between SQLite and PostgreSQL', () => {
  it('copies SQLite to PostgreSQL and back, and the studio reads the same agent from each', async () => {
    const postgres = await createTestDatabase({ empty: true });
    try {
      const there = await copy('--from', sourceUrl, '--to', postgres.url);
      expect(there).toMatchObject({ code: 0, stderr: '' });
      expect(there.stdout).toContain('agents: 1 rows');
      expect(there.stdout).toContain('agent_versions: 2 rows');
      expect(there.stdout).toContain('version_labels: 1 rows');
      expect(there.stdout).toMatch(/every table matches/);
      expect(await readAgent(postgres.url)).toEqual(original);

      const backUrl = `file:${join(directory, 'back.db')}`;
      const back = await copy('--from', postgres.url, '--to', backUrl);
      expect(back).toMatchObject({ code: 0, stderr: '' });
      expect(await readAgent(backUrl)).toEqual(original);

      // The copied audit log keeps its ids, and the next write on PostgreSQL numbers after them.
      const studio = await openStudio(postgres.url);
      try {
        const saved = await call(studio, 'PATCH', '/api/agents/support', {
          baseVersionNumber: 2,
          instructions: 'You help customers at length.',
        });
        expect(saved.status).toBe(200);
      } finally {
        await studio.close();
      }
    } finally {
      await postgres.drop();
    }
  });
});

describe.skipIf(testPostgresUrl() === undefined)('agent-studio db seed on PostgreSQL', () => {
  it('without SECRETS_KEY says which setting to give, with the exit code of a bad input', async () => {
    const postgres = await createTestDatabase({ empty: true });
    try {
      const seeded = await runCapturing(['db', 'seed'], { environment: { DATABASE_URL: postgres.url } });
      expect(seeded).toMatchObject({ code: 1, stdout: '' });
      expect(seeded.stderr).toMatch(/^SECRETS_KEY is required with a PostgreSQL database/);
    } finally {
      await postgres.drop();
    }
  });

  it('says a PostgreSQL database that does not exist does not exist, with exit code 1', async () => {
    const url = new URL(testPostgresUrl()!);
    url.pathname = '/nosuchdb';
    const copied = await copy('--from', url.href, '--to', join(directory, 'never.db'));
    expect(copied).toMatchObject({ code: 1, stdout: '' });
    expect(copied.stderr).toMatch(/^--from: The database at PostgreSQL .*\/nosuchdb does not exist/);
    expect(existsSync(join(directory, 'never.db'))).toBe(false);
  });
});

describe('agent-studio db copy', () => {
  it('refuses a target that holds data unless --force, which replaces it', async () => {
    const targetUrl = `file:${join(directory, 'target.db')}`;
    expect(await copy('--from', sourceUrl, '--to', targetUrl)).toMatchObject({ code: 0, stderr: '' });

    const refused = await copy('--from', sourceUrl, '--to', targetUrl);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`SQLite file ${join(directory, 'target.db')} already holds data`);
    expect(refused.stderr).toContain('--force');

    const forced = await copy('--from', sourceUrl, '--to', targetUrl, '--force');
    expect(forced).toMatchObject({ code: 0, stderr: '' });
    expect(forced.stdout).toContain('agent_versions: 2 rows');
    expect(await readAgent(targetUrl)).toEqual(original);
  });

  it('says a PostgreSQL server that cannot be reached cannot be reached, creating no target', async () => {
    const target = join(directory, 'unreached.db');
    const copied = await copy('--from', 'postgres://studio:hunter2@127.0.0.1:1/studio', '--to', `file:${target}`);
    expect(copied).toMatchObject({ code: 1, stdout: '' });
    expect(copied.stderr).toMatch(/^--from: The database at PostgreSQL 127\.0\.0\.1:1\/studio cannot be reached/);
    expect(copied.stderr).not.toContain('hunter2');
    expect(copied.stderr).not.toContain('Unexpected error');
    expect(existsSync(target)).toBe(false);

    const other = await runCapturing(['db', 'migrate'], {
      environment: { DATABASE_URL: 'postgres://studio:hunter2@127.0.0.1:1/studio' },
    });
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/^The database at PostgreSQL 127\.0\.0\.1:1\/studio cannot be reached/);
  });

  it('removes a target file it created when the copy fails', async () => {
    // An empty file is a SQLite database without the studio's tables: the copy fails reading it.
    const notAStudio = join(directory, 'not-a-studio.db');
    writeFileSync(notAStudio, '');
    const target = join(directory, 'half.db');
    const copied = await copy('--from', `file:${notAStudio}`, '--to', `file:${target}`);
    expect(copied.code).not.toBe(0);
    expect(existsSync(target)).toBe(false);
    expect(existsSync(`${target}-wal`)).toBe(false);
  });

  it('refuses a URL it cannot use, with the password hidden, and the same database twice', async () => {
    const bad = await copy('--from', sourceUrl, '--to', 'mysql://studio:hunter2@db.internal/studio');
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('--to: DATABASE_URL "mysql://studio:***@db.internal/studio"');
    expect(bad.stderr).not.toContain('hunter2');
    expect(bad.stderr).not.toMatch(/^\s+at /m);

    const same = await copy('--from', sourceUrl, '--to', join(directory, 'source.db'));
    expect(same.code).toBe(1);
    expect(same.stderr).toContain('name the same database');

    // A source that is not there is refused, not created empty.
    const missingFile = join(directory, 'no-such.db');
    const missing = await copy('--from', `file:${missingFile}`, '--to', join(directory, 'elsewhere.db'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`names a SQLite file that does not exist: ${missingFile}`);
    expect(existsSync(missingFile)).toBe(false);
  });
});
