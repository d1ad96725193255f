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
import { formatLaunchSpec } from '../../lib/mcp/launch-specs';
import { everythingServerPath, testServer } from './mcp/servers';
import { startServerProcess } from './server-process';
import { createAdminKey, signInEditor } from './signed-in-editor';

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
    /** `e2e-editor` only: an admin key for the tests' set-up requests. */
    apiKey?: string;
    /** `e2e-editor` only: the signed-in editor's session cookie (`name=value`) for the test browsers. */
    sessionCookie?: string;
  }
}

export default async function setup(project: TestProject) {
  const root = project.config.root;
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The build failed; the server tests cannot run.');
  const directory = mkdtempSync(join(tmpdir(), 'studio-server-'));
  const browserSuite = project.name === 'e2e' || project.name === 'e2e-editor';
  const signedIn = project.name === 'e2e-editor';
  // The editor's browser tests save MCP clients that run a reference server, a marker server (or a
  // missing script) with this node: launch specs fixing each script, never node alone.
  const environment: Record<string, string> = {
    ...(browserSuite
      ? {
          STUDIO_STDIO_ALLOWED_COMMANDS: [
            everythingServerPath,
            testServer('marker').args![0]!,
            '/nonexistent/mcp-server.js',
          ]
            .map((script) => formatLaunchSpec({ command: process.execPath, args: [script] }))
            .join('; '),
        }
      : {}),
    ...(signedIn ? { STUDIO_AUTH: 'required' } : {}),
  };
  const apiKey = signedIn ? await createAdminKey(directory) : undefined;
  const config = browserSuite ? 'browser' : 'test';
  const server = await startServerProcess({ root, directory, spawn, environment, config });
  project.provide('serverUrl', server.url);
  if (apiKey) {
    project.provide('apiKey', apiKey);
    project.provide('sessionCookie', await signInEditor(server.url, apiKey));
  }
  return async () => {
    await server.stop();
    rmSync(directory, { recursive: true, force: true });
  };
}
