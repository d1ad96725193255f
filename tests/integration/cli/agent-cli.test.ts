/**
 * The agent-studio commands in process against a served studio: every command's --help, the
 * agent, label, mcp-client, audit and backup commands (text and --json), exit codes 1/2/3,
 * progress on a terminal only, and shell completion run by a real bash.
 */
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliContext } from '@/lib/cli/context';
import { processIo } from '@/lib/cli/io';
import { buildProgram } from '@/lib/cli/program';
import studioConfig from '@/studio.config';
import { configHash } from '@/lib/versions';
import { testServer } from '../../support/mcp';
import { freePort } from '../../support/server-process';
import { runCapturing, servedStudio } from './cli-support';

let studio: Awaited<ReturnType<typeof servedStudio>>;
let folder: string;
const root = join(import.meta.dirname, '..', '..', '..');

const agent = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Agent ${id}`,
  model: 'openai/gpt-4o-mini',
  instructions: 'Help with units.',
  tools: { 'convert-units': {} },
  ...extra,
});

beforeAll(async () => {
  studio = await servedStudio({
    ...studioConfig,
    settings: {
      stdioAllowedCommands: [
        { command: process.execPath, args: ['server.js'] },
        { command: process.execPath, args: testServer('marker').args!.slice(0, 1) },
      ],
    },
  });
  folder = mkdtempSync(join(tmpdir(), 'studio-cli-'));
  const agents = studio.studio.editor.agents;
  await agents.create(agent('alpha'));
  await agents.update({ id: 'alpha', baseVersionNumber: 1, instructions: 'Help with units.\nBe brief.' });
  await agents.publish({ id: 'alpha', versionNumber: 1 });
  await agents.create(
    agent('beta', {
      tools: [{ value: { 'world-time': {} }, rules: { jsonLogic: { '===': [{ var: 'tier' }, 'pro'] } } }],
    }),
  );
  await studio.studio.editor.mcpClients.create({
    id: 'docs-v1',
    name: 'Docs',
    servers: { docs: { type: 'http', url: `http://127.0.0.1:${await freePort()}/mcp` } },
  });
  await studio.studio.editor.mcpClients.create({
    id: 'local',
    name: 'Local',
    servers: {
      tools: { type: 'stdio', command: process.execPath, args: ['server.js'], env: { API_TOKEN: 'secret-123456789' } },
    },
  });
});
afterAll(async () => {
  await studio.close();
  rmSync(folder, { recursive: true, force: true });
});

function commandPaths(command: Command, path: string[] = []): string[][] {
  return command.commands.flatMap((child) => [
    [...path, child.name()],
    ...commandPaths(child, [...path, child.name()]),
  ]);
}

describe('help', () => {
  const program = buildProgram(createCliContext({ io: processIo, environment: {}, studioOptions: {} }));
  const paths = commandPaths(program).filter((path) => path.at(-1) !== 'help');

  it('lists the issue commands', () => {
    const names = paths.map((path) => path.join(' '));
    expect(names).toEqual(
      expect.arrayContaining([
        'agent list',
        'agent show',
        'agent test',
        'agent test-case list',
        'agent versions',
        'agent diff',
        'agent export',
        'agent import',
        'agent create',
        'agent save',
        'agent delete',
        'agent publish',
        'agent unpublish',
        'agent restore',
        'agent label set',
        'agent label move',
        'agent label delete',
        'agent resolve',
        'agent run',
        'mcp-client list',
        'mcp-client show',
        'mcp-client test',
        'mcp-client approve',
        'audit',
        'export',
        'import',
        'migrate',
        'db migrate',
        'db seed',
        'completion',
        'api agent list',
        'api tool execute',
      ]),
    );
  });

  it.each(paths.map((path) => [path.join(' '), path]))(
    '%s --help prints its usage and exits 0',
    async (_name, path) => {
      const { code, stdout } = await runCapturing([...path, '--help']);
      expect(code).toBe(0);
      expect(stdout).toMatch(new RegExp(`^Usage: agent-studio ${path.join(' ')}`));
    },
  );

  it('prints the usage and exits 1 without a command, or with an unknown one', async () => {
    expect((await runCapturing([])).code).toBe(1);
    const unknown = await runCapturing(['agnet', 'list']);
    expect([unknown.code, unknown.stderr]).toEqual([1, expect.stringContaining("unknown command 'agnet'")]);
  });
});

