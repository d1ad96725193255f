/** Builds the storage child once per test file and drives child processes over JSON lines. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** Bundles `storage-child.ts` into `.test-artifacts/` (inside the repository, so node_modules resolve). */
export async function buildStorageChild(): Promise<string> {
  const artifacts = join(repositoryRoot, '.test-artifacts');
  mkdirSync(artifacts, { recursive: true });
  const outfile = join(mkdtempSync(join(artifacts, 'storage-child-')), 'storage-child.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('./storage-child.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'silent',
  });
  return outfile;
}

/** Removes a bundle built by `buildStorageChild`. */
export function removeStorageChild(bundle: string): void {
  rmSync(dirname(bundle), { recursive: true, force: true });
}

export interface StorageChild {
  process: ChildProcessWithoutNullStreams;
  /** Resolves with the next JSON message the child writes. */
  next(): Promise<Record<string, unknown>>;
  send(command: Record<string, unknown>): void;
  /** Closes stdin and waits for the child to exit. */
  stop(): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startStorageChild({ bundle, databaseFile }: { bundle: string; databaseFile: string }): StorageChild {
  const child = spawn(process.execPath, [bundle, databaseFile], { stdio: ['pipe', 'pipe', 'pipe'] });
  const queue: Array<Record<string, unknown>> = [];
  const waiting: Array<(message: Record<string, unknown>) => void> = [];
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as Record<string, unknown>;
    const resolve = waiting.shift();
    if (resolve) resolve(message);
    else queue.push(message);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    process: child,
    next: () =>
      new Promise((resolve, reject) => {
        const queued = queue.shift();
        if (queued) return resolve(queued);
        waiting.push(resolve);
        void exited.then(({ code, signal }) =>
          reject(new Error(`child exited (${code ?? signal}) before answering: ${stderr}`)),
        );
      }),
    send: (command) => child.stdin.write(JSON.stringify(command) + '\n'),
    async stop() {
      child.stdin.end();
      await exited;
    },
    exited,
  };
}
