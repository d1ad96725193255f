/**
 * Starts the production server (dist/server.js, built first when stale) on a free loopback port
 * with a fresh database, for tests that go through real HTTP. Tests read its URL with
 * `inject('serverUrl')`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServerProcess } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const root = project.config.root;
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The build failed; the server tests cannot run.');
  const directory = mkdtempSync(join(tmpdir(), 'studio-server-'));
  // The editor's browser tests save an MCP client that runs a reference server with this node.
  const environment: Record<string, string> =
    project.name === 'e2e' ? { STUDIO_STDIO_ALLOWED_COMMANDS: process.execPath } : {};
  const config = project.name === 'e2e' ? 'browser' : 'test';
  const server = await startServerProcess({ root, directory, spawn, environment, config });
  project.provide('serverUrl', server.url);
  return async () => {
    await server.stop();
    rmSync(directory, { recursive: true, force: true });
  };
}
