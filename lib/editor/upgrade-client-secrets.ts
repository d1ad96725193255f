/**
 * Start-up upgrade of saved MCP client versions written by earlier releases: secrets encrypted
 * without being bound to their row (`enc:v1:`) are re-encrypted bound to it, and plain SHA-256
 * config hashes (which could be checked against guessed secrets) become keyed ones. The content of
 * a version does not change, so the rewrite keeps it immutable in every sense a user can see.
 * Runs in one transaction; a database already upgraded costs one indexed-free scan and no write.
 */
import type { DatabaseHandle } from '../../db/client';
import { mcpClientQueries, writeTransaction } from '../../db/queries';
import type { SecretsKey } from '../secrets';
import { canonicalJson } from '../versions';
import { decryptSnapshot, encryptSnapshot } from './mcp-client-secrets';
import type { McpClientSnapshot } from './mcp-client-snapshot';
import { clientConfigHash } from './mcp-client-versions';

export function upgradeClientSecrets({ database, secretsKey }: { database: DatabaseHandle; secretsKey: SecretsKey }): {
  upgraded: number;
} {
  const queries = mcpClientQueries(database);
  if (queries.versionsToUpgrade().length === 0) return { upgraded: 0 };
  return writeTransaction(database, () => {
    const rows = queries.versionsToUpgrade();
    for (const row of rows) {
      const ref = { clientId: row.clientId, versionId: row.id };
      const snapshot = decryptSnapshot({
        key: secretsKey,
        snapshot: JSON.parse(row.snapshot) as McpClientSnapshot,
        row: ref,
        legacy: true,
      });
      queries.rewriteVersionSecrets({
        id: row.id,
        snapshot: canonicalJson(encryptSnapshot({ key: secretsKey, snapshot, row: ref })),
        configHash: clientConfigHash(secretsKey, snapshot),
      });
    }
    return { upgraded: rows.length };
  });
}
