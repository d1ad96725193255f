/**
 * A pool for one test file plus a fake clock: `clock.advance(ms)` moves the time the pool uses for
 * TTL, idle and backoff decisions (timeouts stay real). `close()` closes every connection.
 */
import { afterEach } from 'vitest';
import {
  createMcpPool,
  type CreateMcpPoolParams,
  type McpPool,
  type McpPoolKey,
  type McpPoolSettings,
} from '@/lib/mcp';
import { silentLogger, type Logger } from '@/lib/logger';
import { testPoolSettings } from './servers';

export interface TestClock {
  now(): number;
  advance(milliseconds: number): void;
}

export function createTestClock(start = 1_000_000): TestClock {
  let current = start;
  return {
    now: () => current,
    advance(milliseconds) {
      current += milliseconds;
    },
  };
}

export function createTestPool({
  settings = {},
  backoff,
  clock = createTestClock(),
  logger = silentLogger,
}: {
  settings?: Partial<McpPoolSettings>;
  backoff?: CreateMcpPoolParams['backoff'];
  clock?: TestClock;
  logger?: Logger;
} = {}): { pool: McpPool; clock: TestClock } {
  const pool = createMcpPool({
    settings: { ...testPoolSettings, ...settings },
    logger,
    now: clock.now,
    backoff,
  });
  return { pool, clock };
}

let keyCounter = 0;

/** A pool key unique to this test run, so tests never share pooled connections by accident. */
export function uniqueKey(overrides: Partial<McpPoolKey> = {}): McpPoolKey {
  keyCounter += 1;
  return { clientId: `client-${keyCounter}`, clientVersionId: 'v1', serverName: 'server', ...overrides };
}

/**
 * For a test file: `newPool()` creates a test pool that is closed after each test.
 * Call at the top level of the file (it registers an `afterEach`).
 */
export function closePoolsAfterEach(): (
  parameters?: Parameters<typeof createTestPool>[0],
) => ReturnType<typeof createTestPool> {
  const pools: McpPool[] = [];
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.closeAll()));
  });
  return (parameters = {}) => {
    const created = createTestPool(parameters);
    pools.push(created.pool);
    return created;
  };
}
