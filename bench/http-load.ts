import { execFileSync, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { freePort } from '../tests/support/server-process';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  /** Sent with every request besides the content type (an `authorization` header). */
  headers?: Record<string, string>;
  connections?: number;
  durationSeconds?: number;
}

/** Requests per second for one keep-alive load run (autocannon, in this process). */
export async function requestsPerSecond({
  url,
  method = 'GET',
  body,
  headers = {},
  connections = 16,
  durationSeconds = 3,
}: LoadOptions) {
  const result = await autocannon({
    url,
    method,
    body,
    headers: body ? { 'content-type': 'application/json', ...headers } : headers,
    connections,
    duration: durationSeconds,
  });
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`Load run against ${url} had ${result.errors} errors and ${result.non2xx} non-2xx answers`);
  }
  return result.requests.average;
}

/**
 * Starts a bare node:http baseline server: by default the one answering `body`; `script` names
 * another (relative to the root) and `nodeFlags` are passed to its Node process.
 */
export async function startBareServer({
  root,
  body,
  script = 'bench/bare-http-server.mjs',
  nodeFlags = [],
}: {
  root: string;
  body?: string;
  script?: string;
  nodeFlags?: readonly string[];
}) {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeFlags, `${root}/${script}`], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      ...(body === undefined ? {} : { BENCH_BODY: body }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`The bare server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) =>
        child.exitCode === null ? (child.once('exit', () => resolve()), child.kill('SIGTERM')) : resolve(),
      ),
  };
}

/** Sets the CPUs of every thread of a process (Linux `taskset`); false where that is not possible. */
function setCpus(pid: number, cpus: string) {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Gives the servers the last CPU and the load generator (this process) the others while `run`
 * runs, so neither server shares its core with the load, and the load generator is as fast for
 * both: on 2 cores a server sharing cores with the generator measured anywhere between 21,000 and
 * 43,000 req/s from one run to the next. Without `taskset` or with one CPU nothing is pinned.
 */
export async function withServersApart<T>(serverPids: number[], run: () => Promise<T>): Promise<T> {
  const cpus = availableParallelism();
  const pinned =
    cpus >= 2 && serverPids.every((pid) => setCpus(pid, String(cpus - 1))) && setCpus(process.pid, `0-${cpus - 2}`);
  try {
    return await run();
  } finally {
    if (pinned) setCpus(process.pid, `0-${cpus - 1}`);
  }
}

/**
 * Alternates rounds against the measured server and the baseline, with the servers on a core of
 * their own (see withServersApart); answers the req/s of each round's two halves, for `pairedRow`.
 * The machine's speed drifts for seconds at a time (one server's CPU per request went from 44 to
 * 67 µs between rounds): with three rounds of 3 s and the median of each side taken apart, one
 * build's API-key row read 0.62 to 0.97 on one quiet afternoon. The two halves of a 1 s round
 * mostly run at one speed, so the row is the median of the rounds' own ratios.
 */
export async function alternateRounds({
  measured,
  baseline,
  serverPids,
  rounds = 12,
  durationSeconds = 1,
}: {
  measured: LoadOptions;
  baseline: LoadOptions;
  /** The measured and the baseline server's processes. */
  serverPids: number[];
  rounds?: number;
  durationSeconds?: number;
}) {
  return withServersApart(serverPids, () => alternateRoundsNow({ measured, baseline, rounds, durationSeconds }));
}

async function alternateRoundsNow({
  measured,
  baseline,
  rounds,
  durationSeconds,
}: {
  measured: LoadOptions;
  baseline: LoadOptions;
  rounds: number;
  durationSeconds: number;
}) {
  await requestsPerSecond({ ...measured, durationSeconds: 1 });
  await requestsPerSecond({ ...baseline, durationSeconds: 1 });
  const paired: Array<{ measured: number; baseline: number }> = [];
  for (let round = 0; round < rounds; round++) {
    paired.push({
      measured: await requestsPerSecond({ ...measured, durationSeconds }),
      baseline: await requestsPerSecond({ ...baseline, durationSeconds }),
    });
  }
  return paired;
}
