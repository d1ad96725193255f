import { describe, expect, it } from 'vitest';
import {
  credentialsToStore,
  decryptCredentials,
  integrationConfigInputSchema,
  maskCredentials,
} from '@/lib/integrations/stored-config';
import type { OpenApiCredentials } from '@/lib/integrations';
import { ephemeralSecretsKey, SecretDecryptionError } from '@/lib/secrets';

const key = ephemeralSecretsKey();
const otherKey = ephemeralSecretsKey();
const integrationId = 'pets';

function store(given: OpenApiCredentials, stored?: OpenApiCredentials, storeKey = key) {
  const result = credentialsToStore({ given, stored, key: storeKey, integrationId, sameDestination: true });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value!;
}

describe('stored credentials', () => {
  it.each([
    { given: { type: 'bearer', token: 'abcdefghijkl-1234' }, masked: { type: 'bearer', token: '••••1234' } },
    {
      given: { type: 'apiKey', in: 'header', name: 'X-Key', value: 'key-value-5678' },
      masked: { type: 'apiKey', in: 'header', name: 'X-Key', value: '••••5678' },
    },
    {
      given: { type: 'basic', username: 'ada', password: 'short' },
      masked: { type: 'basic', username: 'ada', password: '••••' },
    },
    { given: { type: 'bearer', token: '12345678' }, masked: { type: 'bearer', token: '••••' } },
  ] as const)('$given.type: encrypted, decryptable and masked', ({ given, masked }) => {
    const stored = store(given);
    expect(JSON.stringify(stored)).toContain('enc:v2:');
    expect(decryptCredentials({ credentials: stored, key, integrationId })).toEqual(given);
    expect(maskCredentials({ credentials: stored, key, integrationId })).toEqual(masked);
    // Bound to its integration: the same ciphertext under another id does not decrypt.
    expect(() => decryptCredentials({ credentials: stored, key, integrationId: 'other' })).toThrow(
      SecretDecryptionError,
    );
  });

  it('keeps the stored secret when the mask is sent back, and replaces it when a new one is', () => {
    const stored = store({ type: 'bearer', token: 'first-secret-0001' });
    expect(store({ type: 'bearer', token: '••••0001' }, stored)).toEqual(stored);
    const replaced = store({ type: 'bearer', token: 'second-secret-0002' }, stored);
    expect(decryptCredentials({ credentials: replaced, key, integrationId })).toEqual({
      type: 'bearer',
      token: 'second-secret-0002',
    });
  });

  it.each([
    { name: 'no stored secret', stored: undefined, given: { type: 'bearer', token: '••••0001' } },
    {
      name: 'a different credential type',
      stored: { type: 'basic', username: 'u', password: 'pw-000000001' },
      given: { type: 'bearer', token: '••••0001' },
    },
    {
      name: 'a mask of another secret',
      stored: { type: 'bearer', token: 'first-secret-0001' },
      given: { type: 'bearer', token: '••••9999' },
    },
  ] as const)('refuses a mask that matches nothing stored: $name', ({ stored, given }) => {
    const storedEncrypted = stored ? store(stored) : undefined;
    const result = credentialsToStore({ given, stored: storedEncrypted, key, integrationId, sameDestination: true });
    expect(result.ok).toBe(false);
  });

  it('asks for the secret again when the calls go to another origin', () => {
    const stored = store({ type: 'bearer', token: 'first-secret-0001' });
    const result = credentialsToStore({
      given: { type: 'bearer', token: '••••0001' },
      stored,
      key,
      integrationId,
      sameDestination: false,
    });
    expect(result).toMatchObject({ ok: false, issues: [{ path: 'credentials.token' }] });
  });

  it('shows only the mask when the stored secret cannot be decrypted (the key changed)', () => {
    const stored = store({ type: 'bearer', token: 'first-secret-0001' }, undefined, otherKey);
    expect(maskCredentials({ credentials: stored, key, integrationId })).toEqual({ type: 'bearer', token: '••••' });
    expect(
      credentialsToStore({
        given: { type: 'bearer', token: '••••' },
        stored,
        key,
        integrationId,
        sameDestination: true,
      }).ok,
    ).toBe(false);
  });
});

describe('integrationConfigInputSchema', () => {
  it.each([
    { input: { type: 'openapi', document: {} }, valid: true },
    { input: { type: 'openapi', document: {}, baseUrl: 'https://api.example.com/v1', name: 'Pets' }, valid: true },
    {
      input: {
        type: 'openapi',
        document: {},
        credentials: { type: 'apiKey', in: 'query', name: 'api key', value: 'v' },
      },
      valid: true,
    },
    {
      input: {
        type: 'openapi',
        document: {},
        credentials: { type: 'apiKey', in: 'header', name: 'bad header', value: 'v' },
      },
      valid: false,
    },
    { input: { type: 'openapi', document: {}, credentials: { type: 'bearer', token: 'x', extra: 1 } }, valid: false },
    { input: { type: 'openapi', document: [] }, valid: false },
    { input: { type: 'openapi', document: {}, baseUrl: 'javascript:alert(1)' }, valid: false },
    // No URL at all: a failed check, never a thrown error (a backup's dry run parses these too).
    { input: { type: 'openapi', document: {}, baseUrl: 'not a url' }, valid: false },
    { input: { type: 'openapi', document: {}, baseUrl: 'http://x.test:99999' }, valid: false },
  ])('$input -> valid: $valid', ({ input, valid }) => {
    expect(integrationConfigInputSchema.safeParse(input).success).toBe(valid);
  });
});
