/**
 * `web_fetch` inside a private network namespace (netns/web-fetch-scenarios.ts): the studio's own
 * built-in instance with the default address policy, fake internal servers on loopback, private,
 * CGNAT, unique-local and metadata addresses counting connections, a fake public server for
 * redirects, timeouts, large bodies and HTML, and a stored agent's run where a scripted model calls
 * the tool and reads its results.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { networkNamespacesWork, runInNetworkNamespace } from '../../support/netns';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Results = Record<string, any>;
let results: Results;

beforeAll(async () => {
  if (!networkNamespacesWork) return;
  results = await runInNetworkNamespace<Results>({ entry: 'tests/integration/security/netns/web-fetch-scenarios.ts' });
}, 120_000);

const redirecting = [
  'http://public.test/to-metadata',
  'http://public.test/to-internal-name',
  'http://public.test/to-mapped-loopback',
];

/** What each URL of the battery must be refused as (the class named in the message). */
const expectedClass: Record<string, RegExp> = {
  'http://127.0.0.1/': /127\.0\.0\.1: loopback/,
  'http://127.1/': /127\.0\.0\.1: loopback/,
  'http://2130706433/': /127\.0\.0\.1: loopback/,
  'http://0x7f000001/': /127\.0\.0\.1: loopback/,
  'http://0177.0.0.1/': /127\.0\.0\.1: loopback/,
  'http://0x7f.0.0.1/': /127\.0\.0\.1: loopback/,
  'http://localhost/': /localhost: loopback/,
  'http://localhost./': /localhost\.: loopback/,
  'http://api.localhost/': /api\.localhost: loopback/,
  'http://0.0.0.0/': /0\.0\.0\.0: unspecified/,
  'http://0/': /0\.0\.0\.0: unspecified/,
  'http://[::1]/': /::1: loopback/,
  'http://[::]/': /::: unspecified/,
  'http://[::ffff:127.0.0.1]/': /IPv4-mapped \(embedding 127\.0\.0\.1, loopback\)/,
  'http://[::ffff:7f00:1]/': /IPv4-mapped \(embedding 127\.0\.0\.1, loopback\)/,
  'http://[::ffff:10.0.0.5]/': /IPv4-mapped \(embedding 10\.0\.0\.5, private\)/,
  'http://[::ffff:169.254.169.254]/': /IPv4-mapped \(embedding 169\.254\.169\.254, metadata\)/,
  'http://[64:ff9b::7f00:1]/': /NAT64 \(embedding 127\.0\.0\.1, loopback\)/,
  'http://[64:ff9b::a9fe:a9fe]/': /NAT64 \(embedding 169\.254\.169\.254, metadata\)/,
  'http://[2002:7f00:1::]/': /6to4 \(embedding 127\.0\.0\.1, loopback\)/,
  'http://[2002:a9fe:a9fe::]/': /6to4 \(embedding 169\.254\.169\.254, metadata\)/,
  'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/': /Teredo \(embedding 127\.0\.0\.1, loopback\)/,
  'http://10.0.0.5/': /10\.0\.0\.5: private/,
  'http://10.0.0.5:8080/': /10\.0\.0\.5: private/,
  'http://user:secret@10.0.0.5/': /10\.0\.0\.5: private/,
  'http://192.168.1.1/': /192\.168\.1\.1: private/,
  'http://172.16.0.1/': /172\.16\.0\.1: private/,
  'http://100.64.0.1/': /100\.64\.0\.1: CGNAT/,
  'http://[fd00::1]/': /fd00::1: unique-local/,
  'http://[fe80::1]/': /fe80::1: link-local/,
  'http://169.254.169.254/latest/meta-data/': /169\.254\.169\.254: metadata/,
  'https://169.254.169.254/': /169\.254\.169\.254: metadata/,
  'http://2852039166/': /169\.254\.169\.254: metadata/,
  'http://0xa9fea9fe/': /169\.254\.169\.254: metadata/,
  'http://[fd00:ec2::254]/': /fd00:ec2::254: metadata/,
  'http://metadata.google.internal/computeMetadata/v1/': /metadata\.google\.internal: metadata/,
  'http://224.0.0.1/': /224\.0\.0\.1: multicast/,
  'http://255.255.255.255/': /255\.255\.255\.255: broadcast/,
  'http://internal.test/': /internal\.test \(10\.0\.0\.5\): private/,
  'http://imds.test/': /imds\.test \(169\.254\.169\.254\): metadata/,
  'http://loopback.test/': /loopback\.test \(127\.0\.0\.1\): loopback/,
  'http://loopback6.test/': /loopback6\.test \(::1\): loopback/,
  'http://nat64.test/': /nat64\.test \(64:ff9b::a9fe:a9fe\): NAT64 \(embedding 169\.254\.169\.254, metadata\)/,
  'http://mapped.test/': /mapped\.test \(::ffff:10\.0\.0\.5\): IPv4-mapped \(embedding 10\.0\.0\.5, private\)/,
  'http://mixed.test/': /mixed\.test \(10\.0\.0\.5\): private/,
  'http://public.test/to-metadata': /169\.254\.169\.254: metadata/,
  'http://public.test/to-internal-name': /internal\.test \(10\.0\.0\.5\): private/,
  'http://public.test/to-mapped-loopback': /IPv4-mapped \(embedding 127\.0\.0\.1, loopback\)/,
};

