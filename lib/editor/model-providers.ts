/**
 * Model provider keys and base URLs an admin saves in Settings (docs/runtime.md, "Model providers").
 * A stored key is encrypted with the studio's secrets key, bound to its provider's row, and never
 * answered by any API: views only say whether a key is set and where it comes from. A stored value
 * wins over the provider's environment variable, field by field; clearing it lets the variable
 * apply again. The model registry reads `current()` and calls `refresh()` before each run, which
 * re-reads the table only when the storage saw a write since, so a saved key is used by the next
 * run, in every process sharing the database, without a restart.
 */
import type { ModelProviderSettingsRow } from '../../db/queries';
import {
  modelProviderLabels,
  modelProviderNames,
  modelProvidersBodySchema,
  isModelProviderConfigured,
  providersTakingBaseUrl,
  type ModelProviderEnvironment,
  type ModelProviderName,
  type ProviderSettingInForce,
  type ProviderSettingsSnapshot,
  type SettingSource,
} from '../schemas/model-provider-bodies';
import { decryptSecret, encryptSecret, SecretDecryptionError } from '../secrets';
import { recordAudit } from './audit';
import { defaultActor, type EditorContext } from './context';
import { parseInput } from './parse-input';

/** What Settings and `GET /api/settings/model-providers` show of a provider: never its key. */
export interface ModelProviderView {
  name: ModelProviderName;
  label: string;
  keySet: boolean;
  keySource: SettingSource | null;
  baseUrl: string | null;
  baseUrlSource: SettingSource | null;
  takesBaseUrl: boolean;
  /** Whether its models can run: a key (or, for the compatible provider, a base URL). */
  configured: boolean;
  /** Where the settings in force come from: `stored` when any stored value is in force. */
  source: SettingSource | 'none';
}

export type { ModelProviderEnvironment };

export interface ModelProvidersService {
  list(): Promise<ModelProviderView[]>;
  save(input: { body: unknown; actor?: string }): Promise<ModelProviderView[]>;
  /** The settings in force as last read (synchronous: model names resolve without IO). */
  current(): ProviderSettingsSnapshot;
  /** Re-reads the stored settings if anything was written since they were read. */
  refresh(): Promise<void>;
}

const locationOf = (provider: string) => `model_provider|${provider}|apiKey`;

function inForce(
  name: ModelProviderName,
  environment: ModelProviderEnvironment,
  storedKey: string | undefined,
  storedBaseUrl: string | undefined,
): ProviderSettingInForce {
  const envKey = environment.modelKeys[name];
  const envBaseUrl = name === 'compatible' ? environment.openaiCompatibleBaseUrl : undefined;
  const apiKey = storedKey ?? envKey;
  const baseUrl = storedBaseUrl ?? envBaseUrl;
  return {
    apiKey,
    keySource: apiKey === undefined ? undefined : storedKey === undefined ? 'env' : 'stored',
    baseUrl,
    baseUrlSource: baseUrl === undefined ? undefined : storedBaseUrl === undefined ? 'env' : 'stored',
  };
}

function viewOf(name: ModelProviderName, setting: ProviderSettingInForce): ModelProviderView {
  const stored = setting.keySource === 'stored' || setting.baseUrlSource === 'stored';
  const fromEnv = setting.keySource === 'env' || setting.baseUrlSource === 'env';
  return {
    name,
    label: modelProviderLabels[name],
    keySet: setting.apiKey !== undefined,
    keySource: setting.keySource ?? null,
    baseUrl: setting.baseUrl ?? null,
    baseUrlSource: setting.baseUrlSource ?? null,
    takesBaseUrl: providersTakingBaseUrl.includes(name),
    configured: isModelProviderConfigured(name, setting),
    source: stored ? 'stored' : fromEnv ? 'env' : 'none',
  };
}

export function createModelProviders(
  context: EditorContext,
  environment: ModelProviderEnvironment = { modelKeys: {} },
): ModelProvidersService {
  const fromRows = (rows: ModelProviderSettingsRow[]) => {
    const byName = new Map(rows.map((row) => [row.id, row]));
    return Object.fromEntries(
      modelProviderNames.map((name) => {
        const row = byName.get(name);
        return [name, inForce(name, environment, row?.apiKey ? readKey(row) : undefined, row?.baseUrl ?? undefined)];
      }),
    );
  };
  const readKey = (row: ModelProviderSettingsRow): string | undefined => {
    try {
      return decryptSecret({ key: context.secretsKey, value: row.apiKey!, location: locationOf(row.id) });
    } catch (error) {
      if (!(error instanceof SecretDecryptionError)) throw error;
      context.logger.warn('A stored model provider key cannot be decrypted; it is ignored.', { provider: row.id });
      return undefined;
    }
  };

  let snapshot: ProviderSettingsSnapshot = { revision: 0, providers: fromRows([]) };
  let readAt = Number.NaN;
  let fingerprint = '';

  async function refresh(): Promise<void> {
    const generation = context.storage.generation();
    if (generation === readAt) return;
    const rows = await context.modelProviderSettings.list();
    readAt = generation;
    const next = JSON.stringify(rows);
    if (next === fingerprint) return;
    fingerprint = next;
    snapshot = { revision: snapshot.revision + 1, providers: fromRows(rows) };
  }

  async function list(): Promise<ModelProviderView[]> {
    await refresh();
    return modelProviderNames.map((name) => viewOf(name, snapshot.providers[name] ?? {}));
  }

  async function save({ body, actor = defaultActor }: { body: unknown; actor?: string }) {
    const { providers } = parseInput(modelProvidersBodySchema, body);
    await context.storage.transaction(async () => {
      const rows = new Map((await context.modelProviderSettings.list()).map((row) => [row.id, row]));
      for (const name of modelProviderNames) {
        const change = providers[name];
        if (!change) continue;
        const stored = rows.get(name);
        const apiKey =
          change.apiKey !== undefined
            ? encryptSecret({ key: context.secretsKey, plaintext: change.apiKey, location: locationOf(name) })
            : change.clearKey
              ? null
              : (stored?.apiKey ?? null);
        const baseUrl = change.baseUrl === undefined ? (stored?.baseUrl ?? null) : change.baseUrl;
        if (apiKey === null && baseUrl === null) await context.modelProviderSettings.delete(name);
        else
          await context.modelProviderSettings.put({
            id: name,
            apiKey,
            baseUrl,
            updatedBy: actor,
            updatedAt: context.now(),
          });
        await recordAudit(context, {
          actor,
          action: 'model_provider.save',
          entityId: name,
          details: {
            key: change.apiKey !== undefined ? 'saved' : change.clearKey ? 'cleared' : 'unchanged',
            baseUrl,
          },
        });
      }
    });
    return list();
  }

  return { list, save, current: () => snapshot, refresh };
}