describe('agent commands', () => {
  it('lists agents as a table and as JSON', async () => {
    const table = await studio.run('agent', 'list');
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')).toEqual([
      expect.stringMatching(/^ID\s+STATUS\s+LATEST\s+PUBLISHED\s+NAME$/),
      expect.stringMatching(/^alpha\s+published\s+2\s+1\s+Agent alpha$/),
      expect.stringMatching(/^beta\s+draft\s+1\s+-\s+Agent beta$/),
    ]);
    const json = JSON.parse((await studio.run('agent', 'list', '--json')).stdout);
    expect(json.map((item: { id: string }) => item.id)).toEqual(['alpha', 'beta']);
  });

  it('shows a version by number, label or status', async () => {
    const latest = await studio.run('agent', 'show', 'alpha');
    expect(latest.stdout).toContain('version 2 of 2; published: 1');
    const published = JSON.parse(
      (await studio.run('agent', 'show', 'alpha', '--label', 'production', '--json')).stdout,
    );
    expect(published.version.versionNumber).toBe(1);
    const both = await studio.run('agent', 'show', 'alpha', '--version', '1', '--status', 'draft');
    expect([both.code, both.stderr]).toEqual([1, 'Give at most one of --version, --label and --status.']);
    const notNumber = await studio.run('agent', 'show', 'alpha', '--version', 'two');
    expect([notNumber.code, notNumber.stderr]).toEqual([1, expect.stringContaining('Not a positive whole number')]);
  });

  it('lists versions and prints a line diff between two', async () => {
    const versions = await studio.run('agent', 'versions', 'alpha');
    expect(versions.stdout.split('\n')[1]).toMatch(/^2\s/);
    const diff = await studio.run('agent', 'diff', 'alpha', '1', '2', '--context', '{}');
    expect(diff.code).toBe(0);
    expect(diff.stdout).toContain('~ instructions');
    expect(diff.stdout).toContain('  +Be brief.');
    expect(diff.stdout).toContain('Resolved tools for this context:');
  });

  it('publishes, unpublishes and restores', async () => {
    expect((await studio.run('agent', 'publish', 'alpha', '2', '--expect-published', '1')).stdout).toBe(
      'Published version 2 of alpha.',
    );
    const stale = await studio.run('agent', 'publish', 'alpha', '1', '--expect-published', '1');
    expect([stale.code, stale.stderr]).toEqual([1, 'The published version changed: version 2 is published now.']);
    expect((await studio.run('agent', 'unpublish', 'alpha')).stdout).toBe('alpha has no published version now.');
    expect((await studio.run('agent', 'restore', 'alpha', '1')).stdout).toMatch(
      /^Restored version 1 of alpha as version 3/,
    );
  });

  it('sets, moves, lists and deletes labels with revision tokens', async () => {
    expect((await studio.run('agent', 'label', 'set', 'alpha', 'staging', '1')).code).toBe(0);
    const again = await studio.run('agent', 'label', 'set', 'alpha', 'staging', '2');
    expect(again.code).toBe(1);
    expect((await studio.run('agent', 'label', 'move', 'alpha', 'staging', '2')).stdout).toBe(
      'Label staging of alpha now points at version 2.',
    );
    const stale = await studio.run('agent', 'label', 'move', 'alpha', 'staging', '3', '--expected-token', 'old');
    expect(stale.code).toBe(1);
    const labels = JSON.parse((await studio.run('agent', 'label', 'list', 'alpha', '--json')).stdout);
    expect(labels.find((label: { name: string }) => label.name === 'staging').versionNumber).toBe(2);
    expect((await studio.run('agent', 'label', 'delete', 'alpha', 'staging')).code).toBe(0);
    const computed = await studio.run('agent', 'label', 'delete', 'alpha', 'latest');
    expect([computed.code, computed.stderr]).toEqual([1, expect.stringContaining('computed')]);
  });

  it('resolves with a request context', async () => {
    const free = await studio.run('agent', 'resolve', 'beta', '--status', 'draft', '--context', '{"tier":"free"}');
    expect(free.stdout).toMatch(/^beta: version 1, model openai\/gpt-4o-mini, 0 tool\(s\)/);
    const pro = JSON.parse(
      (await studio.run('agent', 'resolve', 'beta', '--status', 'draft', '--context', '{"tier":"pro"}', '--json'))
        .stdout,
    );
    expect(pro.tools.map((tool: { name: string }) => tool.name)).toEqual(['world-time']);
    const unpublished = await studio.run('agent', 'resolve', 'beta');
    expect([unpublished.code, unpublished.stderr]).toEqual([1, expect.stringContaining('no published version')]);
  });

  it('exports the latest version (or all) and imports with a dry run first', async () => {
    const file = join(folder, 'alpha.json');
    expect((await studio.run('agent', 'export', 'alpha', '-o', file)).code).toBe(0);
    const latestOnly = JSON.parse(readFileSync(file, 'utf8'));
    expect(latestOnly.versions.map((version: { versionNumber: number }) => version.versionNumber)).toEqual([3]);
    await studio.run('agent', 'export', 'alpha', '--all-versions', '-o', file);
    const all = JSON.parse(readFileSync(file, 'utf8'));
    expect(all.versions).toHaveLength(3);
    writeFileSync(file, JSON.stringify({ ...all, agent: { ...all.agent, id: 'alpha-copy' } }));
    const dryRun = await studio.run('agent', 'import', file, '--dry-run');
    expect(dryRun.stdout).toBe('Dry run: would import alpha-copy with version(s) 1-3; nothing was written.');
    expect((await studio.run('agent', 'show', 'alpha-copy')).code).toBe(1);
    expect((await studio.run('agent', 'import', file)).stdout).toBe('Imported alpha-copy with version(s) 1-3.');
    const twice = await studio.run('agent', 'import', file);
    expect([twice.code, twice.stderr]).toEqual([1, expect.stringContaining('--mode append')]);
    const edited = { ...all, agent: { ...all.agent, id: 'alpha-copy' } };
    edited.versions = [{ ...all.versions[2], snapshot: { ...all.versions[2].snapshot, instructions: 'Appended.' } }];
    writeFileSync(file, JSON.stringify(edited));
    expect((await studio.run('agent', 'import', file, '--mode', 'append')).stdout).toBe(
      'Imported version(s) 4 after the latest of alpha-copy.',
    );
    expect(JSON.parse((await studio.run('agent', 'show', 'alpha-copy', '--json')).stdout).version).toMatchObject({
      versionNumber: 4,
      instructions: 'Appended.',
    });
    expect((await studio.run('agent', 'import', file, '--mode', 'append')).stdout).toBe(
      `Imported nothing: every version in ${file} is already the latest configuration of alpha-copy.`,
    );
    const badMode = await studio.run('agent', 'import', file, '--mode', 'replace');
    expect([badMode.code, badMode.stderr]).toEqual([1, '--mode is "create" or "append".']);
    writeFileSync(file, '{"format": "agent-studio.agent", "versions": [');
    const broken = await studio.run('agent', 'import', file);
    expect([broken.code, broken.stderr]).toEqual([
      1,
      expect.stringMatching(/is not valid JSON .*nothing was imported/),
    ]);
  });
});

