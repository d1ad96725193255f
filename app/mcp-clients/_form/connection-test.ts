/** The answer of `POST /api/mcp-clients/:id/test`: per server, its tools and latency, or its error. */
export interface ServerTestResult {
  ok: boolean;
  tools: Array<{ name: string; description: string }>;
  latencyMs: number;
  error?: string;
}

export interface ConnectionTest {
  versionNumber: number;
  servers: Record<string, ServerTestResult>;
}
