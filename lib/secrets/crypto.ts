/**
 * Secret values at rest: AES-256-GCM with the studio's key (see `key.ts`), a fresh 12-byte IV per
 * value, stored as `enc:v1:<iv>:<tag>:<ciphertext>` (base64url). The version prefix lets the
 * format change later without guessing. Responses only ever show `maskSecret(value)`.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretsKey } from './key';
import type { PassphraseKey } from './passphrase';

const atRestPrefix = 'enc:v1:';

export function isEncryptedSecret(value: string): boolean {
  return value.startsWith(atRestPrefix);
}

export function encryptSecret({ key, plaintext }: { key: SecretsKey; plaintext: string }): string {
  return encryptWith({ key: key.key, plaintext, prefix: atRestPrefix });
}

function encryptWith({ key, plaintext, prefix }: { key: Buffer; plaintext: string; prefix: string }): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${prefix}${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${ciphertext.toString('base64url')}`;
}

export class SecretDecryptionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SecretDecryptionError';
  }
}

/** Throws `SecretDecryptionError` for a value that is not ours or was encrypted with another key. */
export function decryptSecret({ key, value }: { key: SecretsKey; value: string }): string {
  if (!isEncryptedSecret(value)) throw new SecretDecryptionError('The stored value is not an encrypted secret.');
  return decryptWith({
    key: key.key,
    value,
    prefix: atRestPrefix,
    failure: 'A stored secret cannot be decrypted: was SECRETS_KEY changed since it was saved?',
  });
}

function decryptWith({ key, value, prefix, failure }: { key: Buffer; value: string; prefix: string; failure: string }) {
  const [iv, authTag, ciphertext] = value.slice(prefix.length).split(':');
  if (iv === undefined || authTag === undefined || ciphertext === undefined)
    throw new SecretDecryptionError('The encrypted secret is malformed.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(authTag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch (error) {
    throw new SecretDecryptionError(failure, { cause: error });
  }
}

/**
 * Secrets in transit (a deployment backup): sealed with a key derived from a passphrase rather
 * than the studio's own key, so the file opens only for whoever is given the passphrase, and the
 * importing studio re-encrypts each value with its key. Same cipher, a distinct prefix.
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
    value,
    prefix: sealedPrefix,
    failure: 'The passphrase does not open this secret.',
  });
}

export const secretMask = '••••';

/** `••••` + the last 4 characters; nothing of values of 8 characters or fewer. */
export function maskSecret(plaintext: string): string {
  return plaintext.length <= 8 ? secretMask : secretMask + plaintext.slice(-4);
}