describe('mcp-client and audit commands', () => {
  it('lists, shows (secrets masked) and tests saved clients', async () => {
    expect((await studio.run('mcp-client', 'list')).stdout).toMatch(/docs-v1\s+1\s+docs\s+Docs/);
    const shown = await studio.run('mcp-client', 'show', 'local', '--json');
    expect(JSON.parse(shown.stdout).version.servers.tools.env.API_TOKEN).toBe('••••6789');
    const test = await studio.run('mcp-client', 'test', 'docs-v1');
    expect(test.code).toBe(1);
    expect(test.stdout).toMatch(/^FAILED\s+docs\s+unreachable/);
    expect(test.stderr).toBe('1 server(s) of docs-v1 failed: docs');
  });

  it('shows an imported client as needing approval, starts nothing in a test, and approves it', async () => {
    const clients = studio.studio.editor.mcpClients;
    const marker = join(folder, 'cli-marker');
    await clients.create({ id: 'imported', name: 'Imported', servers: { main: testServer('marker', [marker]) } });
    const document = await clients.export('imported');
    await clients.delete('imported');
    await clients.import(document);
    expect((await studio.run('mcp-client', 'show', 'imported')).stdout).toContain('NEEDS APPROVAL');
    const held = await studio.run('mcp-client', 'test', 'imported');
    expect(held.code).toBe(1);
    expect(held.stdout).toMatch(/^FAILED\s+main\s+needs_approval/);
    expect(existsSync(marker)).toBe(false);
    const approved = await studio.run('mcp-client', 'approve', 'imported');
    expect(approved.stdout).toBe('Approved imported: its stdio servers may start.');
    expect((await studio.run('mcp-client', 'show', 'imported')).stdout).not.toContain('NEEDS APPROVAL');
    await clients.delete('imported');
  });

  it('prints the audit log since a time, for one agent', async () => {
    const all = JSON.parse((await studio.run('audit', '--since', '1h', '--json')).stdout);
    expect(all.length).toBeGreaterThan(5);
    const alpha = JSON.parse((await studio.run('audit', '--agent', 'alpha', '--json', '--limit', '2')).stdout);
    expect(alpha.map((entry: { entityId: string }) => entry.entityId)).toEqual(['alpha', 'alpha']);
    const future = await studio.run('audit', '--since', '2999-01-01T00:00:00Z');
    expect(future.stdout).toBe('No audit entries.');
    const bad = await studio.run('audit', '--since', 'yesterday');
    expect(bad.code).toBe(1);
  });
});

