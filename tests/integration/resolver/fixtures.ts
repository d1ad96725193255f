/** Shared pieces of the resolver integration tests: real tools, a studio on a temp SQLite file, JSON helpers. */
import { createTool } from '@/lib/tools';
import { jsonRequest, createTestStudio } from '../../support/studio';

export { createTestStudio, jsonRequest };

export const weather = createTool({
  id: 'weather',
  description: 'Current weather for a city',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  execute: async ({ city }: { city: string }) => ({ city, temperature: 21 }),
});

export const search = createTool({
  id: 'search',
  description: 'Search the knowledge base',
  inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
  outputSchema: { type: 'object', properties: { hits: { type: 'array' } } },
  execute: async () => ({ hits: [] }),
});

export const proOnly = { operator: 'AND', conditions: [{ field: 'tier', operator: 'equals', value: 'pro' }] };

type Studio = ReturnType<typeof createTestStudio>['studio'];

// Response bodies are checked with matchers; typing each one would only restate the assertions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ResponseBody = Record<string, any>;

export async function call(studio: Studio, method: string, path: string, body?: unknown) {
  const response = await studio.api.request(path, jsonRequest(method, body));
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as ResponseBody };
}

export async function createAndPublish(studio: Studio, body: Record<string, unknown>) {
  const created = await call(studio, 'POST', '/api/agents', body);
  if (created.status !== 201) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
  const published = await call(studio, 'POST', `/api/agents/${String(body.id)}/versions/1/publish`, {});
  if (published.status !== 200) throw new Error(`publish failed: ${JSON.stringify(published.body)}`);
  return created.body;
}
