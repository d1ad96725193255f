/**
 * A test studio (tests/support/studio.ts: SQLite, or PostgreSQL in the `integration-postgres`
 * project) served over real HTTP on a loopback port, for tests that check what a client on the
 * network sees: status lines, headers, cookies.
 */
import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { StudioOptions } from '@/lib';
import { createTestStudio } from './studio';

export async function createServedStudio(options: StudioOptions = {}) {
  const context = await createTestStudio(options);
  const server: Server = createServer(getRequestListener(context.studio.api.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    ...context,
    url,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await context.cleanup();
    },
  };
}

export type ServedStudio = Awaited<ReturnType<typeof createServedStudio>>;