describe('whole-deployment backup commands', () => {
  it('needs a passphrase or --without-secrets, and refuses a plain `export`', async () => {
    const plain = await studio.run('export');
    expect([plain.code, plain.stderr]).toEqual([1, expect.stringContaining('Give --all')]);
    const noChoice = await studio.run('export', '--all');
    expect([noChoice.code, noChoice.stderr]).toEqual([1, expect.stringContaining('secret')]);
  });

  it('exports with a passphrase from a file or the environment, and imports with a dry run', async () => {
    const passphraseFile = join(folder, 'passphrase');
    writeFileSync(passphraseFile, 'a long enough passphrase\n');
    const backupFile = join(folder, 'backup.json');
    const exported = await studio.run('export', '--all', '--passphrase-file', passphraseFile, '-o', backupFile);
    expect(exported.stderr).toMatch(/^Exported 3 agent\(s\).*secrets sealed with the passphrase\.$/);
    expect(readFileSync(backupFile, 'utf8')).not.toContain('secret-123456789');
    const viaEnvironment = await runCapturing(['import', '--all', backupFile, '--dry-run'], {
      environment: { STUDIO_URL: studio.url, STUDIO_BACKUP_PASSPHRASE: 'a long enough passphrase' },
    });
    expect(viaEnvironment.stdout.split('\n')[0]).toBe('Dry run: nothing was written. An import would do this:');
    expect(viaEnvironment.stdout).toContain('0 created, 0 updated, 5 unchanged.');
    const wrong = await runCapturing(['import', '--all', backupFile], {
      environment: { STUDIO_URL: studio.url, STUDIO_BACKUP_PASSPHRASE: 'another passphrase' },
    });
    expect([wrong.code, wrong.stderr]).toEqual([
      1,
      expect.stringContaining('- passphrase: The passphrase does not open this backup'),
    ]);
    const withoutSecrets = await studio.run('export', '--all', '--without-secrets');
    expect(JSON.parse(withoutSecrets.stdout).secrets).toEqual({ mode: 'omitted' });

    // A version both sides hold differently: the dry run says the import would be refused, then why.
    const edited = JSON.parse(readFileSync(backupFile, 'utf8'));
    const version = edited.agents[0].versions[0];
    version.snapshot = { ...version.snapshot, instructions: 'Changed in the file.' };
    version.configHash = configHash(version.snapshot);
    const editedFile = join(folder, 'edited-backup.json');
    writeFileSync(editedFile, JSON.stringify(edited));
    const refused = await runCapturing(['import', '--all', editedFile, '--dry-run'], {
      environment: { STUDIO_URL: studio.url, STUDIO_BACKUP_PASSPHRASE: 'a long enough passphrase' },
    });
    expect(refused.code).toBe(1);
    expect(refused.stdout.split('\n')[0]).toBe(
      'Dry run: nothing was written. An import would be refused for the 1 conflict(s) below; the rest of the backup compares with this deployment as follows:',
    );
    expect(refused.stderr).toContain('1 conflict(s): an import would be refused.');
  });
});

