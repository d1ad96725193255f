/**
 * Secret values at rest: AES-256-GCM with the studio's key (see `key.ts`), a fresh 12-byte IV per
 * value, stored as `enc:v1:<iv>:<tag>:<ciphertext>` (base64url). The version prefix lets the
 * format change later without guessing. Responses only ever show `maskSecret(value)`.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretsKey } from './key';

const prefix = 'enc:v1:';

export function isEncryptedSecret(value: string): boolean {
  return value.startsWith(prefix);
}

export function encryptSecret({ key, plaintext }: { key: SecretsKey; plaintext: string }): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${prefix}${iv.toString('base64url')}:${tag.toString('base64url')}:${ciphertext.toString('base64url')}`;
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
  const [iv, tag, ciphertext] = value.slice(prefix.length).split(':');
  if (iv === undefined || tag === undefined || ciphertext === undefined)
    throw new SecretDecryptionError('The encrypted secret is malformed.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch (error) {
    throw new SecretDecryptionError(
      'A stored secret cannot be decrypted: was SECRETS_KEY changed since it was saved?',
      { cause: error },
    );
  }
}

export const secretMask = '••••';

/** `••••` + the last 4 characters; nothing of values of 8 characters or fewer. */
export function maskSecret(plaintext: string): string {
  return plaintext.length <= 8 ? secretMask : secretMask + plaintext.slice(-4);
}
