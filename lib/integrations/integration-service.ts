/**
 * The integrations service behind `/api/integrations`: catalogues of every provider, and saving
 * and deleting stored configs (validated, credentials encrypted, audited in the same transaction).
 * It also carries the registry's `get` and `list`, which the resolver uses. Like every service,
 * expected failures reject with a `StudioError` (docs/architecture.md, "Errors").
 */
import type { Storage } from '../../db/storage';
import { definedFields } from '../defined-fields';
import { errorMessage, invalidInput, StudioError } from '../errors';
import { pageOfSorted, type Page, type PageRequest } from '../pagination';
import type { SecretsKey } from '../secrets';
import { freezeRequestContext } from '../tools';
import type { OpenApiIntegration } from './openapi/create-openapi-integration';
import type { OpenApiCredentials } from './openapi/credentials';
import type { SkippedOperation } from './openapi/describe-operations';
import { loadOpenApiDocument } from './openapi/load-document';
import type { FetchFunction } from './openapi/perform-request';
import { createIntegrationRegistry, parseStoredConfig, type IntegrationRegistry } from './integration-registry';
import { integrationOrigins, sameOrigins } from './openapi/server-origins';
import { serverUrlCredentialIssues } from './openapi/server-url-credentials';
import { credentialsReadable, credentialsToStore, maskCredentials, type IntegrationConfigInput } from './stored-config';
import type { IntegrationProvider, IntegrationSource, IntegrationToolDescription } from './types';

export interface IntegrationSummary {
  id: string;
  name: string;
  description?: string;
  source: IntegrationSource;
  tools: IntegrationToolDescription[];
  /** Why the catalogue could not be listed (the provider then contributes no tools). */
  error?: string;
}

export interface StoredIntegrationDetails extends IntegrationSummary {
  type: 'openapi';
  baseUrl?: string;
  /** Secrets masked: `••••` + the last 4 characters. */
  credentials?: OpenApiCredentials;
  document: Record<string, unknown>;
  /** Operations that could not become tools, and why. */
  skippedOperations: SkippedOperation[];
  createdAt: string;
  updatedAt: string;
}

export type IntegrationDetails = IntegrationSummary | StoredIntegrationDetails;

export interface IntegrationService extends Pick<IntegrationRegistry, 'get' | 'list' | 'sourceOf'> {
  /** One page of integrations with their catalogues, sorted by id. */
  describeAll(request?: PageRequest): Promise<Page<IntegrationSummary>>;
  /** Rejects with `not_found` for an unknown id. */
  describe(id: string): Promise<IntegrationDetails>;
  /** Rejects with `invalid_input` (every problem with its path) or `conflict` (defined in code). */
  save(request: {
    id: string;
    input: IntegrationConfigInput;
    actor: string;
  }): Promise<{ integration: IntegrationDetails; created: boolean }>;
  /** Throws `not_found`, or `conflict` for an integration defined in code. */
  remove(request: { id: string; actor: string }): Promise<{ id: string }>;
  /**
   * The stored integrations, among the first `limit` by id, whose credentials this secrets key
   * cannot read (they were saved with another key).
   */
  unreadableCredentials(limit: number): Promise<string[]>;
}

const emptyContext = freezeRequestContext({});
const notFound = (id: string) => new StudioError('not_found', `No integration with the id "${id}" exists.`, { id });
const definedInCode = (id: string) =>
  new StudioError(
    'conflict',
    `The integration "${id}" is defined in code (createStudio({ integrations })) and cannot be changed through the API.`,
    { id },
  );

async function summarize(provider: IntegrationProvider, source: IntegrationSource): Promise<IntegrationSummary> {
  const summary = definedFields({
    id: provider.id,
    name: provider.name,
    description: provider.description || undefined,
    source,
  });
  try {
    return { ...summary, tools: await provider.listTools({ requestContext: emptyContext }) };
  } catch (error) {
    return { ...summary, tools: [], error: errorMessage(error) };
  }
}

/** Stored providers are OpenAPI integrations, which also say which operations they left out. */
async function skippedOperationsOf(provider: IntegrationProvider): Promise<SkippedOperation[]> {
  const { skippedOperations } = provider as Partial<OpenApiIntegration>;
  return typeof skippedOperations === 'function' ? skippedOperations().catch(() => []) : [];
}

/**
 * Whether a new config can call exactly the origins the stored one could. A config whose origins
 * cannot be computed (too many server variable values) counts as changed; with credentials it is
 * refused anyway (`originIssues`).
 */
function sameDestination(stored: IntegrationConfigInput, given: IntegrationConfigInput): boolean {
  const before = integrationOrigins(stored);
  const after = integrationOrigins(given);
  return before.ok && after.ok && sameOrigins(before.value, after.value);
}

/** A config with credentials must have an origin set the calls can be held to. */
function originIssues(input: IntegrationConfigInput) {
  if (!input.credentials) return [];
  const origins = integrationOrigins(input);
  return origins.ok ? [] : origins.issues;
}

