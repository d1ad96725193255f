import { describe, expect, it } from 'vitest';
import { createApiApp } from '@/lib/api/app';
import { cliFailure } from '@/lib/cli/failures';
import { exitCodes } from '@/lib/cli/io';
import { isDatabaseUnreachable } from '@/lib/errors';
import { createRequestPolicy } from '@/lib/http';
import { silentLogger } from '@/lib/logger';
import { runFailure } from '@/lib/runtime';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** How drizzle reports a query the driver failed: its own error, the driver's as the cause. */
const failedQuery = (cause: unknown) => new Error('Failed query: select 1', { cause });

const refused = withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
const terminated = withCode('terminating connection due to administrator command', '57P01');

describe('isDatabaseUnreachable', () => {
  it.each([
    ['a refused connection', refused],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['the refusal wrapped by drizzle', failedQuery(refused)],
    ['every address refused', new AggregateError([refused, refused], 'connect failed')],
    ['the server shut down by its administrator', failedQuery(terminated)],
    ['a server shutting down', withCode('the database system is shutting down', '57P03')],
    ['a server starting up', new Error('the database system is starting up')],
    ['a lost connection (SQLSTATE class 08)', withCode('connection failure', '08006')],
    ['pg losing its connection', new Error('Connection terminated unexpectedly')],
    ['the pool giving up on connecting', new Error('timeout exceeded when trying to connect')],
  ])('recognises %s', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it.each([
    ['a bug', new Error('undefined is not a function')],
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a serialization failure', withCode('could not serialize access', '40001')],
    ['a locked SQLite file', withCode('database is locked', 'SQLITE_BUSY')],
    ['a string', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('leaves %s alone', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
  });
});

describe('a database out of reach where errors reach callers', () => {
  it('is a 503 unavailable with Retry-After from the API, never a 500', async () => {
    const app = createApiApp({
      logger: silentLogger,
      bodyLimitBytes: 2048,
      requestPolicy: createRequestPolicy({ allowedHosts: [], corsOrigins: [] }),
    });
    app.get('/agents', () => {
      throw failedQuery(refused);
    });
    const response = await app.request('/api/agents');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({
      error: {
        code: 'unavailable',
        message: 'The database cannot be reached right now; try again shortly.',
        details: { reason: 'database', retryAfterSeconds: 5 },
      },
    });
  });

  it('fails a run as unavailable, not as an internal error', () => {
    const failure = runFailure(failedQuery(terminated));
    expect(failure.code).toBe('unavailable');
    expect(failure.details).toEqual({ reason: 'database', retryAfterSeconds: 5 });
  });

  it('is a CLI failure that says to try again, with the unreachable exit code', () => {
    const failure = cliFailure(refused);
    expect(failure?.exitCode).toBe(exitCodes.unreachable);
    expect(failure?.message).toBe(
      'The database cannot be reached right now (connect ECONNREFUSED 127.0.0.1:5432); try again shortly.',
    );
  });
});
