/**
 * Runs a TypeScript scenario inside a private network namespace (`unshare -n`, as root): it can
 * give its loopback any address (169.254.169.254, 10.0.0.5, ...) and start servers there, and no
 * packet leaves the machine. The scenario is bundled with esbuild (Node 20 runs no TypeScript) next
 * to the repository's node_modules and must print one JSON line, which is returned parsed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export const repositoryRoot = join(import.meta.dirname, '..', '..');

/**
 * Whether a private network namespace can be made here (root and `unshare`). Tests that need one
 * are skipped only when it cannot: their addresses (169.254.169.254, 10.0.0.5, ...) must live on a
 * loopback nothing else shares.
 */
export const networkNamespacesWork = spawnSync('unshare', ['-n', 'true']).status === 0;

export async function runInNetworkNamespace<T>({
  entry,
  timeoutMs = 60_000,
}: {
  /** Path of the scenario, relative to the repository root. */
  entry: string;
  timeoutMs?: number;
}): Promise<T> {
  const { build } = await import('esbuild');
  // One level below the root, like dist/: the bundle finds migrations/ where the server does.
  const outdir = join(repositoryRoot, '.test-artifacts');
  mkdirSync(outdir, { recursive: true });
  const outfile = join(outdir, `netns-${entry.replace(/[^a-z0-9]+/gi, '-')}.mjs`);
  await build({
    absWorkingDir: repositoryRoot,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  return new Promise((resolve, reject) => {
    const child = spawn('unshare', ['-n', process.execPath, outfile], {
      cwd: repositoryRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const line = stdout.trim().split('\n').pop() ?? '';
      if (code !== 0) return reject(new Error(`The scenario exited with ${code}:\n${stderr}\n${stdout}`));
      try {
        resolve(JSON.parse(line) as T);
      } catch {
        reject(new Error(`The scenario printed no JSON:\n${stdout}\n${stderr}`));
      }
    });
  });
}