describe.skipIf(!networkNamespacesWork)('web_fetch (private network namespace; needs root for unshare -n)', () => {
  it('runs with the default address policy', () => {
    expect(results.policy).toBe('block-internal');
  });

  it('refuses a battery of internal URLs, each before any connection, naming the URL and the address class', () => {
    const battery = results.battery as Record<
      string,
      { output: unknown; internalConnections: number; publicRequests: number }
    >;
    expect(Object.keys(battery).length).toBeGreaterThanOrEqual(30);
    expect(Object.keys(battery).sort()).toEqual(Object.keys(expectedClass).sort());
    for (const [url, outcome] of Object.entries(battery)) {
      expect(outcome.output, url).toEqual({
        content: expect.stringMatching(/^Failed to fetch URL: \S+: Refused to connect to /),
        isError: true,
      });
      expect((outcome.output as { content: string }).content, url).toMatch(expectedClass[url]!);
      expect(outcome.internalConnections, url).toBe(0);
      // Only a public name that redirects reaches the public server, once; the hop it names is refused.
      expect(outcome.publicRequests, url).toBe(redirecting.includes(url) ? 1 : 0);
    }
    // Credentials in the URL are not repeated back.
    expect(JSON.stringify(Object.values(battery))).not.toMatch(/user|secret/);
    // Names were looked up through the injected resolver; the special ones never were.
    expect(results.batteryLookups).not.toContain('localhost');
    expect(results.batteryLookups).not.toContain('metadata.google.internal');
    expect(results.batteryLookups).toContain('mixed.test');
    expect(Object.values(results.finalInternalConnections)).toEqual(
      Object.values(results.finalInternalConnections).map(() => 0),
    );
  });

  it('proves the counting: allow-all reaches the same servers (counted), metadata stays refused', () => {
    const controls = results.allowAllControls;
    for (const url of ['http://10.0.0.5/', 'http://internal.test/', 'http://[fd00::1]/', 'http://127.1/']) {
      expect(controls[url].output, url).toMatchObject({ status: 200, ok: true, content: '{"secret":"leaked"}' });
      expect(controls[url].internalConnections, url).toBe(1);
    }
    expect(controls['http://169.254.169.254/']).toEqual({
      output: { content: expect.stringMatching(/metadata addresses may not be reached/), isError: true },
      internalConnections: 0,
    });
  });

  it('follows five redirects and refuses the sixth without requesting it', () => {
    expect(results.fiveRedirects).toMatchObject({ status: 200, ok: true, url: 'http://public.test/chain/0' });
    expect(results.sixRedirects).toEqual({
      content:
        'Failed to fetch URL: http://public.test/chain/6: Too many redirects (more than 5) starting from http://public.test/chain/6.',
      isError: true,
    });
    expect(results.sixRedirectsPaths).toEqual(['/chain/6', '/chain/5', '/chain/4', '/chain/3', '/chain/2', '/chain/1']);
  });

  it('times out a server that does not answer, and one whose body never ends', () => {
    for (const name of ['slow', 'trickle']) {
      expect(results[name].output, name).toEqual({
        content: `Failed to fetch URL: http://public.test/${name}: No complete answer within 300 ms.`,
        isError: true,
      });
      expect(results[name].elapsedMs, name).toBeLessThan(5_000);
    }
  });

  it('cuts a body of 100,001 characters to 100,000 with truncated: true, and leaves 100,000 whole', () => {
    expect(results.big).toEqual({
      contentLength: 100_000,
      contentCharacters: 'a',
      truncated: true,
      status: 200,
      statusText: 'OK',
      contentType: 'text/plain; charset=utf-8',
      url: 'http://public.test/big',
      ok: true,
    });
    expect(results.exact).toMatchObject({ contentLength: 100_000, contentCharacters: 'b', truncated: false });
  });

  it('returns an HTML page as readable text, HTTP errors with their status, and refuses binary types', () => {
    expect(results.page).toEqual({
      content:
        'Field notes\n\nThe heron waits in the marsh [http://public.test/marsh] at dawn.\n\n * Grey heron\n * Egret',
      truncated: false,
      status: 200,
      statusText: 'OK',
      contentType: 'text/html; charset=utf-8',
      url: 'http://public.test/page',
      ok: true,
    });
    expect(results.missing).toMatchObject({
      status: 404,
      statusText: 'Not Found',
      ok: false,
      content: '{"missing":"/nowhere"}',
    });
    expect(results.binary).toEqual({
      content:
        'Failed to fetch URL: http://public.test/logo.png answered with image/png, which is not text; web_fetch reads web pages and text only.',
      isError: true,
    });
    expect(results.headersSent['user-agent']).toMatch(/web_fetch/);
  });

  it('gives a scripted model in a stored agent’s run the results as the model sees them', () => {
    expect(results.agentSaved).toEqual([201, 200]);
    expect(results.run).toEqual({ status: 'finished', text: 'I read what I could.' });
    expect(results.runInternalConnections).toBe(0);
    const [page, metadata, big, chain] = results.modelSaw;
    expect(page.output).toEqual({ type: 'json', value: results.page });
    expect(metadata.output).toEqual({
      type: 'error-text',
      value:
        'Failed to fetch URL: http://public.test/to-metadata: Refused to connect to 169.254.169.254: metadata addresses may not be reached from here.',
    });
    expect(big.output).toEqual({ type: 'json', value: results.big });
    expect(chain.output).toEqual({ type: 'error-text', value: results.sixRedirects.content });
  });
});
