/**
 * Runs inside a private network namespace (`unshare -n`, started by outbound-guard.test.ts): adds
 * 169.254.169.254 and 10.0.0.5 to its loopback, starts fake servers that count every connection,
 * and prints one JSON object with what each scenario saw. Nothing can leave the machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStudio, type Studio } from '@/lib';
import { silentLogger } from '@/lib/logger';
import type { DnsLookup } from '@/lib/net';
import { createOutbound, OutboundError } from '@/lib/net';
import { addLoopbackAddresses, fakeServer, json } from './fake-servers';

addLoopbackAddresses(['169.254.169.254', '10.0.0.5']);

const metadata = await fakeServer('169.254.169.254', 80, (_path, response) =>
  json(response, 200, { AccessKeyId: 'leaked' }),
);
const internal = await fakeServer('10.0.0.5', 80, (path, response) => json(response, 200, { internal: path }));
const other = await fakeServer('127.0.0.1', 0, (path, response) => json(response, 200, { other: path }));
// An OpenAI-compatible model server on the local network (Ollama, vLLM): a configured URL may reach it.
const plantedProviderKey = 'planted-provider-key-7f3a';
const provider = await fakeServer('10.0.0.5', 8080, (path, response) => {
  if (path.startsWith('/echo-key/'))
    return json(response, 401, {
      error: { message: `Incorrect API key provided: ${plantedProviderKey}. ${'Details follow. '.repeat(40)}` },
    });
  json(response, 200, {
    id: 'completion-1',
    object: 'chat.completion',
    created: 1,
    model: 'llama3',
    choices: [
      { index: 0, message: { role: 'assistant', content: 'Hello from the local network.' }, finish_reason: 'stop' },
    ],
    usage: { prompt_tokens: 3, completion_tokens: 5, total_tokens: 8 },
  });
});
const redirector = await fakeServer('127.0.0.1', 0, (path, response) => {
  const [, kind, count] = path.split('/');
  const location =
    kind === 'to-metadata'
      ? 'http://169.254.169.254/latest/meta-data/iam'
      : kind === 'to-metadata-name'
        ? 'http://imds.test/latest'
        : kind === 'to-other'
          ? `${other.url}/landed`
          : kind === 'same-origin'
            ? '/final'
            : kind === 'chain' && Number(count) < 10
              ? `/chain/${Number(count) + 1}`
              : undefined;
  if (location === undefined) return json(response, 200, { path });
  response.writeHead(302, { location });
  response.end();
});

const lookups: string[] = [];
const lookup: DnsLookup = async (hostname) => {
  lookups.push(hostname);
  const table: Record<string, string> = {
    'imds.test': '169.254.169.254',
    'internal.test': '10.0.0.5',
    'api.test': '127.0.0.1',
    'nat64.test': '64:ff9b::a9fe:a9fe',
  };
  const address = table[hostname];
  if (!address) throw Object.assign(new Error(`no such name ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address, family: address.includes(':') ? 6 : 4 }];
};

const outbound = createOutbound({ lookup });
const results: Record<string, unknown> = {};

async function attempt(run: () => Promise<Response | { status: number }>) {
  try {
    const response = await run();
    if ('text' in response && typeof response.text === 'function') await response.text();
    return { status: response.status };
  } catch (error) {
    return error instanceof OutboundError
      ? { failure: error.failure, addressClass: error.addressClass, message: error.message }
      : { error: String(error) };
  }
}

const snapshot = () => ({
  metadata: metadata.connections,
  internal: internal.connections,
  internalRequests: internal.requests.length,
  other: other.connections,
  provider: provider.connections,
});

// 1. The guard itself.
{
  const before = snapshot();
  results.literalMetadata = await attempt(() => outbound.configured.fetch('http://169.254.169.254/latest/meta-data'));
  results.decimalMetadata = await attempt(() => outbound.configured.fetch('http://2852039166/latest'));
  results.mappedMetadata = await attempt(() => outbound.configured.fetch('http://[::ffff:169.254.169.254]/'));
  lookups.length = 0;
  results.nameToMetadata = await attempt(() => outbound.configured.fetch('http://imds.test/latest'));
  results.nameToMetadataLookups = [...lookups];
  results.nameToNat64Metadata = await attempt(() => outbound.configured.fetch('http://nat64.test/'));
  results.googleMetadataName = await attempt(() =>
    outbound.configured.fetch('http://metadata.google.internal/computeMetadata/v1/'),
  );
  results.modelChosenPrivate = await attempt(() => outbound.modelChosen.fetch('http://10.0.0.5/'));
  results.modelChosenPrivateName = await attempt(() => outbound.modelChosen.fetch('http://internal.test/'));
  results.modelChosenLoopback = await attempt(() => outbound.modelChosen.fetch(`${other.url}/`));
  results.modelChosenLocalhost = await attempt(() => outbound.modelChosen.fetch('http://localhost./'));
  results.refusedConnections = { before, after: snapshot() };

  lookups.length = 0;
  results.configuredPrivateName = await attempt(() => outbound.configured.fetch('http://internal.test/x'));
  results.configuredPrivateNameLookups = [...lookups];
  results.configuredPrivate = await attempt(() => outbound.configured.fetch('http://10.0.0.5/y'));
  results.allowedConnections = snapshot();

  const beforeRedirect = snapshot();
  results.redirectToMetadata = await attempt(() => outbound.configured.fetch(`${redirector.url}/to-metadata`));
  results.redirectToMetadataName = await attempt(() => outbound.configured.fetch(`${redirector.url}/to-metadata-name`));
  results.redirectConnections = { before: beforeRedirect, after: snapshot() };

  other.requests.length = 0;
  redirector.requests.length = 0;
  results.crossOrigin = await attempt(() =>
    outbound.configured.fetch(`${redirector.url.replace('127.0.0.1', 'user:pass@127.0.0.1')}/to-other`, {
      headers: {
        authorization: 'Bearer planted-token',
        'x-api-key': 'planted-key',
        cookie: 'a=b',
        accept: 'application/json',
      },
    }),
  );
  results.crossOriginFirstHop = redirector.requests.map((request) => request.headers);
  results.crossOriginLanded = other.requests.map((request) => request.headers);
  redirector.requests.length = 0;
  results.sameOrigin = await attempt(() =>
    outbound.configured.fetch(`${redirector.url}/same-origin`, { headers: { authorization: 'Bearer kept' } }),
  );
  results.sameOriginHeaders = redirector.requests.map((request) => [request.path, request.headers.authorization]);

  redirector.requests.length = 0;
  results.fiveRedirects = await attempt(() => outbound.configured.fetch(`${redirector.url}/chain/5`));
  results.sixRedirects = await attempt(() => outbound.configured.fetch(`${redirector.url}/chain/4`));

  const unreachable = await outbound.modelChosen.request({ url: 'http://1.2.3.4/', timeoutMs: 500 }).then(
    () => 'answered',
    (error: unknown) => (error instanceof OutboundError ? error.failure : String(error)),
  );
  results.boundedRequestToUnroutable = unreachable;
  const capped = await outbound.configured.request({ url: `${redirector.url}/same-origin`, maxBodyBytes: 5 });
  results.cappedBody = { url: capped.url, truncated: capped.truncated, text: capped.text(), status: capped.status };
}

// 2. Through the product: an integration and an HTTP MCP server pointed at metadata addresses.
const directory = mkdtempSync(join(tmpdir(), 'studio-netns-'));
const studio = await createStudio({
  database: { url: `file:${join(directory, 'studio.db')}` },
  logger: silentLogger,
  settings: { mode: 'test', outbound: { lookup } },
});
const callOf =
  (target: Studio) =>
  async (method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> => {
    const response = await target.api.request(path, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
const call = callOf(studio);
const document = {
  openapi: '3.0.3',
  info: { title: 'Instance', version: '1' },
  paths: {
    '/latest/meta-data/{item}': {
      get: {
        operationId: 'getItem',
        parameters: [{ name: 'item', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
};
try {
  const before = snapshot();
  const outcomes: Record<string, unknown> = {};
  for (const [id, baseUrl] of [
    ['metadata-literal', 'http://169.254.169.254'],
    ['metadata-name', 'http://imds.test'],
    ['private-ok', 'http://10.0.0.5'],
    ['redirecting', `${redirector.url}/to-metadata`],
  ] as const) {
    const saved = await call('PUT', `/api/integrations/${id}`, {
      type: 'openapi',
      document,
      baseUrl,
      credentials: { type: 'bearer', token: 'planted-integration-token' },
    });
    const agentId = `agent-${id}`;
    await call('POST', '/api/agents', {
      id: agentId,
      name: id,
      model: 'openai/gpt-4o-mini',
      instructions: 'Use the tool.',
      integrationTools: { [id]: { tools: { getItem: {} } } },
    });
    await call('POST', `/api/agents/${agentId}/versions/1/publish`, {});
    const resolved = await call('POST', `/api/agents/${agentId}/resolve`, {});
    const name = ((resolved.body.tools as Array<{ name: string }>) ?? [])[0]?.name ?? 'getItem';
    const executed = await call('POST', `/api/agents/${agentId}/tools/${name}/execute`, { input: { item: 'iam' } });
    outcomes[id] = { saved: saved.status, executed };
  }
  results.integrations = { outcomes, before, after: snapshot() };

  const mcpBefore = snapshot();
  const mcpOutcomes: Record<string, unknown> = {};
  for (const [id, url] of [
    ['mcp-metadata', 'http://169.254.169.254/mcp'],
    ['mcp-metadata-name', 'http://imds.test/mcp'],
    ['mcp-mapped', 'http://[::ffff:a9fe:a9fe]/mcp'],
    ['mcp-private', 'http://10.0.0.5/mcp'],
  ] as const) {
    const saved = await call('POST', '/api/mcp-clients', { id, name: id, servers: { remote: { type: 'http', url } } });
    const tested = await call('POST', `/api/mcp-clients/${id}/test`, {});
    mcpOutcomes[id] = { saved: saved.status, refusal: saved.body.error, tested: tested.body };
  }
  results.mcp = { outcomes: mcpOutcomes, before: mcpBefore, after: snapshot() };
} finally {
  await studio.close();
  rmSync(directory, { recursive: true, force: true });
}

// 3. Model providers: the base URL of the OpenAI-compatible provider (one per studio) pointed at
// metadata addresses, at a redirect to another origin, at a provider that echoes the key, and at
// a model server on the local network.
async function runAgainstProvider(baseUrl: string, { stream = false } = {}) {
  const providerDirectory = mkdtempSync(join(tmpdir(), 'studio-netns-provider-'));
  const providerStudio = await createStudio({
    database: { url: `file:${join(providerDirectory, 'studio.db')}` },
    logger: silentLogger,
    settings: {
      mode: 'test',
      outbound: { lookup },
      openaiCompatibleBaseUrl: baseUrl,
      modelKeys: { compatible: plantedProviderKey },
    },
  });
  try {
    const send = callOf(providerStudio);
    await send('POST', '/api/agents', {
      id: 'talker',
      name: 'Talker',
      model: 'compatible/llama3',
      instructions: 'Hi.',
    });
    await send('POST', '/api/agents/talker/versions/1/publish', {});
    if (stream) {
      const response = await providerStudio.api.request('/api/agents/talker/stream', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: 'Say hello.' }),
      });
      return { status: response.status, text: await response.text() };
    }
    const generated = await send('POST', '/api/agents/talker/generate', { prompt: 'Say hello.', runId: 'run-1' });
    // The stored run keeps the failure as it was answered.
    return { ...generated, run: (await send('GET', '/api/runs/run-1')).body };
  } finally {
    await providerStudio.close();
    rmSync(providerDirectory, { recursive: true, force: true });
  }
}

try {
  const before = snapshot();
  const outcomes: Record<string, unknown> = {};
  outcomes.metadataLiteral = await runAgainstProvider('http://169.254.169.254/v1');
  outcomes.metadataName = await runAgainstProvider('http://imds.test/v1');
  outcomes.metadataStream = await runAgainstProvider('http://169.254.169.254/v1', { stream: true });
  const afterRefusals = snapshot();
  redirector.requests.length = 0;
  other.requests.length = 0;
  outcomes.redirectElsewhere = await runAgainstProvider(`${redirector.url}/to-other`);
  const redirectFirstHop = redirector.requests.map((request) => request.headers.authorization);
  const redirectLanded = other.requests.map((request) => request.headers.authorization ?? null);
  outcomes.echoesKey = await runAgainstProvider('http://10.0.0.5:8080/echo-key/v1');
  outcomes.localNetwork = await runAgainstProvider('http://10.0.0.5:8080/v1');
  results.providers = {
    outcomes,
    before,
    afterRefusals,
    after: snapshot(),
    redirectFirstHop,
    redirectLanded,
    providerPaths: provider.requests.map((request) => [request.path, request.headers.authorization]),
  };
} finally {
  await outbound.close();
  for (const fake of [metadata, internal, other, redirector, provider]) fake.server.close();
}

process.stdout.write(`${JSON.stringify(results)}\n`);
process.exit(0);
