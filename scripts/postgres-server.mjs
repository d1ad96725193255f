/**
 * A PostgreSQL server of the machine's own binaries (Debian's `postgresql` package, or whatever
 * `pg_config --bindir` names), run in a folder of our choosing on a loopback port: the tests start a
 * throwaway one in a temp folder, `npm run dev:postgres` keeps one in ./data/postgres. No Docker, no
 * system service: initdb creates the cluster (trust authentication, loopback only), pg_ctl starts
 * and stops it. PostgreSQL refuses to run as root, so under root the commands run as the
 * `postgres` user and the folder is handed to it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const systemVersions = '/usr/lib/postgresql';

/** The folder of initdb, pg_ctl and postgres, or undefined when PostgreSQL is not installed. */
export function findPostgresBinaries() {
  if (existsSync(systemVersions)) {
    const newestFirst = readdirSync(systemVersions)
      .filter((version) => existsSync(join(systemVersions, version, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (newestFirst[0] !== undefined) return join(systemVersions, newestFirst[0], 'bin');
  }
  try {
    const bin = execFileSync('pg_config', ['--bindir'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (existsSync(join(bin, 'initdb'))) return bin;
  } catch {
    // No pg_config on the PATH: not installed.
  }
  return undefined;
}

const runsAsRoot = () => process.getuid?.() === 0;

/** Runs one of PostgreSQL's programs, as the `postgres` user under root; throws with its output when it fails. */
function runProgram(bin, program, args) {
  const command = runsAsRoot() ? 'runuser' : join(bin, program);
  const commandArgs = runsAsRoot() ? ['-u', 'postgres', '--', join(bin, program), ...args] : args;
  const result = spawnSync(command, commandArgs, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${program} ${args.join(' ')} failed:\n${result.stderr || result.stdout || result.error}`);
  return result.stdout;
}

/** A port nothing listens on now (another process could take it before the server does: start retries). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Creates the cluster in `directory` unless one is there already; answers whether it created it. */
export function initCluster({ bin, directory }) {
  if (existsSync(join(directory, 'PG_VERSION'))) return false;
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  if (runsAsRoot()) {
    const { uid, gid } = postgresUser();
    chownSync(directory, uid, gid);
  }
  runProgram(bin, 'initdb', ['-D', directory, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  return true;
}

function postgresUser() {
  const read = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: read('-u'), gid: read('-g') };
}

export function clusterIsRunning({ bin, directory }) {
  const command = runsAsRoot() ? 'runuser' : join(bin, 'pg_ctl');
  const args = ['-D', directory, 'status'];
  const result = spawnSync(command, runsAsRoot() ? ['-u', 'postgres', '--', join(bin, 'pg_ctl'), ...args] : args);
  return result.status === 0;
}

/**
 * Starts the cluster in `directory` on `port` (loopback only; its socket in the folder too), waiting
 * until it accepts connections. `fsync` off: the throwaway test servers trade durability for speed.
 */
export function startCluster({ bin, directory, port, durable = true }) {
  const options = [`-p ${port}`, `-k ${directory}`, '-c listen_addresses=127.0.0.1'];
  if (!durable) options.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off');
  runProgram(bin, 'pg_ctl', [
    '-D',
    directory,
    '-o',
    options.join(' '),
    '-l',
    join(directory, 'server.log'),
    '-w',
    'start',
  ]);
}

export function stopCluster({ bin, directory }) {
  if (!clusterIsRunning({ bin, directory })) return;
  runProgram(bin, 'pg_ctl', ['-D', directory, '-m', 'fast', '-w', 'stop']);
}

/** The URL of one database of a server started here (user `postgres`, trust authentication). */
export function databaseUrl({ port, database }) {
  return `postgres://postgres@127.0.0.1:${port}/${database}`;
}

/**
 * Starts a throwaway server in a fresh folder under `parent` on a free port. `stop()` stops it and
 * removes the folder; `shutDown()` only stops it (a fast shutdown, as an operator's restart does)
 * and `startAgain()` starts it on the same port with the same data. Throws when PostgreSQL is not
 * installed.
 */
export async function startThrowawayPostgres({ parent }) {
  const bin = findPostgresBinaries();
  if (!bin) throw new Error('PostgreSQL is not installed (no initdb under /usr/lib/postgresql/*/bin or pg_config).');
  const directory = join(parent, `postgres-${process.pid}-${Date.now()}`);
  initCluster({ bin, directory });
  let port;
  for (let attempt = 1; ; attempt += 1) {
    port = await freePort();
    try {
      startCluster({ bin, directory, port, durable: false });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  return {
    port,
    url: (database) => databaseUrl({ port, database }),
    shutDown: () => stopCluster({ bin, directory }),
    startAgain: () => startCluster({ bin, directory, port, durable: false }),
    stop() {
      try {
        stopCluster({ bin, directory });
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    },
  };
}
