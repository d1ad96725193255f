/**
 * The integration provider interface (docs/integrations.md). A provider offers a
 * catalogue of tools and turns the slugs an agent selected into runnable tools. Providers are given
 * in code through `createStudio({ integrations })` or built at runtime from stored configs.
 */
import type { JsonSchema, RequestContext, Tool } from '../tools';

/** One catalogue entry, as the editor and `GET /api/integrations` show it. */
export interface IntegrationToolDescription {
  /** Unique within the provider; the name the model sees. Matches `[a-zA-Z0-9_-]{1,64}`. */
  slug: string;
  description: string;
  /** A JSON Schema object (draft 2020-12). */
  inputSchema: JsonSchema;
}

/** An agent's per-tool settings for one provider (`integrationTools.<id>.tools`). */
export type IntegrationToolConfigs = Record<string, { description?: string }>;

export interface ListIntegrationToolsOptions {
  requestContext: RequestContext;
}

export interface ResolveIntegrationToolsOptions {
  requestContext: RequestContext;
  /** `requestContext.userId` when it is a string. */
  userId?: string;
}

export interface IntegrationProvider {
  readonly id: string;
  readonly name: string;
  readonly description?: string;
  /** The whole catalogue. A rejection means "this provider failed" (the resolver warns and goes on). */
  listTools(options: ListIntegrationToolsOptions): Promise<IntegrationToolDescription[]>;
  /**
   * Exactly the given slugs as tools, keyed by slug; a slug the provider does not offer is left out.
   * A non-empty `configs[slug].description` replaces the provider's description for that tool.
   */
  resolveTools(
    slugs: ReadonlyArray<string>,
    configs: IntegrationToolConfigs,
    options: ResolveIntegrationToolsOptions,
  ): Promise<Record<string, Tool>>;
}

/** Where a provider comes from: `code` (createStudio) or `stored` (PUT /api/integrations/:id). */
export type IntegrationSource = 'code' | 'stored';
