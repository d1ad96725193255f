/**
 * `npm run bench`: prints one row per figure (median, min, max, a baseline measured in the same
 * run and the ratio). `--json FILE` also writes `{ rows: [...] }`; `--only <text>` runs the
 * figures whose group name contains the text. Each group runs in a process of its own
 * (`--group <name>` is how the bench starts it).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchAgentRun } from './agent-run';
import { benchReplay } from './replay';
import { benchAgentsList } from './agents-list';
import { benchRunsList } from './runs-list';
import { benchColdStart } from './cold-start';
import { benchCreateTool } from './create-tool';
import { benchEditorPages } from './editor-pages';
import { printTable, type BenchRow } from './harness';
import { benchMemory } from './memory';
import { benchHealth } from './http-health';
import { benchMcp } from './mcp';
import { benchStorage } from './storage';
import { benchStoragePostgres } from './storage-postgres';
import { benchStreamedRuns } from './streamed-runs';
import { benchResolve } from './resolve';
import { benchResolveSources } from './resolve-sources';
import { benchResolveHttp, benchResolveHttpPostgres, benchResolveHttpWithKey } from './resolve-http';

const root = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');

const groups: Array<{ name: string; run: () => Promise<BenchRow[]> }> = [
  { name: 'cold-start', run: () => benchColdStart({ root }) },
  { name: 'http-health', run: () => benchHealth({ root }) },
  { name: 'mcp', run: () => benchMcp({ root }) },
  { name: 'storage', run: () => benchStorage() },
  { name: 'storage-postgres', run: () => benchStoragePostgres() },
  { name: 'agents-list', run: () => benchAgentsList() },
  { name: 'runs-list', run: () => benchRunsList() },
  { name: 'create-tool', run: () => benchCreateTool() },
  { name: 'resolve', run: () => benchResolve() },
  { name: 'resolve-sources', run: () => benchResolveSources() },
  { name: 'editor-pages', run: () => benchEditorPages({ root }) },
  { name: 'resolve-http', run: () => benchResolveHttp({ root }) },
  { name: 'resolve-http-postgres', run: () => benchResolveHttpPostgres({ root }) },
  { name: 'resolve-http-key', run: () => benchResolveHttpWithKey({ root }) },
  { name: 'agent-run', run: () => benchAgentRun({ root }) },
  { name: 'replay', run: () => benchReplay() },
  { name: 'concurrent-streams', run: () => benchStreamedRuns({ root }) },
  { name: 'memory-and-load', run: () => benchMemory({ root }) },
];

const usage = `Usage: npm run bench -- [--only <text>] [--json <file>]
  --only <text>  run the groups whose name contains the text (${groups.map((group) => group.name).join(', ')})
  --json <file>  also write the rows to a JSON file
`;

/** The options, or the usage and exit code 2 for one it does not know (0 for --help). */
function readOptions() {
  try {
    const { values: options } = parseArgs({
      options: {
        json: { type: 'string' },
        only: { type: 'string' },
        group: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (!options.help) return options;
    process.stdout.write(usage);
    process.exit(0);
  } catch (error) {
    process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
}

const values = readOptions();

/** Runs one group in this process; its rows go to `--json` (how the parent reads them). */
async function runGroupHere(name: string): Promise<never> {
  const group = groups.find((candidate) => candidate.name === name);
  if (!group) throw new Error(`No bench group "${name}".`);
  const groupRows = await group.run();
  writeFileSync(values.json!, JSON.stringify(groupRows));
  process.exit(0);
}

/**
 * Runs one group in a process of its own: what a group leaves behind (a heap grown by 100,000
 * stored versions, optimised code, open handles) would otherwise weigh on the groups after it, and
 * a figure would depend on which groups ran before it.
 */
function runGroupApart(name: string): BenchRow[] {
  const directory = mkdtempSync(join(tmpdir(), 'studio-bench-group-'));
  const file = join(directory, 'rows.json');
  try {
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), '--group', name, '--json', file],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (child.status !== 0 || !existsSync(file)) {
      throw new Error(`its process ended with ${child.signal ?? `exit code ${child.status}`}`);
    }
    return JSON.parse(readFileSync(file, 'utf8')) as BenchRow[];
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

if (values.group) await runGroupHere(values.group);

const rows: BenchRow[] = [];
let failed = false;
for (const group of groups) {
  if (values.only && !group.name.includes(values.only)) continue;
  process.stderr.write(`bench: ${group.name}...\n`);
  try {
    rows.push(...runGroupApart(group.name));
  } catch (error) {
    failed = true;
    process.stderr.write(`bench: ${group.name} failed: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}
printTable(rows, (text) => process.stdout.write(text));
const missed = rows.filter((entry) => entry.verdict === 'missed');
if (missed.length > 0) {
  failed = true;
  process.stderr.write(
    `bench: ${missed.length} row(s) missed their target:\n${missed.map((entry) => `  - ${entry.name}`).join('\n')}\n`,
  );
}
if (values.json) {
  writeFileSync(
    values.json,
    JSON.stringify(
      {
        rows: rows.map(({ name, unit, median, min, max, baseline, ratio, target, verdict }) => ({
          name,
          unit,
          median,
          min,
          max,
          baseline,
          ratio,
          target,
          verdict,
        })),
      },
      null,
      2,
    ) + '\n',
  );
}
process.exit(failed ? 1 : 0);
