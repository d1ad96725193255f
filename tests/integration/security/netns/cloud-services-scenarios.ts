/**
 * Runs inside a private network namespace (`unshare -n`, started by cloud-services.test.ts): fake
 * servers on the cloud service addresses that sit outside 169.254.0.0/16 or beside the classic
 * metadata address (Azure's WireServer 168.63.129.16, the AWS DNS resolver 169.254.169.253 and
 * fd00:ec2::253, Google Cloud's metadata over IPv6 fd20:ce::254) count every connection while
 * `web_fetch`, an integration and an HTTP MCP server are pointed at them, by address, by an
 * embedding IPv6 form and by a name. Prints one JSON object. Nothing can leave the machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStudio } from '@/lib';
import type { DnsLookup } from '@/lib/net';
import { silentLogger } from '@/lib/logger';
import { addLoopbackAddresses, fakeServer, json } from './fake-servers';

const serviceAddresses = ['168.63.129.16', '169.254.169.253', 'fd20:ce::254', 'fd00:ec2::253'];
addLoopbackAddresses(serviceAddresses);
const leak = (_path: string, response: ServerResponse) => json(response, 200, { secret: 'leaked' });
const services = await Promise.all(serviceAddresses.map((address) => fakeServer(address, 80, leak)));
const connections = () => services.reduce((sum, fake) => sum + fake.connections, 0);

const answers: Record<string, string> = {
  'wireserver.test': '168.63.129.16',
  'gce6.test': 'fd20:ce::254',
  'aws-dns.test': '169.254.169.253',
  'mapped-wireserver.test': '::ffff:168.63.129.16',
};
const lookup: DnsLookup = async (hostname) => {
  const address = answers[hostname];
  if (!address) throw Object.assign(new Error(`no such name ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address, family: address.includes(':') ? 6 : 4 }];
};

const urls = [
  'http://168.63.129.16/machine?comp=goalstate',
  'http://[::ffff:a83f:8110]/',
  'http://[64:ff9b::a83f:8110]/',
  'http://wireserver.test/',
  'http://mapped-wireserver.test/',
  'http://169.254.169.253/',
  'http://aws-dns.test/',
  'http://[fd00:ec2::253]/',
  'http://[fd20:ce::254]/computeMetadata/v1/',
  'http://gce6.test/computeMetadata/v1/',
];

const directory = mkdtempSync(join(tmpdir(), 'studio-cloud-services-'));
const studio = await createStudio({
  database: { url: `file:${join(directory, 'studio.db')}` },
  logger: silentLogger,
  settings: { mode: 'test', outbound: { lookup } },
});
async function call(method: string, path: string, body?: unknown) {
  const response = await studio.api.request(path, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const document = {
  openapi: '3.0.3',
  info: { title: 'Instance', version: '1' },
  paths: {
    '/machine': { get: { operationId: 'goalState', responses: { '200': { description: 'ok' } } } },
  },
};

const results: Record<string, unknown> = {};
try {
  const webFetch: Record<string, unknown> = {};
  for (const url of urls) webFetch[url] = await studio.builtInTools.web_fetch!.execute!({ url });
  results.webFetch = { outcomes: webFetch, connections: connections() };

  const integrations: Record<string, unknown> = {};
  for (const [id, baseUrl] of [
    ['wireserver', 'http://168.63.129.16'],
    ['wireserver-name', 'http://wireserver.test'],
    ['gce6', 'http://[fd20:ce::254]'],
    ['aws-dns', 'http://169.254.169.253'],
  ] as const) {
    const saved = await call('PUT', `/api/integrations/${id}`, { type: 'openapi', document, baseUrl });
    const agentId = `agent-${id}`;
    await call('POST', '/api/agents', {
      id: agentId,
      name: id,
      model: 'openai/gpt-4o-mini',
      instructions: 'Use the tool.',
      integrationTools: { [id]: { tools: { goalState: {} } } },
    });
    await call('POST', `/api/agents/${agentId}/versions/1/publish`, {});
    const resolved = await call('POST', `/api/agents/${agentId}/resolve`, {});
    const name = ((resolved.body.tools as Array<{ name: string }>) ?? [])[0]?.name ?? 'goalState';
    const executed = await call('POST', `/api/agents/${agentId}/tools/${name}/execute`, { input: {} });
    integrations[id] = { saved: saved.status, executed };
  }
  results.integrations = { outcomes: integrations, connections: connections() };

  const mcp: Record<string, unknown> = {};
  for (const [id, url] of [
    ['mcp-gce6', 'http://[fd20:ce::254]/mcp'],
    ['mcp-wireserver', 'http://wireserver.test/mcp'],
    ['mcp-aws-dns6', 'http://[fd00:ec2::253]/mcp'],
  ] as const) {
    const saved = await call('POST', '/api/mcp-clients', { id, name: id, servers: { remote: { type: 'http', url } } });
    const tested = await call('POST', `/api/mcp-clients/${id}/test`, {});
    mcp[id] = { saved: saved.status, refusal: saved.body.error, tested: tested.body };
  }
  results.mcp = { outcomes: mcp, connections: connections() };
} finally {
  await studio.close();
  rmSync(directory, { recursive: true, force: true });
  for (const fake of services) fake.server.close();
}

process.stdout.write(`${JSON.stringify(results)}\n`);
process.exit(0);
