#!/usr/bin/env node
/**
 * `npm run dev:postgres`: a local PostgreSQL to try the studio on, without Docker. Creates a cluster
 * in ./data/postgres the first time (the machine's PostgreSQL binaries: Debian's `postgresql`
 * package), starts it on a loopback port (54329, or --port), creates the `studio` database and
 * prints the DATABASE_URL to start the studio with. `--stop` stops it; the data stays in
 * ./data/postgres until that folder is deleted.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  clusterIsRunning,
  databaseUrl,
  findPostgresBinaries,
  initCluster,
  startCluster,
  stopCluster,
} from './postgres-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataFolder = join(root, 'data');
const directory = join(dataFolder, 'postgres');
const database = 'studio';
const args = process.argv.slice(2);
const portArgument = args.indexOf('--port');
const requestedPort = portArgument >= 0 ? Number(args[portArgument + 1]) : 54329;

const bin = findPostgresBinaries();
if (!bin) {
  process.stderr.write(
    'PostgreSQL is not installed. On Debian or Ubuntu: sudo apt-get install -y postgresql (the studio runs its own server; the system service is not needed).\n',
  );
  process.exit(1);
}

if (args.includes('--stop')) {
  stopCluster({ bin, directory });
  process.stdout.write(`Stopped the PostgreSQL server in ${directory}.\n`);
  process.exit(0);
}

if (!Number.isInteger(requestedPort) || requestedPort < 1 || requestedPort > 65535) {
  process.stderr.write(`--port needs a port number, not "${args[portArgument + 1]}".\n`);
  process.exit(1);
}

// The studio keeps ./data readable by its owner only. Under root the server runs as the postgres
// user, which must be able to pass through ./data (not list it) to reach its own folder.
mkdirSync(dataFolder, { recursive: true, mode: 0o700 });
if (process.getuid?.() === 0 && (statSync(dataFolder).mode & 0o001) === 0) {
  chmodSync(dataFolder, statSync(dataFolder).mode | 0o001);
  process.stdout.write(`Let the postgres user pass through ${dataFolder} (others may enter it, not list it).\n`);
}

if (initCluster({ bin, directory })) process.stdout.write(`Created a PostgreSQL cluster in ${directory}.\n`);

/** The port of the running server, from its pid file (line 4). */
function runningPort() {
  const lines = readFileSync(join(directory, 'postmaster.pid'), 'utf8').split('\n');
  return Number(lines[3]);
}

let port = requestedPort;
if (clusterIsRunning({ bin, directory }) && existsSync(join(directory, 'postmaster.pid'))) {
  port = runningPort();
  process.stdout.write(`The PostgreSQL server in ${directory} is already running on port ${port}.\n`);
} else {
  startCluster({ bin, directory, port });
  process.stdout.write(`Started PostgreSQL on 127.0.0.1:${port}.\n`);
}

const admin = new pg.Client({ connectionString: databaseUrl({ port, database: 'postgres' }) });
await admin.connect();
const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${database}`);
await admin.end();

process.stdout.write(
  [
    '',
    'Start the studio on it with:',
    `  DATABASE_URL=${databaseUrl({ port, database })} npm start`,
    '',
    'Stop the server with: npm run dev:postgres -- --stop',
    '',
  ].join('\n'),
);
