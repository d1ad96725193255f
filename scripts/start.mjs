#!/usr/bin/env node
/**
 * `npm start`: install if needed, build if missing or stale, then serve (`npm run serve`: only
 * serve). The server migrates the database and seeds an empty one itself, so deleting data/ and
 * starting again recreates it.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstall, root, run } from './ensure-install.mjs';

// `--no-build` (`npm run serve`): serve what is built. STUDIO_SKIP_INSTALL=1: tests that run this
// script must never reinstall the tree they run from.
if (!process.argv.includes('--no-build')) {
  if (process.env.STUDIO_SKIP_INSTALL !== '1') ensureInstall();
  run(process.execPath, [join(root, 'scripts', 'build.mjs')], { env: { NEXT_TELEMETRY_DISABLED: '1' } });
}

// The server's Node flags live in one file, shared with `npm run serve` and the tests (docs/performance.md).
const { nodeFlags } = JSON.parse(readFileSync(join(root, 'scripts', 'server-node-flags.json'), 'utf8'));
const server = spawn(process.execPath, [...nodeFlags, join(root, 'dist', 'server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
