/**
 * Runs inside a private network namespace (`unshare -n`, started by web-fetch.test.ts): `web_fetch`
 * as a studio builds it, with the default address policy and DNS answers from the injected
 * `settings.outbound.lookup`. Fake "internal" servers (loopback, private, CGNAT, unique-local and
 * metadata addresses on the namespace's loopback) count every connection; a fake "public" server
 * on 93.184.215.14 redirects, answers slowly, sends large bodies and HTML pages. Prints one JSON
 * object with what each case saw. Nothing can leave the machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStudio } from '@/lib';
import { createWebFetchTool } from '@/lib/builtin-tools';
import type { DnsLookup } from '@/lib/net';
import { silentLogger } from '@/lib/logger';
import { createScriptedModel } from '@/tests/support/scripted-model';
import { outputOf } from '@/tests/support/tool-execution';
import { addLoopbackAddresses, fakeServer, json, type FakeServer } from './fake-servers';

const publicAddress = '93.184.215.14';
const internalAddresses = ['10.0.0.5', '192.168.1.1', '172.16.0.1', '100.64.0.1', '169.254.169.254'];
addLoopbackAddresses([publicAddress, ...internalAddresses, 'fd00::1', 'fd00:ec2::254']);

const leak = (_path: string, response: ServerResponse) => json(response, 200, { secret: 'leaked' });
const internal: Record<string, FakeServer> = {};
for (const [host, port] of [
  ['127.0.0.1', 80],
  ['::1', 80],
  ['10.0.0.5', 80],
  ['10.0.0.5', 8080],
  ['192.168.1.1', 80],
  ['172.16.0.1', 80],
  ['100.64.0.1', 80],
  ['169.254.169.254', 80],
  ['169.254.169.254', 443],
  ['fd00::1', 80],
  ['fd00:ec2::254', 80],
] as const)
  internal[`${host}:${port}`] = await fakeServer(host, port, leak);

const slowResponses = new Set<ServerResponse>();
const page = `<!DOCTYPE html><html><head><title>Field notes</title><style>h1{color:green}</style>
<script>window.tracking = true</script></head><body><h1>Field notes</h1>
<p>The <em>heron</em> waits in the <a href="/marsh">marsh</a> at dawn.</p><ul><li>Grey heron</li><li>Egret</li></ul></body></html>`;
const publicServer = await fakeServer(publicAddress, 80, (path, response) => {
  const chain = /^\/chain\/(\d+)$/.exec(path);
  if (chain) {
    const left = Number(chain[1]);
    if (left === 0) return json(response, 200, { end: 'of the chain' });
    response.writeHead(302, { location: `/chain/${left - 1}` });
    return response.end();
  }
  switch (path) {
    case '/to-metadata':
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/iam/security-credentials/' });
      return response.end();
    case '/to-internal-name':
      response.writeHead(301, { location: 'http://internal.test/admin' });
      return response.end();
    case '/to-mapped-loopback':
      response.writeHead(307, { location: 'http://[::ffff:127.0.0.1]/' });
      return response.end();
    case '/slow':
      // Headers never come: the timeout has to end the call.
      slowResponses.add(response);
      return;
    case '/trickle':
      // Headers at once, then a body that never finishes.
      slowResponses.add(response);
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('a first line\n');
      return;
    case '/big':
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return response.end(`${'a'.repeat(100_000)}Z`);
    case '/exact':
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return response.end('b'.repeat(100_000));
    case '/page':
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(page);
    case '/logo.png':
      response.writeHead(200, { 'content-type': 'image/png' });
      return response.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    default:
      return json(response, 404, { missing: path });
  }
});

const answers: Record<string, string[]> = {
  'public.test': [publicAddress],
  'internal.test': ['10.0.0.5'],
  'imds.test': ['169.254.169.254'],
  'loopback.test': ['127.0.0.1'],
  'loopback6.test': ['::1'],
  'nat64.test': ['64:ff9b::a9fe:a9fe'],
  'mapped.test': ['::ffff:10.0.0.5'],
  // One good answer does not make a name safe: every answer is checked.
  'mixed.test': [publicAddress, '10.0.0.5'],
};
const lookups: string[] = [];
const lookup: DnsLookup = async (hostname) => {
  lookups.push(hostname);
  const found = answers[hostname];
  if (!found) throw Object.assign(new Error(`no such name ${hostname}`), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) }));
};

const model = createScriptedModel({
  steps: [
    {
      toolCalls: [
        { toolName: 'web_fetch', input: { url: 'http://public.test/page' } },
        { toolName: 'web_fetch', input: { url: 'http://public.test/to-metadata' } },
        { toolName: 'web_fetch', input: { url: 'http://public.test/big' } },
        { toolName: 'web_fetch', input: { url: 'http://public.test/chain/6' } },
      ],
    },
    { text: 'I read what I could.' },
  ],
});
const directory = mkdtempSync(join(tmpdir(), 'studio-web-fetch-'));
const studio = await createStudio({
  database: { url: `file:${join(directory, 'studio.db')}` },
  logger: silentLogger,
  settings: { mode: 'test', outbound: { lookup } },
  models: { 'test/scripted': model },
});
const webFetch = studio.builtInTools.web_fetch!;
const fetchPage = async (url: string) => brief(outputOf(await webFetch.execute!({ url })));

/** Long contents are described rather than printed: the scenario's answer is one line of JSON. */
function brief(output: unknown): unknown {
  const { content, ...rest } = output as { content?: unknown };
  if (typeof content !== 'string' || content.length <= 1000) return output;
  return { ...rest, contentLength: content.length, contentCharacters: [...new Set(content)].join('') };
}

