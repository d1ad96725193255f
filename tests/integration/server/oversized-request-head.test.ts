/**
 * A request line plus headers over Node's `maxHeaderSize` (16 KiB) never reaches a handler: Node's
 * parser refuses it. The production server answers that in the API's JSON error shape instead of
 * Node's bare 431 with no body.
 */
import { describe, expect, inject, it } from 'vitest';

describe('an over-long request head', () => {
  it('is answered 431 with a JSON error body, for a long URL and for large headers', async () => {
    const serverUrl = inject('serverUrl');
    const longUrl = await fetch(`${serverUrl}/api/agents?search=${'a'.repeat(20_000)}`);
    expect(longUrl.status).toBe(431);
    expect(longUrl.headers.get('content-type')).toBe('application/json');
    expect(await longUrl.json()).toEqual({
      error: {
        code: 'request_header_fields_too_large',
        message: expect.stringMatching(/larger than the limit of 16384 bytes; send a shorter URL/),
      },
    });
    const largeHeader = await fetch(`${serverUrl}/api/health`, { headers: { 'x-padding': 'b'.repeat(20_000) } });
    expect([largeHeader.status, (await largeHeader.json()).error.code]).toEqual([
      431,
      'request_header_fields_too_large',
    ]);
  }, 20_000);
});
