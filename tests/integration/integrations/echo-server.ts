/**
 * A small HTTP server on 127.0.0.1 for the OpenAPI integration tests. Every request is recorded
 * and answered with what the server saw, except a few special paths (errors, slow, text, big).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function queryOf(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? values[0]! : values;
  }
  return query;
}

export async function startEchoServer() {
  const seen: SeenRequest[] = [];
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const record: SeenRequest = {
      method: request.method ?? '',
      path: url.pathname,
      query: queryOf(url),
      headers: request.headers,
      body: await readBody(request),
    };
    seen.push(record);
    if (url.pathname === '/slow') return; // never answers: the client's timeout or abort ends it
    if (url.pathname.startsWith('/missing')) {
      response.writeHead(404, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ error: 'no such thing' }));
    }
    if (url.pathname === '/text') {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return response.end('plain words');
    }
    if (url.pathname === '/big') {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ data: 'x'.repeat(150_000) }));
    }
    response.writeHead(url.pathname === '/users' && request.method === 'POST' ? 201 : 200, {
      'content-type': 'application/json',
    });
    response.end(JSON.stringify(record));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port nothing listens on: bound once, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The document the tests register: users, a 404, a slow and a text endpoint. */
export function usersDocument(serverUrl?: string) {
  return {
    openapi: '3.0.3',
    info: { title: 'Users API', version: '1.0.0', description: 'Test users' },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    paths: {
      '/users/{userId}': {
        get: {
          operationId: 'getUser',
          summary: 'Get one user',
          parameters: [
            { name: 'userId', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'verbose', in: 'query', schema: { type: 'boolean' } },
            { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
            { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
          ],
          responses: { 200: { description: 'ok' } },
        },
      },
      '/users': {
        post: {
          operationId: 'createUser',
          summary: 'Create a user',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/NewUser' } } },
          },
          responses: { 201: { description: 'created' } },
        },
      },
      '/missing/{id}': {
        get: {
          operationId: 'getMissing',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          responses: { 404: { description: 'never found' } },
        },
      },
      '/slow': { get: { operationId: 'slow', responses: { 200: { description: 'eventually' } } } },
      '/text': { get: { operationId: 'text', responses: { 200: { description: 'text' } } } },
      '/big': { get: { operationId: 'big', responses: { 200: { description: 'a lot' } } } },
    },
    components: {
      schemas: {
        NewUser: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', minLength: 1 }, age: { type: 'integer', minimum: 0 } },
        },
      },
    },
  };
}
