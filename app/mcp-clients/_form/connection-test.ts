import type { OperationOutput } from '@/lib/client';

/**
 * The answer of a connection test: `POST /api/mcp-clients/:id/test` (a saved version, numbered) or
 * `POST /api/mcp-clients/test` (the form's servers before they are saved): per server, its tools and
 * latency, or its error and, for a stdio server that failed, the tail of its stderr.
 */
export type ConnectionTest = OperationOutput<'testMcpClientDraft'> & { versionNumber?: number };

export type ServerTestResult = ConnectionTest['servers'][string];
