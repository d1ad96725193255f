import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStudio, type StudioOptions } from '@/lib';
import { silentLogger } from '@/lib/logger';

/** A studio on a fresh, migrated SQLite file in a temp folder; `cleanup()` closes and removes it. */
export function createTestStudio(options: StudioOptions = {}) {
  const directory = mkdtempSync(join(tmpdir(), 'studio-test-'));
  const databaseFile = join(directory, 'studio.db');
  const studio = createStudio({
    logger: silentLogger,
    ...options,
    database: options.database ?? { url: `file:${databaseFile}` },
    settings: { mode: 'test', ...options.settings },
  });
  return {
    studio,
    directory,
    databaseFile,
    async cleanup() {
      await studio.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** JSON request helper for `studio.api.request`. */
export function jsonRequest(method: string, body?: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  };
}
