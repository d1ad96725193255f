import { describe, expect, it } from 'vitest';
import { createApiApp } from '@/lib/api/app';
import { StudioError } from '@/lib/errors';
import { createRequestPolicy } from '@/lib/http';
import { createLogger } from '@/lib/logger';

function appWithRoutes() {
  const lines: string[] = [];
  const app = createApiApp({
    logger: createLogger({ level: 'debug', write: (line) => lines.push(line) }),
    bodyLimitBytes: 2048,
    requestPolicy: createRequestPolicy({ allowedHosts: [], corsOrigins: [] }),
  });
  app.get('/boom', () => {
    throw new Error('database password=hunter2 exploded at /srv/app/lib/x.ts:12:3');
  });
  app.get('/expected', () => {
    throw new StudioError('version_in_use', 'Version 3 is published.', { reason: 'active' });
  });
  return { app, lines };
}

describe('API error handling', () => {
  it('answers an unexpected exception with a generic 500 and keeps the details in the log only', async () => {
    const { app, lines } = appWithRoutes();
    const response = await app.request('/api/boom');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong on the server. The details were logged.' },
    });
    expect(text).not.toMatch(/hunter2|exploded|\.ts:\d+/);
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({ level: 'error', method: 'GET', path: '/api/boom' });
    expect(entry.error.message).toContain('exploded');
  });

  it('answers an expected failure with its code, status and details', async () => {
    const { app, lines } = appWithRoutes();
    const response = await app.request('/api/expected');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: { code: 'version_in_use', message: 'Version 3 is published.', details: { reason: 'active' } },
    });
    expect(lines).toEqual([]);
  });
});
