/**
 * The typed client of the Agent Studio HTTP API, for scripts and applications (docs/client.md).
 * Its types come from the same zod schemas as the API's routes.
 */
export { createStudioClient, operationPath, type StudioClient, type StudioClientOptions } from './create-client';
export { isStudioApiError, StudioApiError, StudioUnreachableError } from './errors';
export type {
  ClientOperationId,
  OperationInput,
  OperationOutput,
  OperationParams,
  RequestOptions,
  RunEvents,
  StudioOperations,
} from './operation-types';
export { operationTable } from './operation-table';
export { collectPages, paginate } from './paginate';
