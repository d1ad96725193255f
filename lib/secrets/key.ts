/**
 * Where the key that encrypts secrets at rest comes from, in order: the `secretsKey` setting (env
 * `SECRETS_KEY`), a key file generated beside a local database (`data/secrets.key`), or an
 * ephemeral key for an in-memory database. In production mode a missing key stops startup rather
 * than silently generating one that a second host would not share.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface SecretsKey {
  /** 32 bytes for AES-256-GCM. */
  key: Buffer;
  origin: 'setting' | 'file' | 'ephemeral';
}

function deriveKey(material: string): Buffer {
  return createHash('sha256').update(material, 'utf8').digest();
}

export function resolveSecretsKey({
  secretsKey,
  databaseLocation,
  mode,
}: {
  secretsKey?: string;
  databaseLocation: string;
  mode: 'development' | 'production' | 'test';
}): SecretsKey {
  if (secretsKey) return { key: deriveKey(secretsKey), origin: 'setting' };
  if (databaseLocation === ':memory:') return { key: randomBytes(32), origin: 'ephemeral' };
  if (mode === 'production') {
    throw new Error('SECRETS_KEY is required in production: set it to a random string of at least 16 characters.');
  }
  const file = join(dirname(databaseLocation), 'secrets.key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  return { key: deriveKey(readFileSync(file, 'utf8').trim()), origin: 'file' };
}
