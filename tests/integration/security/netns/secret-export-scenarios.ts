/**
 * Runs inside a private network namespace (`unshare -n`, started by secret-export.test.ts): a
 * studio without sign-in served on every address, asked for a sealed backup and a re-encrypted
 * client export once over a connection from 10.0.0.5 (a non-loopback address on the namespace's
 * loopback) and once from 127.0.0.1. Prints one JSON object with the statuses and the audit rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { createStudio } from '@/lib';
import { silentLogger } from '@/lib/logger';
import { addLoopbackAddresses } from './fake-servers';

const remoteAddress = '10.0.0.5';
addLoopbackAddresses([remoteAddress]);

const directory = mkdtempSync(join(tmpdir(), 'secret-export-'));
const studio = await createStudio({
  database: { url: `file:${join(directory, 'studio.db')}` },
  logger: silentLogger,
  settings: { mode: 'test', auth: 'off', stdioAllowedCommands: ['node server.js'] },
});
const server = createServer(getRequestListener(studio.api.fetch));
await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
const { port } = server.address() as AddressInfo;

/** One request from `from` to the server, with a loopback Host so that only the address differs. */
function send(from: string, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<number>((resolve, reject) => {
    const outgoing = request(
      {
        host: from,
        localAddress: from,
        port,
        method,
        path,
        headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/json', ...headers },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const exportBoth = async (from: string) => ({
  backup: await send(
    from,
    'POST',
    '/api/deployment/export',
    {},
    JSON.stringify({ passphrase: 'correct horse battery staple' }),
  ),
  client: await send(from, 'GET', '/api/mcp-clients/local/export', { 'x-secrets-key': 'another-deployment-key-0001' }),
});

try {
  await studio.editor.mcpClients.create({
    id: 'local',
    name: 'Local',
    servers: {
      files: { type: 'stdio', command: 'node', args: ['server.js'], env: { FILES_TOKEN: 'netns-secret-0001' } },
    },
  });
  const remote = await exportBoth(remoteAddress);
  const auditedAfterRemote = (await studio.editor.audit.list({})).items.filter((entry) =>
    entry.action.endsWith('.export_secrets'),
  ).length;
  const local = await exportBoth('127.0.0.1');
  const audited = (await studio.editor.audit.list({})).items
    .filter((entry) => entry.action.endsWith('.export_secrets'))
    .map((entry) => [entry.actor, entry.action]);
  console.log(JSON.stringify({ remote, auditedAfterRemote, local, audited }));
} finally {
  server.closeAllConnections();
  server.close();
  await studio.close();
  rmSync(directory, { recursive: true, force: true });
}
process.exit(0);
