#!/usr/bin/env node
/**
 * `npm start`: install if needed, build if missing or stale, then serve. The server migrates the
 * database and seeds an empty one itself, so deleting data/ and starting again recreates it.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureInstall, root, run } from './ensure-install.mjs';

// STUDIO_SKIP_INSTALL=1: tests that run this script must never reinstall the tree they run from.
if (process.env.STUDIO_SKIP_INSTALL !== '1') ensureInstall();
run(process.execPath, [join(root, 'scripts', 'build.mjs')], { env: { NEXT_TELEMETRY_DISABLED: '1' } });

const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'dist', 'server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
