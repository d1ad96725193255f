/**
 * Real MCP servers for tests: the npm reference servers and the small ones in `servers/`, always
 * started as `node <file>` with this very node binary (never a networked npx).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { networkInterfaces } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatLaunchSpec, type McpPoolSettings, type McpStdioServerConfig } from '@/lib/mcp';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

function packageEntry(packageName: string): string {
  return join(dirname(require.resolve(`${packageName}/package.json`)), 'dist', 'index.js');
}

export const everythingServerPath = packageEntry('@modelcontextprotocol/server-everything');
export const filesystemServerPath = packageEntry('@modelcontextprotocol/server-filesystem');
export const bindLoopbackPreload = pathToFileURL(join(here, 'bind-loopback.mjs')).href;

export type TestServerName = 'changing-tools' | 'paginated' | 'slow' | 'crashing' | 'marker' | 'patterns';

const testServerNames: TestServerName[] = ['changing-tools', 'paginated', 'slow', 'crashing', 'patterns'];

/**
 * The launch specs (`settings.stdioAllowedCommands`) admitting the servers below: this node with
 * each server's entry script fixed, never node alone (a bare interpreter admits any code).
 */
export const testStdioAllowedCommands: string[] = [
  everythingServerPath,
  filesystemServerPath,
  ...testServerNames.map((name) => join(here, 'servers', `${name}.mjs`)),
].map((script) => formatLaunchSpec({ command: process.execPath, args: [script] }));

/** A stdio config for one of the small servers in `servers/`. */
export function testServer(
  name: TestServerName,
  args: string[] = [],
  extra: Partial<McpStdioServerConfig> = {},
): McpStdioServerConfig {
  return { type: 'stdio', command: process.execPath, args: [join(here, 'servers', `${name}.mjs`), ...args], ...extra };
}

export function everythingStdioServer(extra: Partial<McpStdioServerConfig> = {}): McpStdioServerConfig {
  return { type: 'stdio', command: process.execPath, args: [everythingServerPath, 'stdio'], ...extra };
}

export function filesystemServer(directory: string): McpStdioServerConfig {
  return { type: 'stdio', command: process.execPath, args: [filesystemServerPath, directory] };
}

/** Settings long enough never to interfere unless a test shortens one on purpose. */
export const testPoolSettings: McpPoolSettings = {
  listTimeoutMs: 15_000,
  callTimeoutMs: 15_000,
  idleCloseMs: 600_000,
  toolListTtlMs: 600_000,
  maxPooledConnections: 16,
};

/** A port that was free a moment ago (nothing listens on it when this returns). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitForPort(port: number, child: ChildProcess, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ port, host: '127.0.0.1' }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing listened on 127.0.0.1:${port} within ${timeoutMs} ms`);
}

export interface RunningHttpServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** server-everything in an HTTP mode, bound to 127.0.0.1 by the loopback preload. */
export async function startEverythingHttp({ mode }: { mode: 'streamableHttp' | 'sse' }): Promise<RunningHttpServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', bindLoopbackPreload, everythingServerPath, mode], {
    // A minimal env (the cast: Next's types declare NODE_ENV required on ProcessEnv).
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
    } as unknown as NodeJS.ProcessEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.resume();
  try {
    await waitForPort(port, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    port,
    url: `http://127.0.0.1:${port}/${mode === 'sse' ? 'sse' : 'mcp'}`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** This machine's non-loopback IPv4 addresses (to check that a test server is not reachable there). */
export function externalIpv4Addresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((address) => address !== undefined && address.family === 'IPv4' && !address.internal)
    .map((address) => address!.address);
}

/** Resolves true when a TCP connection to host:port succeeds. */
export function canConnect({ host, port }: { host: string; port: number }): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.setTimeout(2_000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(false));
  });
}

function decodeProcAddress(hex: string): string {
  if (hex.length === 8) return [6, 4, 2, 0].map((offset) => parseInt(hex.slice(offset, offset + 2), 16)).join('.');
  // IPv6: four little-endian 32-bit words.
  const bytes = hex.match(/.{8}/g)!.flatMap((word) => word.match(/../g)!.reverse());
  const groups = Array.from({ length: 8 }, (_, index) =>
    (bytes[index * 2]! + bytes[index * 2 + 1]!).replace(/^0+(?=.)/, ''),
  );
  return groups.join(':').toLowerCase();
}

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Local addresses with a listening TCP socket on `port` (Linux, from /proc/net/tcp and tcp6). */
export function listeningAddresses(port: number): string[] {
  const portHex = port.toString(16).toUpperCase().padStart(4, '0');
  const addresses: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const table = readIfPresent(file);
    if (table === undefined) continue;
    for (const line of table.split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== '0A') continue;
      const [address, localPort] = local.split(':');
      if (localPort === portHex) addresses.push(decodeProcAddress(address!));
    }
  }
  return addresses;
}
