/**
 * Keys derived from a passphrase, for secrets that leave the studio (deployment backups). scrypt
 * with a random salt per backup and a cost that takes a noticeable fraction of a second, so a
 * stolen backup cannot be opened by trying passphrases quickly. The parameters travel with the
 * backup; only the passphrase does not.
 */
import { randomBytes, scrypt } from 'node:crypto';

export interface PassphraseKdf {
  name: 'scrypt';
  /** base64url, 16 random bytes. */
  salt: string;
  /** scrypt N: a power of two. */
  cost: number;
  blockSize: number;
  parallelization: number;
}

export interface PassphraseKey {
  /** 32 bytes for AES-256-GCM. */
  key: Buffer;
}

/** The shortest passphrase accepted for sealing secrets. */
export const minimumPassphraseLength = 12;

export function newPassphraseKdf(): PassphraseKdf {
  return {
    name: 'scrypt',
    salt: randomBytes(16).toString('base64url'),
    cost: 2 ** 15,
    blockSize: 8,
    parallelization: 1,
  };
}

export function derivePassphraseKey({
  passphrase,
  kdf,
}: {
  passphrase: string;
  kdf: PassphraseKdf;
}): Promise<PassphraseKey> {
  const { cost, blockSize, parallelization } = kdf;
  // scrypt needs 128 * N * r bytes; Node refuses above `maxmem`, so it is sized to the parameters.
  const maxmem = 128 * cost * blockSize * parallelization + 16 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(
      passphrase.normalize('NFC'),
      Buffer.from(kdf.salt, 'base64url'),
      32,
      { N: cost, r: blockSize, p: parallelization, maxmem },
      (error, key) => (error ? reject(error) : resolve({ key })),
    );
  });
}
