import { describe, expect, it } from 'vitest';
import { serverUrlCredentialIssues } from '@/lib/integrations/openapi/server-url-credentials';

const document = (url: string) => ({ openapi: '3.0.3', servers: [{ url }], paths: {} });

describe('serverUrlCredentialIssues', () => {
  it.each([
    ['https://api.example.com/v1', []],
    ['https://api.example.com/v1?version=2', []],
    ['/v1', []],
    ['https://user:pass@api.example.com', ['a user name or password']],
    ['https://api.example.com/?API_KEY=x', ['the query parameter "API_KEY"']],
    ['/v1?sig=abc', ['the query parameter "sig"']],
  ])('%s', (url, found) => {
    expect(serverUrlCredentialIssues({ document: document(url) }).map((issue) => issue.message)).toEqual(
      found.map((what) => expect.stringContaining(`must not carry credentials (${what})`)),
    );
  });

  it('names the path under a prefix (a deployment backup)', () => {
    expect(
      serverUrlCredentialIssues({
        document: document('https://u:p@api.example.com'),
        prefix: 'integrations.0.config.',
      }),
    ).toEqual([{ path: 'integrations.0.config.document.servers.0.url', message: expect.any(String) }]);
  });
});
