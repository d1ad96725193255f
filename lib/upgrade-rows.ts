/**
 * A start-up upgrade of rows written by earlier releases, as one transaction. The rows are looked
 * for once before it opens, so a database already upgraded costs that one read and no write.
 */
import type { Storage } from '../db/storage';
import type { SecretsKey } from './secrets';

/** A start-up upgrade of stored secrets (saved MCP clients, integration configs), run with the studio's key. */
export type SecretsUpgrade = (parts: { storage: Storage; secretsKey: SecretsKey }) => Promise<{ upgraded: number }>;

export async function upgradeRows<Row>({
  storage,
  rowsToUpgrade,
  upgrade,
}: {
  storage: Pick<Storage, 'transaction'>;
  rowsToUpgrade: () => Promise<Row[]>;
  upgrade: (row: Row) => Promise<void>;
}): Promise<{ upgraded: number }> {
  if ((await rowsToUpgrade()).length === 0) return { upgraded: 0 };
  return storage.transaction(async () => {
    const rows = await rowsToUpgrade();
    for (const row of rows) await upgrade(row);
    return { upgraded: rows.length };
  });
}
