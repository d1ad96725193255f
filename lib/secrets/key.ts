/**
 * Where the key that encrypts secrets at rest comes from, in order: the `secretsKey` setting (env
 * `SECRETS_KEY`), a key file generated beside a local database (`data/secrets.key`, readable by
 * its owner only), or an ephemeral key for an in-memory database. In production mode a missing key
 * stops startup rather than silently generating one that a second host would not share.
 */
import { chmodSync, existsSync, linkSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';

export interface SecretsKey {
  /** 32 bytes for AES-256-GCM. */
  key: Buffer;
  /** 32 bytes for keyed hashes (derived from the same material, never used to encrypt). */
  hashKey: Buffer;
  origin: 'setting' | 'file' | 'ephemeral';
}

function fromMaterial(material: string | Buffer, origin: SecretsKey['origin']): SecretsKey {
  // The encryption key stays SHA-256 of the material, as it always was, so stored values decrypt.
  const key = createHash('sha256').update(material).digest();
  const hashKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'agent-studio keyed hash', 32));
  return { key, hashKey, origin };
}

/** A throwaway key (in-memory databases, tests, benchmarks). */
export function ephemeralSecretsKey(): SecretsKey {
  return fromMaterial(randomBytes(32), 'ephemeral');
}

/** The key a `SECRETS_KEY` value stands for (also used to encrypt an export for another deployment). */
export function secretsKeyFromSetting(secretsKey: string): SecretsKey {
  return fromMaterial(Buffer.from(secretsKey, 'utf8'), 'setting');
}

/** Narrows a file others can read to its owner (a key file written by an older version, a copied one). */
export function restrictToOwner(file: string): void {
  if (!existsSync(file)) return;
  const { mode, uid } = statSync(file);
  const owner = typeof process.getuid === 'function' ? process.getuid() : uid;
  if ((mode & 0o077) !== 0 && uid === owner) chmodSync(file, 0o600);
}

/**
 * Writes a new key file atomically: written in full under a temporary name, then linked into place,
 * which fails if another process starting at the same moment got there first (its key then wins).
 */
function createKeyFile(file: string): void {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** No key where one is required (a database server, production): a setting to give, not a bug. */
export class MissingSecretsKeyError extends Error {
  override name = 'MissingSecretsKeyError';
}

export function resolveSecretsKey({
  secretsKey,
  databaseLocation,
  mode,
}: {
  secretsKey?: string;
  /** The database file, `:memory:`, or undefined for a database server. */
  databaseLocation: string | undefined;
  mode: 'development' | 'production' | 'test';
}): SecretsKey {
  if (secretsKey) return secretsKeyFromSetting(secretsKey);
  if (databaseLocation === ':memory:') return ephemeralSecretsKey();
  // Every instance on a shared database must seal and open secrets with the same key, and there
  // is no file beside a database server to keep one in.
  if (databaseLocation === undefined) {
    throw new MissingSecretsKeyError(
      'SECRETS_KEY is required with a PostgreSQL database: set it to the same random string of at least 16 characters on every instance.',
    );
  }
  if (mode === 'production') {
    throw new MissingSecretsKeyError(
      'SECRETS_KEY is required in production: set it to a random string of at least 16 characters.',
    );
  }
  const file = join(dirname(databaseLocation), 'secrets.key');
  if (!existsSync(file)) createKeyFile(file);
  restrictToOwner(file);
  return fromMaterial(readFileSync(file, 'utf8').trim(), 'file');
}
