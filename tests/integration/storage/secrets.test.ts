/** Secret values at rest: AES-256-GCM with the studio's key, and their masks. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, maskSecret, SecretDecryptionError, type SecretsKey } from '@/lib/secrets';

const key: SecretsKey = { key: randomBytes(32), origin: 'ephemeral' };
const otherKey: SecretsKey = { key: randomBytes(32), origin: 'ephemeral' };

describe('secret encryption', () => {
  it.each(['', 'x', 'sk-live-1234567890', 'ünïcødé 🔑'.repeat(50)])(
    'round-trips %j with a fresh IV each time',
    (plaintext) => {
      const first = encryptSecret({ key, plaintext });
      const second = encryptSecret({ key, plaintext });
      expect(first).toMatch(/^enc:v1:/);
      expect(first).not.toBe(second);
      if (plaintext.length > 3) expect(first).not.toContain(plaintext);
      expect(decryptSecret({ key, value: first })).toBe(plaintext);
    },
  );

  it('refuses another key, a tampered value and plain text', () => {
    const value = encryptSecret({ key, plaintext: 'secret' });
    expect(() => decryptSecret({ key: otherKey, value })).toThrow(SecretDecryptionError);
    const tampered = value.slice(0, -2) + (value.endsWith('A') ? 'BB' : 'AA');
    expect(() => decryptSecret({ key, value: tampered })).toThrow(/SECRETS_KEY/);
    expect(() => decryptSecret({ key, value: 'secret' })).toThrow(SecretDecryptionError);
  });
});

describe('masks', () => {
  it.each([
    ['', '••••'],
    ['12345678', '••••'],
    ['123456789', '••••6789'],
    ['sk-live-abcdef', '••••cdef'],
  ])('%j is shown as %j', (plaintext, mask) => {
    expect(maskSecret(plaintext)).toBe(mask);
  });
});
