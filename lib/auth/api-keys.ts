/**
 * API keys for applications and scripts (docs: api.md, "Keys"). A key is `as_` and 40 random base62
 * characters, shown once when it is created; only its SHA-256 is stored, which is enough for a key
 * of this entropy and keeps checking a key cheap. Checking is one cached lookup
 * (api-key-lookup.ts); when each key was last used is collected in memory (the time of its latest
 * use) and written every few seconds in one statement, so a request never waits on a write.
 */
import { hash, randomInt, randomUUID } from 'node:crypto';
import type { ApiKeyRow } from '../../db/queries';
import type { Storage } from '../../db/storage';
import { checkFailed, type CheckResult, errorMessage, invalidInput, issuesFromZod, StudioError } from '../errors';
import { readPageByTimeId, type Page, type PageRequest } from '../pagination';
import { silentLogger, type Logger } from '../logger';
import { recordApiKeyAudit } from './account-audit';
import { createApiKeyLookup } from './api-key-lookup';
import { createApiKeyInput, type CreateApiKeyInput } from './account-bodies';
import type { Scope } from './roles';

/** A key as lists show it: never the key, never its hash. */
export interface ApiKeyView {
  id: string;
  name: string;
  scope: Scope;
  prefix: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdBy: string;
}

/** The answer of creating a key: the one time the key itself is seen. */
export interface CreatedApiKey extends Pick<
  ApiKeyView,
  'id' | 'name' | 'scope' | 'prefix' | 'createdAt' | 'expiresAt'
> {
  key: string;
}

/** A key that may be used: whose it is and what it may do. */
export interface VerifiedApiKey {
  id: string;
  name: string;
  scope: Scope;
}

/** The key, or why it may not be used: it is not one of this studio's, was revoked or has expired. */
export type ApiKeyCheck = CheckResult<VerifiedApiKey>;

const unknownKey = () => checkFailed('This is not an API key of this studio.');

export interface ApiKeys {
  /** `createdBy` is the actor creating it (`user:<email>`, `key:<name>`, `local`, `cli`), as the audit log names them. */
  create(input: CreateApiKeyInput & { createdBy: string }): Promise<CreatedApiKey>;
  /** A page of the keys, newest first (`limit` default 20, `cursor` the previous page's `nextCursor`). */
  list(request?: PageRequest): Promise<Page<ApiKeyView>>;
  /**
   * Revokes a key for every process, recording `actor` in the audit log; revoking a revoked key
   * again changes (and records) nothing.
   */
  revoke(input: { id: string; actor: string }): Promise<void>;
  verify(key: string): Promise<ApiKeyCheck>;
  /** Writes when the keys checked since the last flush were used. */
  flushUse(): Promise<void>;
  /** Flushes the last uses and stops the timer that flushes them. */
  close(): Promise<void>;
}

const keyPrefix = 'as_';
const randomLength = 40;
const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** How much of a key lists show, to tell keys apart: `as_` and 7 random characters. */
const shownLength = 10;
/** Anything longer is not a key, and is not worth hashing. */
const longestKey = 256;
/** Above every key in the list's order: creation times are ISO strings, and `~` sorts after every digit. */
const newestKeyPosition = { time: '~', id: '' };

