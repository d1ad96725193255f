/**
 * The stdio launch-spec setting as the server reads it at start: a bare interpreter entry stops the
 * start with an error naming the variable and the entry, unless the deployment opted in, in which
 * case the start banner says what the opt-in means.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../support/server-process';

const root = join(import.meta.dirname, '..', '..', '..');
let directory: string | undefined;
let server: ServerProcess | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
  if (directory) rmSync(directory, { recursive: true, force: true });
});

describe('STUDIO_STDIO_ALLOWED_COMMANDS at start', () => {
  it(
    'refuses a bare interpreter entry, naming the variable, the entry and the opt-in',
    { timeout: 30_000 },
    async () => {
      directory = mkdtempSync(join(tmpdir(), 'studio-stdio-start-'));
      await expect(
        startServerProcess({
          root,
          directory,
          spawn,
          environment: { STUDIO_STDIO_ALLOWED_COMMANDS: 'node ./mcp/orders.js; node' },
          timeoutMs: 20_000,
        }),
      ).rejects.toThrow(
        /STUDIO_STDIO_ALLOWED_COMMANDS: the entry "node" is a bare interpreter[\s\S]*STUDIO_STDIO_ALLOW_BARE_INTERPRETERS=true/,
      );
    },
  );

  it(
    'starts with the opt-in, and the banner says a bare interpreter admits any code',
    { timeout: 90_000 },
    async () => {
      directory = mkdtempSync(join(tmpdir(), 'studio-stdio-start-'));
      server = await startServerProcess({
        root,
        directory,
        spawn,
        environment: { STUDIO_STDIO_ALLOWED_COMMANDS: 'node', STUDIO_STDIO_ALLOW_BARE_INTERPRETERS: 'true' },
      });
      await expect
        .poll(() => server!.output(), { timeout: 30_000 })
        .toMatch(
          /STUDIO_STDIO_ALLOW_BARE_INTERPRETERS=true: a bare interpreter entry .*\("node"\) admits any arguments/,
        );
    },
  );
});
