/**
 * Start-up upgrade of stored integration configs written by earlier releases: credentials encrypted
 * without being bound to their integration (`enc:v1:`) are re-encrypted bound to it. One
 * transaction; nothing to do once upgraded.
 */
import { upgradeRows, type SecretsUpgrade } from '../upgrade-rows';
import { decryptCredentials, encryptCredentials, type StoredIntegrationConfig } from './stored-config';

export const upgradeIntegrationCredentials: SecretsUpgrade = ({ storage, secretsKey }) => {
  const queries = storage.queries.integrationConfigs;
  return upgradeRows({
    storage,
    rowsToUpgrade: () => queries.configsToUpgrade(),
    upgrade: async (row) => {
      const config = JSON.parse(row.config) as StoredIntegrationConfig;
      if (!config.credentials) return;
      const plain = decryptCredentials({
        credentials: config.credentials,
        key: secretsKey,
        integrationId: row.id,
        legacy: true,
      });
      const credentials = encryptCredentials({ credentials: plain, key: secretsKey, integrationId: row.id });
      await queries.rewriteConfigSecrets({ id: row.id, config: JSON.stringify({ ...config, credentials }) });
    },
  });
};
