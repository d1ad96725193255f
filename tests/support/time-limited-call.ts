/**
 * Calls an exported function in a worker thread under a time limit, for tests of work that must
 * stay bounded: a regression that loops or backtracks for good blocks its own thread, which a test
 * timeout cannot interrupt, but a worker can be terminated. The module is bundled with esbuild
 * (the `@/` paths come from tsconfig.json) into a temp folder the worker loads.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';

export type TimeLimitedOutcome =
  | { outcome: 'returned'; value: unknown; elapsedMs: number }
  | { outcome: 'threw'; message: string; elapsedMs: number }
  | { outcome: 'timed_out'; elapsedMs: number };

const runner = (modulePath: string) => `
import { parentPort, workerData } from 'node:worker_threads';
import * as target from ${JSON.stringify(modulePath)};
const startedAt = performance.now();
try {
  const value = await target[workerData.exportName](...workerData.args);
  parentPort.postMessage({ outcome: 'returned', value, elapsedMs: performance.now() - startedAt });
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  parentPort.postMessage({ outcome: 'threw', message, elapsedMs: performance.now() - startedAt });
}
`;

/** `module` is a path from the repository root (e.g. `tests/support/bounded-work.ts`); arguments must be cloneable. */
export async function callWithTimeLimit({
  module,
  exportName,
  args = [],
  timeLimitMs,
}: {
  module: string;
  exportName: string;
  args?: unknown[];
  timeLimitMs: number;
}): Promise<TimeLimitedOutcome> {
  const root = process.cwd();
  const directory = mkdtempSync(join(tmpdir(), 'time-limited-'));
  const bundle = join(directory, 'call.mjs');
  try {
    const built = await build({
      stdin: { contents: runner(`./${module}`), resolveDir: root, loader: 'ts' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      logLevel: 'silent',
      // Bundled CommonJS packages call `require` for Node's own modules.
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    });
    writeFileSync(bundle, built.outputFiles[0]!.contents);
    return await runInWorker({ bundle, exportName, args, timeLimitMs });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

function runInWorker({
  bundle,
  exportName,
  args,
  timeLimitMs,
}: {
  bundle: string;
  exportName: string;
  args: unknown[];
  timeLimitMs: number;
}): Promise<TimeLimitedOutcome> {
  const startedAt = performance.now();
  const worker = new Worker(bundle, { workerData: { exportName, args } });
  return new Promise<TimeLimitedOutcome>((resolve, reject) => {
    const timer = setTimeout(() => {
      resolve({ outcome: 'timed_out', elapsedMs: performance.now() - startedAt });
      void worker.terminate();
    }, timeLimitMs);
    worker.once('message', (message: TimeLimitedOutcome) => {
      clearTimeout(timer);
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
