import { describe, expect, it } from 'vitest';
import { integrationOrigins, maxServerCombinations } from '@/lib/integrations/openapi/server-origins';

const document = (extra: Record<string, unknown> = {}) => ({
  openapi: '3.0.3',
  info: { title: 'T', version: '1' },
  paths: {},
  ...extra,
});

describe('integrationOrigins', () => {
  it.each([
    ['the baseUrl alone', { baseUrl: 'https://api.example.com/v1', document: document() }, ['https://api.example.com']],
    [
      'document, path and operation servers',
      {
        document: document({
          servers: [{ url: 'https://a.example.com' }, { url: '/relative' }],
          paths: {
            '/x': {
              servers: [{ url: 'https://b.example.com:8443/x' }],
              get: { servers: [{ url: 'http://c.example.com' }], responses: {} },
            },
          },
        }),
      },
      ['http://c.example.com', 'https://a.example.com', 'https://b.example.com:8443'],
    ],
    [
      'variables by their default and every enum value',
      {
        document: document({
          servers: [
            {
              url: 'https://{region}.example.com:{port}',
              variables: { region: { default: 'eu', enum: ['eu', 'us'] }, port: { default: '443' } },
            },
          ],
        }),
      },
      ['https://eu.example.com', 'https://us.example.com'],
    ],
    ['nothing callable', { document: document({ servers: [{ url: 'ftp://files.example.com' }] }) }, []],
  ])('lists %s', (_name, config, origins) => {
    expect(integrationOrigins(config)).toEqual({ ok: true, value: origins });
  });

  it('refuses a server whose variables make too many URLs, naming it', () => {
    const values = Array.from({ length: 20 }, (_, index) => `v${index}`);
    const variables = { a: { default: 'v0', enum: values }, b: { default: 'v0', enum: values } };
    expect(20 * 20).toBeGreaterThan(maxServerCombinations);
    const result = integrationOrigins({
      document: document({
        paths: { '/x': { get: { servers: [{ url: 'https://{a}.{b}.example.com', variables }] } } },
      }),
    });
    expect(result).toEqual({
      ok: false,
      issues: [
        { path: 'document.paths./x.get.servers.0.variables', message: expect.stringMatching(/more than 256 URLs/) },
      ],
    });
  });
});
