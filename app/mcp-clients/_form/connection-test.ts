import type { OperationOutput } from '@/lib/client';

/** The answer of `POST /api/mcp-clients/:id/test`: per server, its tools and latency, or its error. */
export type ConnectionTest = OperationOutput<'testMcpClient'>;

export type ServerTestResult = ConnectionTest['servers'][string];
