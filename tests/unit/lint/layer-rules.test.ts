/**
 * The layer rules of eslint.config.mjs, proven to bite: every file in tests/fixtures/lint is linted
 * with the real configuration as if it stood at the path its `// lint as:` line names, and must
 * raise exactly the rule its `// expect:` line names (`nothing` for imports the layers allow).
 * Fixtures are not TypeScript files, so neither `tsc` nor `eslint .` reads them as code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const fixtureFolder = join(root, 'tests', 'fixtures', 'lint');

interface Fixture {
  name: string;
  code: string;
  lintAs: string;
  expected: string;
}

function readFixtures(): Fixture[] {
  return readdirSync(fixtureFolder)
    .filter((name) => name.endsWith('.fixture'))
    .sort()
    .map((name) => {
      const code = readFileSync(join(fixtureFolder, name), 'utf8');
      const lintAs = /^\/\/ lint as: (\S+)$/m.exec(code)?.[1];
      const expected = /^\/\/ expect: (\S+)$/m.exec(code)?.[1];
      if (!lintAs || !expected) throw new Error(`${name} needs "// lint as: <path>" and "// expect: <rule>" lines`);
      return { name, code, lintAs, expected };
    });
}

const eslint = new ESLint({ cwd: root });

async function ruleIdsFor(fixture: Fixture): Promise<string[]> {
  const [result] = await eslint.lintText(fixture.code, { filePath: join(root, fixture.lintAs) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

// The first lint loads the TypeScript resolver and parser, which takes seconds on a busy machine.
describe('layer rules', { timeout: 60_000 }, () => {
  const fixtures = readFixtures();

  it('has fixtures for every kind of boundary', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(10);
    expect(fixtures.some((fixture) => fixture.expected === 'nothing')).toBe(true);
  });

  it.each(fixtures.filter((fixture) => fixture.expected !== 'nothing').map((fixture) => [fixture.name, fixture]))(
    '%s is refused',
    async (_name, fixture) => {
      expect(await ruleIdsFor(fixture)).toEqual([fixture.expected]);
    },
  );

  it.each(fixtures.filter((fixture) => fixture.expected === 'nothing').map((fixture) => [fixture.name, fixture]))(
    '%s is allowed',
    async (_name, fixture) => {
      expect(await ruleIdsFor(fixture)).toEqual([]);
    },
  );

  it('names the layer rule in its message', async () => {
    const fixture = fixtures.find((candidate) => candidate.name === 'pure-imports-database.fixture');
    const [result] = await eslint.lintText(fixture!.code, { filePath: join(root, fixture!.lintAs) });
    expect(result?.messages[0]?.message).toContain('A pure layer');
  });

  it('passes on the layered folders of the real tree', { timeout: 180_000 }, async () => {
    const results = await eslint.lintFiles([
      'lib/resolver',
      'lib/rules',
      'lib/versions',
      'lib/tools',
      'lib/mcp',
      'lib/sources',
      'lib/editor',
      'lib/integrations',
      'lib/runtime',
      'lib/agents',
      'lib/snapshots',
      'db',
      'app',
    ]);
    const problems = results.flatMap((result) =>
      result.messages.map((message) => `${result.filePath}:${message.line} ${message.ruleId}: ${message.message}`),
    );
    expect(problems).toEqual([]);
  });
});