/** The stored integrations, among the first `limit` by id, whose credentials `secretsKey` cannot read. */
async function unreadableCredentialIds({
  queries,
  secretsKey,
  limit,
}: {
  queries: Storage['queries']['integrationConfigs'];
  secretsKey: SecretsKey;
  limit: number;
}): Promise<string[]> {
  const unreadable: string[] = [];
  for (const { id } of (await queries.stamps()).slice(0, limit)) {
    const row = await queries.get(id);
    const credentials = row && parseStoredConfig(row).credentials;
    if (credentials && !credentialsReadable({ credentials, key: secretsKey, integrationId: id })) unreadable.push(id);
  }
  return unreadable;
}

/** An ISO time after `previous`, so `updatedAt` changes on every write even within one millisecond. */
function nextStamp(now: Date, previous: string | undefined): string {
  const floor = previous === undefined ? 0 : Date.parse(previous) + 1;
  return new Date(Math.max(now.getTime(), floor)).toISOString();
}

export function createIntegrationService({
  providers,
  storage,
  secretsKey,
  fetch,
  now = () => new Date(),
}: {
  providers?: Record<string, IntegrationProvider>;
  storage: Storage;
  secretsKey: SecretsKey;
  /** How stored integrations reach their APIs: the outbound guard's `configured.fetch`. */
  fetch: FetchFunction;
  now?: () => Date;
}): IntegrationService {
  const registry = createIntegrationRegistry({ providers, storage, secretsKey, fetch });
  const queries = storage.queries.integrationConfigs;
  const audit = storage.queries.audit;

  const describe = async (id: string): Promise<IntegrationDetails> => {
    const source = await registry.sourceOf(id);
    const provider = source && (await registry.get(id));
    if (!source || !provider) throw notFound(id);
    const summary = await summarize(provider, source);
    const row = source === 'stored' ? await queries.get(id) : undefined;
    if (!row) return summary;
    const config = parseStoredConfig(row);
    const skippedOperations = await skippedOperationsOf(provider);
    return definedFields({
      ...summary,
      type: config.type,
      baseUrl: config.baseUrl || undefined,
      credentials: config.credentials
        ? maskCredentials({ credentials: config.credentials, key: secretsKey, integrationId: id })
        : undefined,
      document: config.document,
      skippedOperations,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    });
  };

  return {
    get: registry.get,
    list: registry.list,
    sourceOf: registry.sourceOf,
    describe,

    async describeAll(request = {}) {
      const page = pageOfSorted({
        items: await registry.list(),
        keyOf: (entry) => entry.provider.id,
        request,
        cursorPath: 'query.cursor',
      });
      const items = await Promise.all(page.items.map((entry) => summarize(entry.provider, entry.source)));
      return { items, nextCursor: page.nextCursor };
    },

    async save({ id, input, actor }) {
      if ((await registry.sourceOf(id)) === 'code') throw definedInCode(id);
      const loaded = await loadOpenApiDocument({ document: input.document, prefix: ['document'] });
      if (!loaded.ok)
        throw invalidInput(
          loaded.issues,
          `The OpenAPI document is invalid (${loaded.issues.length} problem${loaded.issues.length === 1 ? '' : 's'}, see details.issues).`,
        );
      const credentialsInUrls = serverUrlCredentialIssues({ document: input.document });
      if (credentialsInUrls.length > 0) throw invalidInput(credentialsInUrls);
      const unbounded = originIssues(input);
      if (unbounded.length > 0) throw invalidInput(unbounded);
      const existing = await queries.get(id);
      const storedConfig = existing ? parseStoredConfig(existing) : undefined;
      const credentials = credentialsToStore({
        given: input.credentials,
        stored: storedConfig?.credentials,
        key: secretsKey,
        integrationId: id,
        sameDestination: storedConfig !== undefined && sameDestination(storedConfig, input),
      });
      if (!credentials.ok) throw invalidInput(credentials.issues);
      const config = JSON.stringify({ ...input, credentials: credentials.value });
      const created = await storage.transaction(async () => {
        const current = await queries.get(id);
        const updatedAt = nextStamp(now(), current?.updatedAt);
        if (current) await queries.update({ id, integration: input.type, config, updatedAt });
        else await queries.insert({ id, integration: input.type, config, createdAt: updatedAt, updatedAt });
        const details = { type: input.type, created: !current };
        await audit.insert({
          at: updatedAt,
          actor,
          action: 'integration.save',
          entity: 'integration',
          entityId: id,
          details: JSON.stringify(details),
        });
        return !current;
      });
      registry.evict(id);
      return { integration: await describe(id), created };
    },

    async remove({ id, actor }) {
      if ((await registry.sourceOf(id)) === 'code') throw definedInCode(id);
      const removed = await storage.transaction(async () => {
        if (!(await queries.delete(id))) return false;
        await audit.insert({
          at: now().toISOString(),
          actor,
          action: 'integration.delete',
          entity: 'integration',
          entityId: id,
          details: '{}',
        });
        return true;
      });
      registry.evict(id);
      if (!removed) throw notFound(id);
      return { id };
    },

    unreadableCredentials: (limit) => unreadableCredentialIds({ queries, secretsKey, limit }),
  };
}
