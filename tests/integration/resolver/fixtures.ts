/** Shared pieces of the resolver integration tests: real tools, a studio on a temp SQLite file, JSON helpers. */
import { createTool } from '@/lib/tools';
import { call, createAndPublish, createTestStudio, jsonRequest, type ResponseBody } from '../../support/studio';

export { call, createAndPublish, createTestStudio, jsonRequest, type ResponseBody };

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
