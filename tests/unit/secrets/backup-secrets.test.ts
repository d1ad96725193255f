/**
 * Secrets of saved MCP clients in a deployment backup: `env` values and HTTP URLs that carry
 * credentials are sealed with the passphrase key and open again; left out, they are listed by path;
 * the backup's hash never depends on a secret.
 */
import { describe, expect, it } from 'vitest';
import {
  backupConfigHash,
  backupUrlsOpened,
  mcpSnapshotForBackup,
  mcpSnapshotFromBackup,
  type SecretsOnImport,
} from '@/lib/editor/deployment-secrets';
import type { McpClientSnapshot } from '@/lib/schemas/mcp-client-snapshot';
import { derivePassphraseKey, isSealedSecret, newPassphraseKdf } from '@/lib/secrets';

const snapshot: McpClientSnapshot = {
  name: 'Mixed',
  servers: {
    local: { type: 'stdio', command: 'node', args: ['server.js'], env: { API_TOKEN: 'token-123456789' } },
    remote: { type: 'http', url: 'https://user:pass-123456@mcp.example.test/mcp?api_key=k-987654321' },
    plain: { type: 'http', url: 'https://mcp.example.test/open' },
  },
};

/** What an import does with a sealed backup's version: its URLs opened before the snapshot is read, then its env values. */
function fromSealedBackup(snapshot: McpClientSnapshot, secrets: SecretsOnImport) {
  const urls = backupUrlsOpened({ snapshot: { ...snapshot }, secrets, sealed: true, prefix: 'p' });
  const rest = mcpSnapshotFromBackup({
    snapshot: urls.snapshot as unknown as McpClientSnapshot,
    secrets,
    sealed: true,
    prefix: 'p',
  });
  return { snapshot: rest.snapshot, issues: [...urls.issues, ...rest.issues] };
}

describe('MCP client secrets in a deployment backup', () => {
  it('seals env values and credential URLs whole, and opens them back to the same snapshot', async () => {
    const key = await derivePassphraseKey({ passphrase: 'a long enough passphrase', kdf: newPassphraseKdf() });
    const sealed = mcpSnapshotForBackup(snapshot, { mode: 'seal', key });
    expect(sealed.omitted).toEqual([]);
    const text = JSON.stringify(sealed.snapshot);
    for (const secret of ['token-123456789', 'pass-123456', 'k-987654321']) expect(text).not.toContain(secret);
    const servers = sealed.snapshot.servers;
    expect(servers.local?.type === 'stdio' && isSealedSecret(servers.local.env!.API_TOKEN!)).toBe(true);
    expect(servers.remote?.type === 'http' && isSealedSecret(servers.remote.url)).toBe(true);
    expect(servers.plain).toEqual(snapshot.servers.plain);

    const opened = fromSealedBackup(sealed.snapshot, { mode: 'open', key });
    expect(opened).toEqual({ snapshot, issues: [] });
    expect(backupConfigHash(opened.snapshot)).toBe(backupConfigHash(snapshot));
  });

  it('lists each secret left out, and refuses to drop a sealed URL it cannot rebuild', async () => {
    const omitted = mcpSnapshotForBackup(snapshot, { mode: 'omit' });
    expect(omitted.omitted.sort()).toEqual(['servers.local.env.API_TOKEN', 'servers.remote.url']);
    expect(JSON.stringify(omitted.snapshot)).not.toMatch(/token-123456789|pass-123456|k-987654321/);

    const key = await derivePassphraseKey({ passphrase: 'a long enough passphrase', kdf: newPassphraseKdf() });
    const sealed = mcpSnapshotForBackup(snapshot, { mode: 'seal', key }).snapshot;
    const dropped = fromSealedBackup(sealed, { mode: 'omit' });
    expect(dropped.issues.map((issue) => issue.path)).toEqual(['p.servers.remote.url']);
  });

  it('refuses a URL whose credentials a sealed backup holds in clear', async () => {
    const key = await derivePassphraseKey({ passphrase: 'a long enough passphrase', kdf: newPassphraseKdf() });
    const sealed = mcpSnapshotForBackup(snapshot, { mode: 'seal', key }).snapshot;
    const edited = { ...sealed, servers: { ...sealed.servers, remote: snapshot.servers.remote! } };
    expect(fromSealedBackup(edited, { mode: 'open', key }).issues).toEqual([
      { path: 'p.servers.remote.url', message: expect.stringMatching(/must be sealed/) },
    ]);
  });

  it('hashes a version the same whatever its secrets are', () => {
    const other: McpClientSnapshot = {
      ...snapshot,
      servers: {
        ...snapshot.servers,
        local: { ...snapshot.servers.local!, env: { API_TOKEN: 'another-token-0000' } },
      } as McpClientSnapshot['servers'],
    };
    expect(backupConfigHash(other)).toBe(backupConfigHash(snapshot));
  });
});
