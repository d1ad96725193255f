/**
 * A throwaway PostgreSQL server for the bench: a cluster of the machine's own binaries in a temp
 * folder (scripts/postgres-server.mjs), with its default durability, and one empty database.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  databaseUrl,
  findPostgresBinaries,
  freePort,
  initCluster,
  startCluster,
  stopCluster,
} from '../scripts/postgres-server.mjs';

export async function startThrowawayPostgres({ database = 'bench' }: { database?: string } = {}): Promise<{
  url: string;
  stop(): void;
}> {
  const bin = findPostgresBinaries();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql).');
  const parent = mkdtempSync(join(tmpdir(), 'studio-bench-postgres-'));
  // Under root the server runs as the postgres user, which must reach the folder.
  chmodSync(parent, 0o755);
  const directory = join(parent, 'cluster');
  initCluster({ bin, directory });
  const port = await freePort();
  startCluster({ bin, directory, port });
  const admin = new pg.Client({ connectionString: databaseUrl({ port, database: 'postgres' }) });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  return {
    url: databaseUrl({ port, database }),
    stop() {
      try {
        stopCluster({ bin, directory });
      } finally {
        rmSync(parent, { recursive: true, force: true });
      }
    },
  };
}