describe('--json on every read', () => {
  // Commands that only read; `tool show` and `agent export` print JSON always.
  const reads = ['list', 'show', 'versions', 'diff', 'resolve', 'test', 'audit'];
  const alwaysJson = ['tool show', 'agent export'];

  it('is an option of every read command', () => {
    const program = buildProgram(createCliContext({ io: processIo, environment: {}, studioOptions: {} }));
    const readCommands: Array<{ path: string; command: Command }> = [];
    const walk = (command: Command, path: string[]) => {
      for (const child of command.commands) {
        const childPath = [...path, child.name()];
        const bare = (childPath[0] === 'api' ? childPath.slice(1) : childPath).join(' ');
        if (reads.includes(child.name()) && !alwaysJson.includes(bare))
          readCommands.push({ path: childPath.join(' '), command: child });
        walk(child, childPath);
      }
    };
    walk(program, []);
    const paths = readCommands.map(({ path }) => path).filter((path) => !path.startsWith('api '));
    expect(paths.sort()).toEqual(
      [
        'agent diff',
        'agent label list',
        'agent list',
        'agent resolve',
        'agent show',
        'agent test',
        'agent test-case list',
        'agent versions',
        'audit',
        'mcp-client list',
        'mcp-client show',
        'mcp-client test',
        'run list',
        'run show',
        'tool list',
      ].sort(),
    );
    const withoutJson = readCommands.filter(
      ({ command }) => !command.options.some((option) => option.long === '--json'),
    );
    expect(withoutJson.map(({ path }) => path)).toEqual([]);
  });

  it.each([
    [['agent', 'list']],
    [['agent', 'show', 'alpha']],
    [['agent', 'versions', 'alpha']],
    [['agent', 'diff', 'alpha', '1', '2']],
    [['agent', 'resolve', 'beta', '--status', 'draft']],
    [['agent', 'label', 'list', 'alpha']],
    [['mcp-client', 'list']],
    [['mcp-client', 'show', 'local']],
    [['mcp-client', 'test', 'docs-v1']],
    [['audit', '--limit', '3']],
    [['tool', 'list']],
    [['tool', 'show', 'convert-units']],
    [['agent', 'export', 'alpha']],
  ])('%j prints JSON', async (argv) => {
    const { stdout } = await studio.run(
      ...argv,
      ...(alwaysJson.includes(argv.slice(0, 2).join(' ')) ? [] : ['--json']),
    );
    expect(() => JSON.parse(stdout)).not.toThrow();
    expect(typeof JSON.parse(stdout)).toBe('object');
  });
});

describe('exit codes and output channels', () => {
  let refusing: Server;
  let refusingUrl: string;
  beforeAll(async () => {
    refusing = createServer((_request, response) => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { code: 'unauthorized', message: 'An API key is required.' } }));
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    refusingUrl = `http://127.0.0.1:${(refusing.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((resolve) => refusing.close(resolve)));

  it('exits 3 when the server refuses the key, and says how to pass one', async () => {
    const { code, stderr } = await runCapturing(['agent', 'list', '--url', refusingUrl, '--key', 'wrong']);
    expect(code).toBe(3);
    expect(stderr).toBe('Not authorised: An API key is required.\nPass an API key with --key or STUDIO_API_KEY.');
  });

  it('exits 2 when no server answers, naming npm start, for every kind of command', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    for (const argv of [['agent', 'list'], ['export', '--all', '--without-secrets'], ['audit']]) {
      const { code, stderr } = await runCapturing([...argv, '--url', url]);
      expect([argv.join(' '), code]).toEqual([argv.join(' '), 2]);
      expect(stderr).toContain('npm start');
    }
  });

  it('draws progress only on a terminal', async () => {
    const script = join(root, 'examples', 'migrations', 'rename-tool.ts');
    const terminal = await runCapturing(['migrate', script], {
      environment: { STUDIO_URL: studio.url },
      terminal: true,
    });
    expect(terminal.terminal).toMatch(/\rReading agents \[#+\.*\] 1\/3 alpha/);
    const piped = await runCapturing(['migrate', script], { environment: { STUDIO_URL: studio.url } });
    expect(piped.terminal).toBe('');
    expect(piped.stdout).toBe(terminal.stdout);
  });
});

describe('shell completion', () => {
  it('prints a bash script that completes commands and options', async () => {
    const { stdout } = await runCapturing(['completion', 'bash']);
    const complete = (words: string[]) =>
      spawnSync(
        'bash',
        [
          '-c',
          `${stdout}\nCOMP_WORDS=(${words.map((word) => `'${word}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _agent_studio; echo "\${COMPREPLY[@]}"`,
        ],
        { encoding: 'utf8' },
      ).stdout.trim();
    expect(complete(['agent-studio', 'ag'])).toBe('agent');
    expect(complete(['agent-studio', 'agent', 'label', ''])).toBe('list set move delete --help');
    expect(complete(['agent-studio', 'api', 'agent', 'show', 'x', '--st'])).toBe('--status');
    expect(complete(['agent-studio', 'migrate', '--ap'])).toBe('--apply');
  });

  it('prints a zsh script that loads the same function through bashcompinit', async () => {
    const { code, stdout } = await runCapturing(['completion', 'zsh']);
    expect(code).toBe(0);
    expect(stdout.split('\n').slice(0, 3)).toEqual([
      '#compdef agent-studio',
      expect.stringContaining('zsh'),
      'autoload -U +X bashcompinit && bashcompinit',
    ]);
    expect(stdout).toContain('complete -o default -F _agent_studio agent-studio');
    expect((await runCapturing(['completion', 'fish'])).code).toBe(1);
  });
});