const counts = () => ({
  internalConnections: Object.fromEntries(Object.entries(internal).map(([key, fake]) => [key, fake.connections])),
  publicRequests: publicServer.requests.length,
});
const internalTotal = (snapshot: ReturnType<typeof counts>) =>
  Object.values(snapshot.internalConnections).reduce((sum, count) => sum + count, 0);

const results: Record<string, unknown> = { policy: studio.settings.webFetch.addressPolicy };
try {
  // 1. The battery: every URL refused before anything connects.
  const battery = [
    'http://127.0.0.1/',
    'http://127.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://0x7f.0.0.1/',
    'http://localhost/',
    'http://localhost./',
    'http://api.localhost/',
    'http://0.0.0.0/',
    'http://0/',
    'http://[::1]/',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[::ffff:10.0.0.5]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[2002:7f00:1::]/',
    'http://[2002:a9fe:a9fe::]/',
    'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
    'http://10.0.0.5/',
    'http://10.0.0.5:8080/',
    'http://user:secret@10.0.0.5/',
    'http://192.168.1.1/',
    'http://172.16.0.1/',
    'http://100.64.0.1/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://169.254.169.254/latest/meta-data/',
    'https://169.254.169.254/',
    'http://2852039166/',
    'http://0xa9fea9fe/',
    'http://[fd00:ec2::254]/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://internal.test/',
    'http://imds.test/',
    'http://loopback.test/',
    'http://loopback6.test/',
    'http://nat64.test/',
    'http://mapped.test/',
    'http://mixed.test/',
    'http://public.test/to-metadata',
    'http://public.test/to-internal-name',
    'http://public.test/to-mapped-loopback',
  ];
  const cases: Record<string, unknown> = {};
  for (const url of battery) {
    const before = counts();
    const output = await fetchPage(url);
    const after = counts();
    cases[url] = {
      output,
      internalConnections: internalTotal(after) - internalTotal(before),
      publicRequests: after.publicRequests - before.publicRequests,
    };
  }
  results.battery = cases;
  results.batteryLookups = [...new Set(lookups)].sort();

  // 2. The limits, on the public server.
  results.fiveRedirects = await fetchPage('http://public.test/chain/5');
  publicServer.requests.length = 0;
  results.sixRedirects = await fetchPage('http://public.test/chain/6');
  results.sixRedirectsPaths = publicServer.requests.map((request) => request.path);
  results.big = await fetchPage('http://public.test/big');
  results.exact = await fetchPage('http://public.test/exact');
  results.page = await fetchPage('http://public.test/page');
  results.binary = await fetchPage('http://public.test/logo.png');
  results.missing = await fetchPage('http://public.test/nowhere');
  results.headersSent = publicServer.requests.at(-1)?.headers;

  // A short timeout for the slow server (the built-in instance keeps 15 s; a unit test checks that).
  const quick = createWebFetchTool({ outbound: studio.outbound, timeoutMs: 300 });
  for (const [name, url] of [
    ['slow', 'http://public.test/slow'],
    ['trickle', 'http://public.test/trickle'],
  ] as const) {
    const started = performance.now();
    results[name] = {
      output: outputOf(await quick.execute!({ url })),
      elapsedMs: Math.round(performance.now() - started),
    };
  }

  // 3. A stored agent's run: the model calls web_fetch and reads the results.
  const created = await studio.api.request('/api/agents', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      id: 'reader',
      name: 'Reader',
      model: 'test/scripted',
      instructions: 'Read the pages you are given.',
      tools: { web_fetch: {} },
    }),
  });
  const published = await studio.api.request('/api/agents/reader/versions/1/publish', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  results.agentSaved = [created.status, published.status];
  const before = counts();
  const run = await (await studio.runtime.loadAgent('reader')).generate('Read these pages');
  results.run = { status: run.status, text: run.text };
  results.runInternalConnections = internalTotal(counts()) - internalTotal(before);
  results.modelSaw = (model.prompts[1] ?? [])
    .filter((message) => message.role === 'tool')
    .flatMap((message) => message.content as Array<{ toolCallId: string; output: { type: string; value: unknown } }>)
    .map(({ toolCallId, output }) => ({ toolCallId, output: { ...output, value: brief(output.value) } }));
  results.finalInternalConnections = counts().internalConnections;

  // 4. The counting works: with STUDIO_WEB_FETCH_ADDRESS_POLICY=allow-all the same servers are
  // reached (and counted), while metadata addresses stay refused.
  const allowAll = await createStudio({
    database: { url: `file:${join(directory, 'allow-all.db')}` },
    logger: silentLogger,
    settings: { mode: 'test', outbound: { lookup }, webFetch: { addressPolicy: 'allow-all' } },
  });
  try {
    const controls: Record<string, unknown> = {};
    for (const url of [
      'http://10.0.0.5/',
      'http://internal.test/',
      'http://[fd00::1]/',
      'http://127.1/',
      'http://169.254.169.254/',
    ]) {
      const before = counts();
      const output = brief(outputOf(await allowAll.builtInTools.web_fetch!.execute!({ url })));
      controls[url] = { output, internalConnections: internalTotal(counts()) - internalTotal(before) };
    }
    results.allowAllControls = controls;
  } finally {
    await allowAll.close();
  }
} finally {
  for (const response of slowResponses) response.destroy();
  await studio.close();
  for (const fake of [publicServer, ...Object.values(internal)]) {
    fake.server.closeAllConnections();
    fake.server.close();
  }
  rmSync(directory, { recursive: true, force: true });
}
console.log(JSON.stringify(results));
process.exit(0);
