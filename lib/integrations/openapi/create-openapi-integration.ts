/**
 * `createOpenApiIntegration(options)`: an integration provider whose tools are the operations of
 * an OpenAPI 3.0 / 3.1 document. The document is validated, dereferenced and turned into tools
 * once, on first use, so creating a studio never waits for it; an invalid document makes
 * `listTools` and `resolveTools` reject with every problem listed (the resolver then skips the
 * provider with a warning).
 */
import { definedFields } from '../../defined-fields';
import { errorMessage, type Issue } from '../../errors';
import { createTool, type Tool } from '../../tools';
import type { IntegrationProvider, IntegrationToolDescription } from '../types';
import { redactErrorMessage, redactSecrets } from '../../secrets';
import { credentialValues, type OpenApiCredentials } from './credentials';
import { describeOperations, type OperationDescription, type SkippedOperation } from './describe-operations';
import { loadOpenApiDocument } from './load-document';
import { performRequest, type FetchFunction } from './perform-request';
import { integrationOrigins } from './server-origins';
import type { OpenApiCallOutput } from './read-response';
import { isRecord } from '../../is-record';

export interface OpenApiIntegrationOptions {
  /** The provider id agents reference in `integrationTools`. */
  id: string;
  /** Default: the document's `info.title`, else the id. */
  name?: string;
  /** Default: the document's `info.description`. */
  description?: string;
  /** An OpenAPI 3.0 or 3.1 document as a JSON object (external `$ref`s are not followed). */
  document: Record<string, unknown>;
  /** Wins over the document's `servers`; needed when those are relative or absent. */
  baseUrl?: string;
  credentials?: OpenApiCredentials;
  /** Default: the global `fetch`. */
  fetch?: FetchFunction;
  /** Per call (default 30 s); the call's abort signal also stops it. */
  timeoutMs?: number;
}

export const defaultOpenApiTimeoutMs = 30_000;

const maxDescribedTools = 1_000;

/** The document cannot be used; `issues` lists every problem with its path. */
export class OpenApiDocumentError extends Error {
  constructor(
    readonly integrationId: string,
    readonly issues: Issue[],
  ) {
    super(
      `The OpenAPI document of integration "${integrationId}" is invalid:\n` +
        issues.map((issue) => `- ${issue.path}: ${issue.message}`).join('\n'),
    );
    this.name = 'OpenApiDocumentError';
  }
}

interface Catalogue {
  tools: Map<string, Tool<Record<string, unknown>, OpenApiCallOutput>>;
  descriptions: IntegrationToolDescription[];
  /** Operations that could not become tools, with the reason (shown by the API). */
  skipped: SkippedOperation[];
}

function operationTool({
  operation,
  options,
  allowedOrigins,
}: {
  operation: OperationDescription;
  options: OpenApiIntegrationOptions;
  allowedOrigins: ReadonlySet<string> | undefined;
}): Tool<Record<string, unknown>, OpenApiCallOutput> {
  const fetchFunction = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? defaultOpenApiTimeoutMs;
  const secrets = credentialValues(options.credentials);
  return createTool({
    id: operation.slug,
    description: operation.description,
    inputSchema: operation.inputSchema,
    mcp: { annotations: operation.annotations },
    // The one place a result leaves the integration: a server that echoes the credential it was
    // sent (an error page quoting the request) has it taken out before anything else sees it.
    execute: (input, context) =>
      performRequest({
        operation,
        input: input as Record<string, unknown>,
        baseUrl: options.baseUrl,
        credentials: options.credentials,
        allowedOrigins,
        fetch: fetchFunction,
        timeoutMs,
        abortSignal: context.abortSignal,
      }).then(
        (output) => redactSecrets(output, secrets),
        (error: unknown) => Promise.reject(redactErrorMessage(error, secrets)),
      ),
  }) as Tool<Record<string, unknown>, OpenApiCallOutput>;
}

async function buildCatalogue(options: OpenApiIntegrationOptions): Promise<Catalogue> {
  const loaded = await loadOpenApiDocument({ document: options.document });
  if (!loaded.ok) throw new OpenApiDocumentError(options.id, loaded.issues);
  // With credentials the origins must be known (a save refuses a config whose set cannot be computed).
  const origins = integrationOrigins(options);
  if (!origins.ok && options.credentials) throw new OpenApiDocumentError(options.id, origins.issues);
  const allowedOrigins = origins.ok ? new Set(origins.value) : undefined;
  const { operations, skipped } = describeOperations(loaded.value);
  const tools = new Map<string, Tool<Record<string, unknown>, OpenApiCallOutput>>();
  const descriptions: IntegrationToolDescription[] = [];
  for (const operation of operations) {
    try {
      tools.set(operation.slug, operationTool({ operation, options, allowedOrigins }));
      descriptions.push({
        slug: operation.slug,
        description: operation.description,
        inputSchema: operation.inputSchema,
      });
    } catch (error) {
      // One operation with a schema the validator cannot compile must not hide the others.
      const reason = errorMessage(error);
      skipped.push({ method: operation.method, pathTemplate: operation.pathTemplate, reason });
    }
  }
  return { tools, descriptions, skipped };
}

export interface OpenApiIntegration extends IntegrationProvider {
  /** Operations left out of the catalogue and why (e.g. a required multipart body). */
  skippedOperations(): Promise<SkippedOperation[]>;
}

export function createOpenApiIntegration(options: OpenApiIntegrationOptions): OpenApiIntegration {
  const info = isRecord(options.document.info) ? options.document.info : {};
  const title = typeof info.title === 'string' && info.title.trim() ? info.title.trim() : undefined;
  const summary = typeof info.description === 'string' && info.description.trim() ? info.description.trim() : undefined;
  let catalogue: Promise<Catalogue> | undefined;
  const load = () => (catalogue ??= buildCatalogue(options));
  // The same (slug, description) answers the same object, so resolutions built on these tools
  // can be reused by identity; bounded, because descriptions come from stored agent versions.
  const described = new Map<string, Tool>();
  const withDescription = (tool: Tool, description: string): Tool => {
    const key = `${tool.id}\u0000${description}`;
    let copy = described.get(key);
    if (!copy) {
      copy = { ...tool, description };
      if (described.size >= maxDescribedTools) described.delete(described.keys().next().value!);
      described.set(key, copy);
    }
    return copy;
  };

  return definedFields({
    id: options.id,
    name: options.name ?? title ?? options.id,
    description: (options.description ?? summary) || undefined,
    async listTools() {
      return (await load()).descriptions;
    },
    async resolveTools(slugs, configs) {
      const { tools } = await load();
      const resolved: Record<string, Tool> = {};
      for (const slug of slugs) {
        const tool = tools.get(slug);
        if (!tool) continue;
        const description = configs[slug]?.description?.trim();
        // A copy with the agent's description: the catalogue's tool is shared and never changed.
        resolved[slug] = description ? withDescription(tool, description) : tool;
      }
      return resolved;
    },
    async skippedOperations() {
      return (await load()).skipped;
    },
  });
}
