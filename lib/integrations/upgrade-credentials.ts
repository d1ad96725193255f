/**
 * Start-up upgrade of stored integration configs written by earlier releases: credentials encrypted
 * without being bound to their integration (`enc:v1:`) are re-encrypted bound to it. One
 * transaction; nothing to do once upgraded.
 */
import type { DatabaseHandle } from '../../db/client';
import { integrationConfigQueries, writeTransaction } from '../../db/queries';
import type { SecretsKey } from '../secrets';
import { decryptCredentials, encryptCredentials, type StoredIntegrationConfig } from './stored-config';

export function upgradeIntegrationCredentials({
  database,
  secretsKey,
}: {
  database: DatabaseHandle;
  secretsKey: SecretsKey;
}): { upgraded: number } {
  const queries = integrationConfigQueries(database);
  if (queries.configsToUpgrade().length === 0) return { upgraded: 0 };
  return writeTransaction(database, () => {
    const rows = queries.configsToUpgrade();
    for (const row of rows) {
      const config = JSON.parse(row.config) as StoredIntegrationConfig;
      if (!config.credentials) continue;
      const plain = decryptCredentials({
        credentials: config.credentials,
        key: secretsKey,
        integrationId: row.id,
        legacy: true,
      });
      const credentials = encryptCredentials({ credentials: plain, key: secretsKey, integrationId: row.id });
      queries.rewriteConfigSecrets({ id: row.id, config: JSON.stringify({ ...config, credentials }) });
    }
    return { upgraded: rows.length };
  });
}
