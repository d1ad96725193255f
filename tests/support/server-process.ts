import type { ChildProcess, spawn as spawnFunction } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import serverNodeFlags from '../../scripts/server-node-flags.json';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Runs `node dist/server.js` with a database in `directory` and waits until /api/health answers. */
export async function startServerProcess({
  root,
  directory,
  spawn,
  environment = {},
  config = 'app',
  port: chosenPort,
  timeoutMs = 60_000,
}: {
  root: string;
  directory: string;
  spawn: typeof spawnFunction;
  environment?: Record<string, string>;
  /**
   * `test`: the test configuration (studio.config.ts plus the scripted model `test/scripted`, the
   * tools that make runs wait and a code agent); `browser`: that plus a small tool provider;
   * `many-tools`: the test configuration plus 120 registered tools.
   */
  config?: 'app' | 'test' | 'browser' | 'many-tools';
  /** The port to listen on, for a test that must know the server's URL before it starts; a free one otherwise. */
  port?: number;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const port = chosenPort ?? (await freePort());
  const child = spawn(process.execPath, [...serverNodeFlags.nodeFlags, join(root, 'dist', 'server.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: `file:${join(directory, 'studio.db')}`,
      LOG_LEVEL: 'warn',
      ...(config === 'app' ? {} : { STUDIO_CONFIG: join(root, 'dist', `${config}-studio-config.js`) }),
      ...environment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early (code ${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer /api/health within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
