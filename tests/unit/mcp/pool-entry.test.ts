import { describe, expect, it } from 'vitest';
import { McpServerError } from '@/lib/mcp/mcp-server-error';
import {
  backoffDelay,
  backoffError,
  createPoolEntry,
  hashAuthToken,
  isDisposable,
  poolKeyString,
  recordFailure,
} from '@/lib/mcp/pool-entry';

const backoff = { initialMs: 100, maxMs: 1_000 };
const key = { clientId: 'c', clientVersionId: 'v1', serverName: 's', authToken: 'secret-token' };
const http = { type: 'http' as const, url: 'http://127.0.0.1:1/mcp' };
const stdio = { type: 'stdio' as const, command: 'node' };

describe('pool keys', () => {
  it('include a hash of the auth token for HTTP servers, never the token itself', () => {
    const keyString = poolKeyString({ key, server: http });
    expect(keyString).toContain(hashAuthToken('secret-token'));
    expect(keyString).not.toContain('secret-token');
    expect(poolKeyString({ key: { ...key, authToken: 'other' }, server: http })).not.toBe(keyString);
  });

  it('leave the token out for stdio servers, which never receive it', () => {
    expect(poolKeyString({ key, server: stdio })).toBe(
      poolKeyString({ key: { ...key, authToken: undefined }, server: stdio }),
    );
  });

  it.each([
    { field: 'clientId', value: 'c2' },
    { field: 'clientVersionId', value: 'v2' },
    { field: 'serverName', value: 's2' },
  ])('differ by $field', ({ field, value }) => {
    expect(poolKeyString({ key: { ...key, [field]: value }, server: http })).not.toBe(
      poolKeyString({ key, server: http }),
    );
  });
});

describe('backoff', () => {
  it.each([
    { failures: 1, delay: 100 },
    { failures: 2, delay: 200 },
    { failures: 3, delay: 400 },
    { failures: 4, delay: 800 },
    { failures: 5, delay: 1_000 },
    { failures: 50, delay: 1_000 },
  ])('after $failures failure(s) waits $delay ms', ({ failures, delay }) => {
    expect(backoffDelay({ failures, backoff })).toBe(delay);
  });

  it('reports the last failure until the retry time, then lets the next attempt through', () => {
    const entry = createPoolEntry({ key, keyString: 'k', listTimeoutMs: 5_000, now: 0 });
    const error = new McpServerError({
      reason: 'unreachable',
      serverName: 's',
      scope: 'connection',
      message: 'refused',
    });
    recordFailure({ entry, error, now: 1_000, backoff });
    const reported = backoffError({ entry, now: 1_050 });
    expect(reported).toBeInstanceOf(McpServerError);
    expect(reported).toMatchObject({ reason: 'unreachable', retryAt: 1_100, code: 'mcp_unavailable' });
    expect(reported!.message).toContain('refused');
    expect(backoffError({ entry, now: 1_100 })).toBeUndefined();
    recordFailure({ entry, error, now: 1_100, backoff });
    expect(entry.failure).toMatchObject({ failures: 2, retryAt: 1_300 });
  });

  it('keeps a failed entry long enough for the next failure to back off further', () => {
    const entry = createPoolEntry({ key, keyString: 'k', listTimeoutMs: 5_000, now: 0 });
    recordFailure({
      entry,
      error: new McpServerError({ reason: 'timeout', serverName: 's', scope: 'connection', message: 'slow' }),
      now: 0,
      backoff,
    });
    expect(isDisposable({ entry, now: 500, toolListTtlMs: 10, backoff })).toBe(false);
    expect(isDisposable({ entry, now: 1_100, toolListTtlMs: 10, backoff })).toBe(true);
  });
});
