/**
 * Integrations: providers of tools that agents select in `integrationTools` (docs/integrations.md).
 * Providers come from code (`createStudio({ integrations })`) or from stored configs
 * (`PUT /api/integrations/:id`); the built-in kind is OpenAPI, one tool per operation.
 */
export type {
  IntegrationProvider,
  IntegrationSource,
  IntegrationToolConfigs,
  IntegrationToolDescription,
  ListIntegrationToolsOptions,
  ResolveIntegrationToolsOptions,
} from './types';

export {
  createOpenApiIntegration,
  defaultOpenApiTimeoutMs,
  OpenApiDocumentError,
  type OpenApiIntegration,
  type OpenApiIntegrationOptions,
} from './openapi/create-openapi-integration';
export type { OpenApiCredentials } from './openapi/credentials';
export type { FetchFunction } from './openapi/perform-request';
export { bodyCharacterLimit, type OpenApiCallOutput } from './openapi/read-response';
export { loadOpenApiDocument, type LoadDocumentResult, type OpenApiDocument } from './openapi/load-document';
export { serverUrlCredentialIssues } from './openapi/server-url-credentials';
export {
  describeOperations,
  type BodyBinding,
  type OperationDescription,
  type ParameterBinding,
  type SkippedOperation,
} from './openapi/describe-operations';

export {
  createIntegrationService,
  type IntegrationDetails,
  type IntegrationService,
  type IntegrationSummary,
  type StoredIntegrationDetails,
} from './integration-service';
export { upgradeIntegrationCredentials } from './upgrade-credentials';
export { createIntegrationRegistry, type IntegrationEntry, type IntegrationRegistry } from './integration-registry';
export {
  credentialSecretPath,
  credentialsToStore,
  decryptCredentials,
  integrationConfigInputSchema,
  integrationIdPattern,
  mapCredentialSecret,
  openApiCredentialsSchema,
  type IntegrationConfigInput,
  type StoredIntegrationConfig,
} from './stored-config';
