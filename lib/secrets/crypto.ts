/**
 * Secret values at rest: AES-256-GCM with the studio's key (see `key.ts`) and a fresh 12-byte IV per
 * value, stored as `enc:v2:<iv>:<tag>:<ciphertext>` (base64url). Each value is bound to where it is
 * stored by the cipher's associated data (table, row id and field path): a ciphertext copied into
 * another row or field no longer decrypts. `enc:v1:` values (written before that binding existed)
 * are only read by the start-up upgrade that rewrites them as `enc:v2:`. Responses only ever show
 * `maskSecret(value)`.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { SecretsKey } from './key';
import type { PassphraseKey } from './passphrase';

const currentPrefix = 'enc:v2:';
const legacyPrefix = 'enc:v1:';

export function isEncryptedSecret(value: string): boolean {
  return value.startsWith(currentPrefix) || value.startsWith(legacyPrefix);
}

/** Written before values were bound to their row: rewritten once at start (`upgradeStoredSecrets`). */
export function isLegacyEncryptedSecret(value: string): boolean {
  return value.startsWith(legacyPrefix);
}

/** Where a secret lives, e.g. `mcp_client_version|<client>|<version id>|servers.fs.env.API_KEY`. */
export type SecretLocation = string;

export function encryptSecret({
  key,
  plaintext,
  location,
}: {
  key: SecretsKey;
  plaintext: string;
  location: SecretLocation;
}): string {
  return encryptWith({ key: key.key, plaintext, prefix: currentPrefix, associatedData: location });
}

function encryptWith({
  key,
  plaintext,
  prefix,
  associatedData,
}: {
  key: Buffer;
  plaintext: string;
  prefix: string;
  associatedData?: string;
}): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  if (associatedData !== undefined) cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${prefix}${iv.toString('base64url')}:${tag.toString('base64url')}:${ciphertext.toString('base64url')}`;
}

/** Its message is generic on purpose; the cause says what failed, for the log. */
export class SecretDecryptionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SecretDecryptionError';
  }
}

/**
 * Throws `SecretDecryptionError` for a value that is not ours, was encrypted with another key or
 * for another location. `legacy: true` also reads the unbound `enc:v1:` format (the upgrade only).
 */
export function decryptSecret({
  key,
  value,
  location,
  legacy = false,
}: {
  key: SecretsKey;
  value: string;
  location: SecretLocation;
  legacy?: boolean;
}): string {
  const bound = value.startsWith(currentPrefix);
  if (!bound && !(legacy && value.startsWith(legacyPrefix)))
    throw new SecretDecryptionError('The stored value is not an encrypted secret in the current format.');
  return decryptWith({
    key: key.key,
    body: value.slice(currentPrefix.length),
    associatedData: bound ? location : undefined,
    failure: 'A stored secret cannot be decrypted: SECRETS_KEY changed since it was saved, or the value was moved.',
  });
}

function decryptWith({
  key,
  body,
  associatedData,
  failure,
}: {
  key: Buffer;
  body: string;
  associatedData: string | undefined;
  failure: string;
}): string {
  const [iv, tag, ciphertext] = body.split(':');
  if (iv === undefined || tag === undefined || ciphertext === undefined)
    throw new SecretDecryptionError('The encrypted secret is malformed.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    if (associatedData !== undefined) decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch (error) {
    throw new SecretDecryptionError(failure, { cause: error });
  }
}

/**
 * Secrets in transit (a deployment backup): sealed with a key derived from a passphrase rather
 * than the studio's own key, so the file opens only for whoever is given the passphrase. A sealed
 * value is not bound to a row: the importing studio opens it and encrypts it again, bound to the
 * row it lands in. Same cipher, a distinct prefix.
 */
const sealedPrefix = 'sealed:v1:';

export function isSealedSecret(value: string): boolean {
  return value.startsWith(sealedPrefix);
}

export function sealSecret({ key, plaintext }: { key: PassphraseKey; plaintext: string }): string {
  return encryptWith({ key: key.key, plaintext, prefix: sealedPrefix });
}

/** Throws `SecretDecryptionError` for a value that is not sealed, or sealed with another passphrase. */
export function openSealedSecret({ key, value }: { key: PassphraseKey; value: string }): string {
  if (!isSealedSecret(value)) throw new SecretDecryptionError('The value is not a sealed secret.');
  return decryptWith({
    key: key.key,
    body: value.slice(sealedPrefix.length),
    associatedData: undefined,
    failure: 'The passphrase does not open this secret.',
  });
}

export const keyedHashPrefix = 'hmac:';

/**
 * A hash of text that holds secrets (a saved MCP client's canonical snapshot): HMAC-SHA-256 with a
 * key derived from the secrets key, so the hash reveals nothing about the secrets and cannot be
 * checked against guesses without the key. Prefixed, so it is never mistaken for a plain hash.
 */
export function keyedHash({ key, text }: { key: SecretsKey; text: string }): string {
  return keyedHashPrefix + createHmac('sha256', key.hashKey).update(text, 'utf8').digest('hex');
}

export const secretMask = '••••';

/** `••••` + the last 4 characters; nothing of values of 8 characters or fewer. */
export function maskSecret(plaintext: string): string {
  return plaintext.length <= 8 ? secretMask : secretMask + plaintext.slice(-4);
}
