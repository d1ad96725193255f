/** A small HTML page served on 127.0.0.1 that counts the connections made to it. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startCountingServer() {
  const seen = { connections: 0 };
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<h1>Local page</h1><p>Served from this machine.</p>');
  });
  server.on('connection', () => (seen.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/page`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type CountingServer = Awaited<ReturnType<typeof startCountingServer>>;
