import { describe, expect, it } from 'vitest';
import { clientAddress } from '@/lib/auth/client-address';

describe('the client address of a request', () => {
  const socketAddress = '192.0.2.10';

  it('is the connection’s without trusted proxies, whatever X-Forwarded-For says', () => {
    expect(clientAddress({ socketAddress, forwardedFor: '203.0.113.1', trustedProxies: 0 })).toBe(socketAddress);
  });

  it('is the entry the trusted proxies appended, never one the client wrote', () => {
    const forwardedFor = '10.9.9.9, 203.0.113.1, 198.51.100.2';
    expect(clientAddress({ socketAddress, forwardedFor, trustedProxies: 1 })).toBe('198.51.100.2');
    expect(clientAddress({ socketAddress, forwardedFor, trustedProxies: 2 })).toBe('203.0.113.1');
    expect(clientAddress({ socketAddress, forwardedFor: '203.0.113.1', trustedProxies: 3 })).toBe('203.0.113.1');
  });

  it('falls back to the connection’s when the header is missing or not an address', () => {
    expect(clientAddress({ socketAddress, forwardedFor: undefined, trustedProxies: 1 })).toBe(socketAddress);
    expect(clientAddress({ socketAddress, forwardedFor: 'unknown', trustedProxies: 1 })).toBe(socketAddress);
  });
});
