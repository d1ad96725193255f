/** Secret values at rest: AES-256-GCM with the studio's key, bound to where they are stored, and their masks. */
import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decryptSecret,
  encryptSecret,
  ephemeralSecretsKey,
  keyedHash,
  maskSecret,
  hasUrlCredentials,
  maskUrl,
  SecretDecryptionError,
  stripUrlCredentials,
  unmaskUrl,
} from '@/lib/secrets';

const key = ephemeralSecretsKey();
const otherKey = ephemeralSecretsKey();
const location = 'mcp_client_version|files|v-1|servers.fs.env.API_KEY';

/** What versions before row binding wrote: `enc:v1:` without associated data. */
function legacyCiphertext(plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `enc:v1:${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${ciphertext.toString('base64url')}`;
}

describe('secret encryption', () => {
  it.each(['', 'x', 'sk-live-1234567890', 'ünïcødé 🔑'.repeat(50)])(
    'round-trips %j with a fresh IV each time',
    (plaintext) => {
      const first = encryptSecret({ key, plaintext, location });
      const second = encryptSecret({ key, plaintext, location });
      expect(first).toMatch(/^enc:v2:/);
      expect(first).not.toBe(second);
      if (plaintext.length > 3) expect(first).not.toContain(plaintext);
      expect(decryptSecret({ key, value: first, location })).toBe(plaintext);
    },
  );

  it('refuses another key, another location, a tampered value and plain text, with a generic message', () => {
    const value = encryptSecret({ key, plaintext: 'secret-value', location });
    expect(() => decryptSecret({ key: otherKey, value, location })).toThrow(SecretDecryptionError);
    // A ciphertext moved to another row or field does not decrypt there.
    expect(() => decryptSecret({ key, value, location: location.replace('v-1', 'v-2') })).toThrow(
      SecretDecryptionError,
    );
    expect(() => decryptSecret({ key, value, location: location.replace('API_KEY', 'OTHER') })).toThrow(
      SecretDecryptionError,
    );
    const tampered = value.slice(0, -2) + (value.endsWith('A') ? 'BB' : 'AA');
    expect(() => decryptSecret({ key, value: tampered, location })).toThrow(/cannot be decrypted/);
    expect(() => decryptSecret({ key, value: 'secret', location })).toThrow(SecretDecryptionError);
  });

  it('reads the unbound v1 format only when asked to (the start-up upgrade)', () => {
    const legacy = legacyCiphertext('old-secret');
    expect(() => decryptSecret({ key, value: legacy, location })).toThrow(SecretDecryptionError);
    expect(decryptSecret({ key, value: legacy, location, legacy: true })).toBe('old-secret');
  });

  it('hashes secret-bearing text with a key: stable, different per key, revealing nothing', () => {
    const text = '{"env":{"API_KEY":"sk-live-1234567890"}}';
    expect(keyedHash({ key, text })).toBe(keyedHash({ key, text }));
    expect(keyedHash({ key, text })).toMatch(/^hmac:[0-9a-f]{64}$/);
    expect(keyedHash({ key: otherKey, text })).not.toBe(keyedHash({ key, text }));
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

  it('masks, strips and restores credentials inside URLs, only for the same origin', () => {
    const stored = 'https://ada:pa55word-9876@mcp.example.com/mcp?api_key=key-abcdef-1234&region=eu';
    const masked = maskUrl(stored);
    expect(masked).toBe('https://••••:••••9876@mcp.example.com/mcp?api_key=••••1234&region=eu');
    expect(stripUrlCredentials(stored)).toBe('https://mcp.example.com/mcp?api_key=&region=eu');
    // What is stripped carries nothing: it is not a secret to seal, mask or refuse again.
    expect(hasUrlCredentials(stripUrlCredentials(stored))).toBe(false);
    expect(maskUrl('https://mcp.example.com/mcp?api_key=&region=eu')).toBe(
      'https://mcp.example.com/mcp?api_key=&region=eu',
    );
    expect(unmaskUrl({ submitted: masked, stored })).toEqual({ ok: true, value: stored });
    const moved = unmaskUrl({ submitted: masked.replace('mcp.example.com', 'evil.example'), stored });
    expect(moved.ok).toBe(false);
    const newPath = unmaskUrl({ submitted: masked.replace('/mcp?', '/v2/mcp?'), stored });
    expect(newPath).toEqual({ ok: true, value: stored.replace('/mcp?', '/v2/mcp?') });
    expect(maskUrl('https://mcp.example.com/mcp?region=eu')).toBe('https://mcp.example.com/mcp?region=eu');
    // Parameters named like a token or a password, in their short forms too.
    expect(maskUrl('https://mcp.example.com/mcp?jwt=eyJhbGciOi-long&pass=hunter2-hunter2')).toBe(
      'https://mcp.example.com/mcp?jwt=••••long&pass=••••ter2',
    );
  });
});