export function createApiKeys({
  storage,
  now = () => new Date(),
  elapsedMs = () => performance.now(),
  logger = silentLogger,
  flushIntervalMs = 5_000,
}: {
  storage: Pick<Storage, 'queries' | 'generation' | 'transaction'>;
  /** The time written with a key and checked against its expiry. */
  now?: () => Date;
  /**
   * A clock for how long a cached key stays trusted, read on every check. Monotonic, and cheap in
   * the server, where Next.js wraps `Date` (about 2 µs a reading) but not `performance`.
   */
  elapsedMs?: () => number;
  logger?: Logger;
  /** How often the last uses are written. */
  flushIntervalMs?: number;
}): ApiKeys {
  const lookup = createApiKeyLookup({ storage, clockMs: elapsedMs });
  /**
   * Each key checked since the last flush, with when it was last used on the `elapsedMs` clock: a
   * check reads no wall clock (see `elapsedMs`), and the flush turns these into times.
   */
  const usedSinceFlush = new Map<string, number>();
  let flushTimer: NodeJS.Timeout | undefined;
  let closed = false;

  async function create({ createdBy, ...input }: CreateApiKeyInput & { createdBy: string }): Promise<CreatedApiKey> {
    const { name, scope, expiresAt } = parseCreateInput(input, now());
    const key = newKey();
    const row: ApiKeyRow = {
      id: randomUUID(),
      name,
      scope,
      prefix: key.slice(0, shownLength),
      keyHash: hashKey(key),
      createdBy,
      createdAt: now().toISOString(),
      expiresAt,
      lastUsedAt: null,
      revokedAt: null,
    };
    // A transaction, so the storage's generation moves and no cached miss of this key outlives it.
    await storage.transaction(async () => {
      await refuseNameInUse(storage, name, now());
      await storage.queries.apiKeys.insert(row);
      await recordApiKeyAudit(storage, {
        at: now(),
        actor: createdBy,
        action: 'api_key.create',
        keyId: row.id,
        details: { id: row.id, name, scope, expiresAt },
      });
    });
    return { id: row.id, name, scope, prefix: row.prefix, createdAt: row.createdAt, expiresAt, key };
  }

  async function revoke({ id, actor }: { id: string; actor: string }): Promise<void> {
    // A transaction, so the storage's generation moves and the cached row is read again.
    await storage.transaction(async () => {
      const row = await storage.queries.apiKeys.byId(id);
      if (!row) throw apiKeyNotFound(id);
      if (!(await storage.queries.apiKeys.revoke({ id, revokedAt: now().toISOString() }))) return;
      await recordApiKeyAudit(storage, {
        at: now(),
        actor,
        action: 'api_key.revoke',
        keyId: id,
        details: { id, name: row.name, scope: row.scope },
      });
    });
  }

  async function verify(key: string): Promise<ApiKeyCheck> {
    if (!key.startsWith(keyPrefix) || key.length > longestKey) return unknownKey();
    const known = await lookup.byHash(hashKey(key));
    if (!known) return unknownKey();
    if (known.revoked) return checkFailed(`The API key "${known.name}" was revoked.`);
    // Checked on every call: a cached key expires on time.
    if (known.expiresAtMs !== undefined && known.expiresAtMs <= now().getTime())
      return checkFailed(`The API key "${known.name}" has expired.`);
    recordUse(known.id);
    return { ok: true, value: { id: known.id, name: known.name, scope: known.scope } };
  }

  function recordUse(id: string): void {
    usedSinceFlush.set(id, elapsedMs());
    if (flushTimer || closed) return;
    flushTimer = setInterval(() => void flushUse().catch(logFlushFailure), flushIntervalMs);
    // Pending last uses are not a reason to keep the process alive; close() writes them.
    flushTimer.unref();
  }

  async function flushUse(): Promise<void> {
    if (usedSinceFlush.size === 0) return;
    // Each key is stamped with when it was used, not when the flush runs: a flush after a key's
    // revocation never shows a use after it.
    const pending = [...usedSinceFlush];
    usedSinceFlush.clear();
    const [wallNow, elapsedNow] = [now().getTime(), elapsedMs()];
    const uses = pending.map(([id, usedAt]) => ({
      id,
      lastUsedAt: new Date(wallNow - (elapsedNow - usedAt)).toISOString(),
    }));
    try {
      await storage.queries.apiKeys.touch({ uses });
    } catch (error) {
      // Kept for the next flush (unless the key was used again meanwhile): a busy database delays the stamps, it does not lose them.
      for (const [id, usedAt] of pending) if (!usedSinceFlush.has(id)) usedSinceFlush.set(id, usedAt);
      throw error;
    }
  }

  function logFlushFailure(error: unknown): void {
    logger.warn('Could not record when API keys were last used; retrying with the next flush', {
      error: errorMessage(error),
    });
  }

  return {
    create,
    list: (request) =>
      readPageByTimeId({
        request,
        first: newestKeyPosition,
        read: ({ time, id }, limit) => storage.queries.apiKeys.page({ before: { createdAt: time, id }, limit }),
        keyOf: (row) => ({ time: row.createdAt, id: row.id }),
        toItem: apiKeyView,
      }),
    revoke,
    verify,
    flushUse,
    async close() {
      closed = true;
      clearInterval(flushTimer);
      flushTimer = undefined;
      await flushUse();
    },
  };
}

/** The parsed input, with an expiry normalised to UTC and required to lie in the future. */
function parseCreateInput(input: CreateApiKeyInput, now: Date) {
  const parsed = createApiKeyInput.safeParse(input);
  if (!parsed.success) throw invalidInput(issuesFromZod(parsed.error));
  const expiresAt = parsed.data.expiresAt === undefined ? null : new Date(parsed.data.expiresAt);
  if (expiresAt && expiresAt.getTime() <= now.getTime())
    throw invalidInput([{ path: 'expiresAt', message: 'The expiry must lie in the future' }]);
  return { ...parsed.data, expiresAt: expiresAt?.toISOString() ?? null };
}

/** `as_` and 40 characters drawn uniformly from base62 (about 238 bits). */
function newKey(): string {
  let random = '';
  for (let index = 0; index < randomLength; index += 1) random += base62[randomInt(base62.length)];
  return keyPrefix + random;
}

const hashKey = (key: string): string => hash('sha256', key);

/**
 * Refuses a name a key in use has (not revoked, not expired): the audit log names a key's actions
 * `key:<name>`, so two such keys could not be told apart.
 */
async function refuseNameInUse(storage: Pick<Storage, 'queries'>, name: string, now: Date): Promise<void> {
  const inUse = (row: ApiKeyRow) =>
    row.revokedAt === null && (row.expiresAt === null || Date.parse(row.expiresAt) > now.getTime());
  if ((await storage.queries.apiKeys.list()).some((row) => row.name === name && inUse(row)))
    throw new StudioError(
      'conflict',
      `An API key named "${name}" is in use: give this one another name, or revoke that one first.`,
      { name },
    );
}

function apiKeyView({ keyHash: _hash, ...view }: ApiKeyRow): ApiKeyView {
  return view;
}

const apiKeyNotFound = (id: string) => new StudioError('not_found', `API key "${id}" does not exist.`, { id });
