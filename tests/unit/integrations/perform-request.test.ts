import { describe, expect, it } from 'vitest';
import type { OperationDescription } from '@/lib/integrations/openapi/describe-operations';
import { performRequest } from '@/lib/integrations/openapi/perform-request';

const operation: OperationDescription = {
  slug: 'getFile',
  method: 'get',
  pathTemplate: '/files/{name}/meta',
  description: 'A file',
  inputSchema: { type: 'object' },
  parameters: [{ key: 'name', name: 'name', in: 'path' }],
  annotations: {},
};

function call(name: unknown) {
  const requested: string[] = [];
  const fetch = async (input: string | URL) => {
    requested.push(String(input));
    return new Response('{}', { headers: { 'content-type': 'application/json' } });
  };
  return {
    requested,
    result: performRequest({
      operation,
      input: { name },
      baseUrl: 'https://api.example.com/v1',
      credentials: { type: 'bearer', token: 'echoed-token-1234' },
      allowedOrigins: new Set(['https://api.example.com']),
      fetch,
      timeoutMs: 1_000,
      abortSignal: new AbortController().signal,
    }),
  };
}

describe('OpenAPI path parameters', () => {
  it.each(['..', '.'])('refuse %j, which would climb out of the operation path', async (name) => {
    const { requested, result } = call(name);
    await expect(result).rejects.toThrow(/may not be "\." or "\.\."/);
    expect(requested).toEqual([]);
  });

  it.each([
    ['../../admin', 'https://api.example.com/v1/files/..%2F..%2Fadmin/meta'],
    ['a b', 'https://api.example.com/v1/files/a%20b/meta'],
    ['...', 'https://api.example.com/v1/files/.../meta'],
    // A literal percent sign is encoded itself, so this is a file named "%2e%2e", not a parent.
    ['%2e%2e', 'https://api.example.com/v1/files/%252e%252e/meta'],
    ['report.txt', 'https://api.example.com/v1/files/report.txt/meta'],
  ])('encode %j inside its segment', async (name, url) => {
    const { requested, result } = call(name);
    await result;
    expect(requested).toEqual([url]);
  });
});

describe('OpenAPI call destinations', () => {
  it('refuse a URL outside the origins the integration was saved with, before anything is sent', async () => {
    const requested: string[] = [];
    const fetch = async (input: string | URL) => {
      requested.push(String(input));
      return new Response('{}', { headers: { 'content-type': 'application/json' } });
    };
    // A path that glues onto the host: the URL's origin is no longer the base URL's.
    const result = performRequest({
      operation: { ...operation, pathTemplate: '.attacker.example/collect', parameters: [] },
      input: {},
      baseUrl: 'https://api.example.com',
      credentials: { type: 'bearer', token: 'echoed-token-1234' },
      allowedOrigins: new Set(['https://api.example.com']),
      fetch,
      timeoutMs: 1_000,
      abortSignal: new AbortController().signal,
    });
    await expect(result).rejects.toThrow(
      /would call https:\/\/api\.example\.com\.attacker\.example, which is not one of the origins/,
    );
    expect(requested).toEqual([]);
  });

  it('need no origin set for a call without credentials (nothing secret can follow it)', async () => {
    const requested: string[] = [];
    const fetch = async (input: string | URL) => {
      requested.push(String(input));
      return new Response('{}', { headers: { 'content-type': 'application/json' } });
    };
    await performRequest({
      operation: { ...operation, parameters: [], pathTemplate: '/files' },
      input: {},
      baseUrl: 'https://api.example.com',
      allowedOrigins: undefined,
      fetch,
      timeoutMs: 1_000,
      abortSignal: new AbortController().signal,
    });
    expect(requested).toEqual(['https://api.example.com/files']);
  });

  it('refuse a call with credentials when no origin set could be computed', async () => {
    const result = performRequest({
      operation: { ...operation, parameters: [], pathTemplate: '/files' },
      input: {},
      baseUrl: 'https://api.example.com',
      credentials: { type: 'bearer', token: 'echoed-token-1234' },
      allowedOrigins: undefined,
      fetch: async () => new Response('{}'),
      timeoutMs: 1_000,
      abortSignal: new AbortController().signal,
    });
    await expect(result).rejects.toThrow(/not one of the origins/);
  });
});
