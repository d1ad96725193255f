/**
 * Every integration provider by id, for the resolver and the API: the ones given in code and the
 * ones built from stored configs. A stored provider is built on first use and cached with the
 * config's `updatedAt`, so an edit (from this process or another one sharing the database) takes
 * effect on the next lookup, and an unchanged config is never re-validated.
 */
import type { IntegrationConfigRow } from '../../db/queries';
import type { Storage } from '../../db/storage';
import type { SecretsKey } from '../secrets';
import { createOpenApiIntegration } from './openapi/create-openapi-integration';
import type { FetchFunction } from './openapi/perform-request';
import { decryptCredentials, type StoredIntegrationConfig } from './stored-config';
import type { IntegrationProvider, IntegrationSource } from './types';

export interface IntegrationEntry {
  source: IntegrationSource;
  provider: IntegrationProvider;
}

export interface IntegrationRegistry {
  /** The provider with this id (code first), or undefined. */
  get(id: string): Promise<IntegrationProvider | undefined>;
  /** Every provider, code ones and stored ones, sorted by id. */
  list(): Promise<IntegrationEntry[]>;
  /** Which kind an id is, without building anything. */
  sourceOf(id: string): Promise<IntegrationSource | undefined>;
  /** Forgets a cached stored provider (called after a save or delete in this process). */
  evict(id: string): void;
}

export function parseStoredConfig(row: IntegrationConfigRow): StoredIntegrationConfig {
  return JSON.parse(row.config) as StoredIntegrationConfig;
}

/** A stored provider that cannot be built answers its problem on every call, like any failing provider. */
function failingProvider({ id, name, error }: { id: string; name: string; error: unknown }): IntegrationProvider {
  const failure = () => Promise.reject(error instanceof Error ? error : new Error(String(error)));
  return { id, name, listTools: failure, resolveTools: failure };
}

function providerFromRow({
  row,
  secretsKey,
  fetch,
}: {
  row: IntegrationConfigRow;
  secretsKey: SecretsKey;
  fetch: FetchFunction;
}) {
  const config = parseStoredConfig(row);
  const name = config.name ?? row.id;
  try {
    const credentials = config.credentials
      ? decryptCredentials({ credentials: config.credentials, key: secretsKey, integrationId: row.id })
      : undefined;
    return createOpenApiIntegration({
      id: row.id,
      name: config.name,
      document: config.document,
      baseUrl: config.baseUrl,
      credentials,
      fetch,
    });
  } catch (error) {
    return failingProvider({ id: row.id, name, error });
  }
}

export function createIntegrationRegistry({
  providers = {},
  storage,
  secretsKey,
  fetch,
}: {
  /** Code-defined providers, keyed by `provider.id`. */
  providers?: Record<string, IntegrationProvider>;
  storage: Storage;
  secretsKey: SecretsKey;
  /**
   * The fetch stored OpenAPI integrations call: the outbound guard's, always (people configure
   * their URLs). Code-defined providers are trusted code and bring their own.
   */
  fetch: FetchFunction;
}): IntegrationRegistry {
  for (const [key, provider] of Object.entries(providers)) {
    if (provider.id !== key) {
      throw new Error(
        `Integration provider registered under "${key}" has the id "${provider.id}": the key must be the provider's id.`,
      );
    }
  }
  const queries = storage.queries.integrationConfigs;
  const cache = new Map<string, { updatedAt: string; provider: IntegrationProvider }>();

  const stored = async (
    stamp: { id: string; updatedAt: string } | undefined,
    id: string,
  ): Promise<IntegrationProvider | undefined> => {
    if (!stamp) {
      cache.delete(id);
      return undefined;
    }
    const cached = cache.get(id);
    if (cached && cached.updatedAt === stamp.updatedAt) return cached.provider;
    const row = await queries.get(id);
    if (!row) return undefined;
    const provider = providerFromRow({ row, secretsKey, fetch });
    cache.set(id, { updatedAt: row.updatedAt, provider });
    return provider;
  };

  return {
    async get(id) {
      if (Object.hasOwn(providers, id)) return providers[id];
      return stored(await queries.stamp(id), id);
    },
    async list() {
      const entries: IntegrationEntry[] = Object.values(providers).map((provider) => ({ source: 'code', provider }));
      for (const stamp of await queries.stamps()) {
        if (Object.hasOwn(providers, stamp.id)) continue;
        const provider = await stored(stamp, stamp.id);
        if (provider) entries.push({ source: 'stored', provider });
      }
      return entries.sort((left, right) =>
        left.provider.id < right.provider.id ? -1 : left.provider.id > right.provider.id ? 1 : 0,
      );
    },
    async sourceOf(id) {
      if (Object.hasOwn(providers, id)) return 'code';
      return (await queries.stamp(id)) ? 'stored' : undefined;
    },
    evict(id) {
      cache.delete(id);
    },
  };
}
