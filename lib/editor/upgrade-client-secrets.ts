/**
 * Start-up upgrade of saved MCP client versions written by earlier releases: secrets encrypted
 * without being bound to their row (`enc:v1:`) are re-encrypted bound to it, and plain SHA-256
 * config hashes (which could be checked against guessed secrets) become keyed ones. The content of
 * a version does not change, so the rewrite keeps it immutable in every sense a user can see.
 * Runs in one transaction; a database already upgraded costs one indexed-free scan and no write.
 */
import { upgradeRows, type SecretsUpgrade } from '../upgrade-rows';
import { canonicalJson } from '../versions';
import { decryptSnapshot, encryptSnapshot } from './mcp-client-secrets';
import type { McpClientSnapshot } from '../schemas/mcp-client-snapshot';
import { clientConfigHash } from './mcp-client-versions';

export const upgradeClientSecrets: SecretsUpgrade = ({ storage, secretsKey }) => {
  const queries = storage.queries.mcpClients;
  return upgradeRows({
    storage,
    rowsToUpgrade: () => queries.versionsToUpgrade(),
    upgrade: async (row) => {
      const ref = { clientId: row.clientId, versionId: row.id };
      const snapshot = decryptSnapshot({
        key: secretsKey,
        snapshot: JSON.parse(row.snapshot) as McpClientSnapshot,
        row: ref,
        legacy: true,
      });
      await queries.rewriteVersionSecrets({
        id: row.id,
        snapshot: canonicalJson(encryptSnapshot({ key: secretsKey, snapshot, row: ref })),
        configHash: clientConfigHash(secretsKey, snapshot),
      });
    },
  });
};
