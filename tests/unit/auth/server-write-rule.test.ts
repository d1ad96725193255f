/**
 * Who may write MCP servers, and what their write lets the servers reach later: an admin's write
 * (or the local user's, with sign-in off) leaves internal addresses allowed; an editor's is taken
 * only for servers that do not lead inside now, and refuses them internal addresses from then on.
 */
import { describe, expect, it } from 'vitest';
import { checkServerWrite, localPrincipal, type Principal } from '@/lib/auth';

const editorKey: Principal = { kind: 'key', id: 'k1', name: 'ci', scope: 'editor' };
const adminUser: Principal = { kind: 'user', id: 'u1', email: 'ada@example.com', name: 'Ada', role: 'admin' };

/** `inside.test` leads to this machine; every other name to a public address. */
const internalTargetOf = async (url: string) =>
  new URL(url).hostname === 'inside.test'
    ? { host: 'inside.test', address: '127.0.0.1', addressClass: 'loopback' }
    : undefined;

const servers = (url: string) => [{ remote: { type: 'http', url } }];

describe('checkServerWrite', () => {
  it("answers an editor's write of public servers with internal addresses refused", async () => {
    const writer = await checkServerWrite(editorKey, {
      serversToStore: () => servers('https://docs.test/mcp'),
      internalTargetOf,
    });
    expect(writer).toEqual({ actor: 'key:ci', internalAddresses: 'refused' });
  });

  it('refuses an editor servers that lead inside now, naming the address class', async () => {
    await expect(
      checkServerWrite(editorKey, { serversToStore: () => servers('http://inside.test/mcp'), internalTargetOf }),
    ).rejects.toMatchObject({ code: 'forbidden', details: { requiredScope: 'admin', addressClass: 'loopback' } });
  });

  it('answers an admin and the local user with internal addresses allowed, resolving nothing', async () => {
    const asked: string[] = [];
    const recording = async (url: string) => {
      asked.push(url);
      return internalTargetOf(url);
    };
    for (const [principal, actor] of [
      [adminUser, 'user:ada@example.com'],
      [localPrincipal, 'local'],
    ] as const) {
      const writer = await checkServerWrite(principal, {
        serversToStore: () => servers('http://inside.test/mcp'),
        internalTargetOf: recording,
      });
      expect(writer).toEqual({ actor, internalAddresses: 'allowed' });
    }
    expect(asked).toEqual([]);
  });
});
