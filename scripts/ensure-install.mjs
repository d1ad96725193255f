/**
 * Installs dependencies when they are missing or older than package-lock.json. Dependency-free on
 * purpose: it runs before anything is installed.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

export function ensureInstall() {
  const lockFile = join(root, 'package-lock.json');
  const stampFile = join(root, 'node_modules', '.studio-install-stamp');
  const lockHash = createHash('sha256').update(readFileSync(lockFile)).digest('hex');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === lockHash) return false;
  process.stdout.write('Installing dependencies (npm ci)...\n');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) {
    process.stderr.write('Installing dependencies failed; see the npm messages above.\n');
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, lockHash);
  return true;
}

export function run(command, args, { env = {}, allowFailure = false } = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0 && !allowFailure) process.exit(result.status ?? 1);
  return result.status ?? 1;
}
