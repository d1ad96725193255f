/**
 * Copies every stored table from one database to another, of either kind, for moving a deployment
 * (docs/scaling.md, "Moving between databases"). Rows go across as they are stored: the same ids
 * and the same text, so sealed secrets open with the same key and config hashes stay valid.
 *
 * The whole copy is one transaction on the target, so a failure leaves it as it was; the source is
 * read inside a transaction of its own that is rolled back, so every table is read at one moment
 * even while something else writes to it. The check of the result runs inside both, so it compares
 * the target with that same moment, and a mismatch undoes the copy.
 */
import type { Storage } from './storage';
import { storedTableName, tablesInCopyOrder, type TableName } from './whole-tables';

/** A copy that was refused or did not arrive whole; its message is meant for the operator. */
export class DatabaseCopyError extends Error {
  override readonly name = 'DatabaseCopyError';
}

/** How many rows are read and inserted at a time (well below either database's parameter limit). */
const defaultBatchSize = 500;

/** The tables whose rows carry a config hash that must arrive unchanged. */
const hashedTables = ['agentVersions', 'mcpClientVersions'] as const satisfies readonly TableName[];

export interface CopiedTable {
  /** The table's name in the database: `agent_versions`. */
  table: string;
  rows: number;
}

async function tableCounts(storage: Storage): Promise<Map<TableName, number>> {
  const counts = new Map<TableName, number>();
  for (const name of tablesInCopyOrder) counts.set(name, await storage.tables.count(name));
  return counts;
}

/** Every config hash of a table, sorted, so two databases' hashes compare as lists. */
async function configHashes(storage: Storage, name: TableName, batchSize: number): Promise<string[]> {
  const hashes: string[] = [];
  for (let offset = 0; ; offset += batchSize) {
    const rows = await storage.tables.page(name, { offset, limit: batchSize });
    hashes.push(...rows.map((row) => String(row.configHash)));
    if (rows.length < batchSize) return hashes.sort();
  }
}

/** Copies one table in batches, answering how many rows went across. */
async function copyTable(source: Storage, target: Storage, name: TableName, batchSize: number): Promise<number> {
  let copied = 0;
  for (;;) {
    const rows = await source.tables.page(name, { offset: copied, limit: batchSize });
    await target.tables.insert(name, rows);
    copied += rows.length;
    if (rows.length < batchSize) return copied;
  }
}

/** Throws when the target does not hold what the source holds: row counts, then config hashes. */
async function verifyCopy(source: Storage, target: Storage, batchSize: number): Promise<void> {
  const [sourceCounts, targetCounts] = [await tableCounts(source), await tableCounts(target)];
  for (const name of tablesInCopyOrder) {
    if (sourceCounts.get(name) !== targetCounts.get(name))
      throw new DatabaseCopyError(
        `The copy does not match: ${storedTableName(name)} has ${targetCounts.get(name)} rows in ${target.description} and ${sourceCounts.get(name)} in ${source.description}.`,
      );
  }
  for (const name of hashedTables) {
    const [fromSource, fromTarget] = [
      await configHashes(source, name, batchSize),
      await configHashes(target, name, batchSize),
    ];
    if (fromSource.join('\n') !== fromTarget.join('\n'))
      throw new DatabaseCopyError(
        `The copy does not match: the config hashes of ${storedTableName(name)} in ${target.description} differ from those in ${source.description}.`,
      );
  }
}

/**
 * Migrates the target, then copies every table of the source into it and checks the result before
 * the target commits (a mismatch leaves the target as it was, migrated). A
 * target that holds any row is refused unless `force`, which empties it first (in the same
 * transaction as the copy). `onTable` hears each table as it is copied.
 */
export async function copyDatabase({
  source,
  target,
  force = false,
  batchSize = defaultBatchSize,
  onTable = () => {},
}: {
  source: Storage;
  target: Storage;
  force?: boolean;
  batchSize?: number;
  onTable?: (copied: CopiedTable) => void;
}): Promise<CopiedTable[]> {
  if (source.description === target.description)
    throw new DatabaseCopyError(`--from and --to name the same database (${source.description}).`);
  await target.migrate();
  const copied = await source.transaction(
    () =>
      target.transaction(async () => {
        const filled = [...(await tableCounts(target))].find(([, rows]) => rows > 0);
        if (filled && !force)
          throw new DatabaseCopyError(
            `${target.description} already holds data (${storedTableName(filled[0])} has ${filled[1]} rows); pass --force to replace everything in it.`,
          );
        if (filled) await target.tables.clear();
        const tables: CopiedTable[] = [];
        for (const name of tablesInCopyOrder) {
          const table = { table: storedTableName(name), rows: await copyTable(source, target, name, batchSize) };
          onTable(table);
          tables.push(table);
        }
        // Checked inside both transactions: the source as the copy read it (a studio still saving
        // changes nothing here), and a mismatch throws, so the target's writes are undone.
        await verifyCopy(source, target, batchSize);
        return tables;
      }),
    // Nothing is written to the source: its transaction only reads every table at one moment.
    { rehearse: true },
  );
  return copied;
}
