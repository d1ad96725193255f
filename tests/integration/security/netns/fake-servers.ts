/**
 * Pieces of the scenarios that run inside a private network namespace: addresses added to the
 * namespace's loopback, and fake servers that count every connection and request they get, so a
 * test can prove that a refusal happened before anything connected.
 */
import { execFileSync } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';

/** Brings the loopback up and gives it `addresses` (`169.254.169.254`, `fd00::1`, ...). */
export function addLoopbackAddresses(addresses: string[]) {
  execFileSync('ip', ['link', 'set', 'lo', 'up']);
  for (const address of addresses) {
    const v6 = address.includes(':');
    execFileSync('ip', [...(v6 ? ['-6'] : []), 'addr', 'add', `${address}/${v6 ? 128 : 32}`, 'dev', 'lo']);
  }
}

export interface FakeServer {
  url: string;
  connections: number;
  requests: Array<{ method: string; path: string; headers: IncomingHttpHeaders }>;
  server: Server;
}

/** A server on `host:port` (0: any free port) answering with `answer`; it counts what it gets. */
export async function fakeServer(
  host: string,
  port: number,
  answer: (path: string, response: ServerResponse) => void,
): Promise<FakeServer> {
  const shownHost = host.includes(':') ? `[${host}]` : host;
  const fake: FakeServer = { url: `http://${shownHost}:${port}`, connections: 0, requests: [], server: createServer() };
  fake.server.on('connection', () => (fake.connections += 1));
  fake.server.on('request', (request, response) => {
    fake.requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers });
    request.resume();
    answer(request.url ?? '/', response);
  });
  await new Promise<void>((resolve) => fake.server.listen(port, host, resolve));
  const address = fake.server.address();
  if (port === 0 && typeof address === 'object' && address) fake.url = `http://${shownHost}:${address.port}`;
  return fake;
}

export const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};
