#!/usr/bin/env node
/**
 * `npm test`: installs what the tests need (dependencies; Debian's Chromium and PostgreSQL through
 * apt when they are missing), builds, then runs lint (ESLint with the layer rules, then the import
 * cycle checks: madge between files of lib/ and db/, scripts/folder-cycles.mjs between the folders
 * of lib/, db/ and app/), the format check, typecheck and every vitest project (unit, integration
 * against the real server, browser end-to-end). Ends with a one-line count of passed and failed tests.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstall, root, run } from './ensure-install.mjs';
import { findPostgresBinaries } from './postgres-server.mjs';

/**
 * Installs a Debian package the tests need when it is missing (as root, through apt-get); anyone
 * else is told the command to run.
 */
function ensurePackage({ name, present, purpose }) {
  if (present()) return;
  if (process.getuid?.() !== 0) {
    process.stderr.write(`${purpose} need ${name}: run \`sudo apt-get install -y ${name}\`.\n`);
    process.exit(1);
  }
  process.stdout.write(`Installing ${name} for ${purpose.toLowerCase()} (apt-get)...\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', name]]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      process.stderr.write(`apt-get ${args.join(' ')} failed; ${name} is needed for ${purpose.toLowerCase()}.\n`);
      process.exit(1);
    }
  }
}

const env = { NEXT_TELEMETRY_DISABLED: '1' };
ensureInstall();
ensurePackage({ name: 'chromium', present: () => existsSync('/usr/bin/chromium'), purpose: 'The browser tests' });
ensurePackage({
  name: 'postgresql',
  present: () => findPostgresBinaries() !== undefined,
  purpose: 'The PostgreSQL storage tests',
});
run(process.execPath, [join(root, 'scripts', 'build.mjs')], { env });

const step = (title) => process.stdout.write(`\n== ${title} ==\n`);
step('lint');
run(process.execPath, [join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'), '.'], { env });
step('import cycles');
// Its options (TypeScript paths; type-only imports and dynamic `import()` count too) are under "madge" in
// package.json.
run(
  process.execPath,
  [join(root, 'node_modules', 'madge', 'bin', 'cli.js'), '--circular', '--no-spinner', 'lib', 'db'],
  {
    env,
  },
);
// madge compares files; this compares the folders of lib/, db/ and app/, which must not import each other either.
for (const folder of ['lib', 'db', 'app'])
  run(process.execPath, [join(root, 'scripts', 'folder-cycles.mjs'), folder], { env });
step('format');
run(
  process.execPath,
  [join(root, 'node_modules', 'prettier', 'bin', 'prettier.cjs'), '--check', '.', '--log-level', 'warn'],
  { env },
);
step('typecheck');
run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', 'tsconfig.json'], {
  env,
});

step('tests: unit, integration, end-to-end');
const artifacts = join(root, '.test-artifacts');
mkdirSync(artifacts, { recursive: true });
const report = join(artifacts, 'vitest-report.json');
const status = run(
  process.execPath,
  [
    join(root, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ],
  { env, allowFailure: true },
);

let summary = '';
if (existsSync(report)) {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  summary =
    `${results.numPassedTests} passed, ${results.numFailedTests} failed` +
    (results.numPendingTests ? `, ${results.numPendingTests} skipped` : '');
}
process.stdout.write(`\n${summary || 'No test report was written.'}\n`);
process.exit(status === 0 && summary ? 0 : status || 1);
