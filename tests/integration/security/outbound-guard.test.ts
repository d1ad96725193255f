/**
 * The outbound guard inside a private network namespace: fake "internal" servers on
 * 169.254.169.254 and 10.0.0.5 (added to the namespace's loopback) count every connection, so a
 * refusal is proven to happen before anything connects. DNS answers come from the injected
 * `settings.outbound.lookup`. Integrations, HTTP MCP servers and model providers are driven through the product.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { networkNamespacesWork, runInNetworkNamespace } from '../../support/netns';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Results = Record<string, any>;
let results: Results;

beforeAll(async () => {
  if (!networkNamespacesWork) return;
  results = await runInNetworkNamespace<Results>({ entry: 'tests/integration/security/netns/outbound-scenarios.ts' });
}, 120_000);

describe.skipIf(!networkNamespacesWork)(
  'the outbound guard (private network namespace; needs root for unshare -n)',
  () => {
    it('refuses metadata addresses in every spelling before connecting', () => {
      for (const name of ['literalMetadata', 'decimalMetadata', 'nameToMetadata', 'googleMetadataName']) {
        expect(results[name], name).toMatchObject({ failure: 'refused', addressClass: 'metadata' });
        expect(results[name].message, name).toMatch(/metadata/);
      }
      expect(results.mappedMetadata).toMatchObject({
        failure: 'refused',
        addressClass: expect.stringMatching(/^IPv4-mapped .*metadata/),
      });
      expect(results.nameToNat64Metadata).toMatchObject({
        failure: 'refused',
        addressClass: expect.stringMatching(/^NAT64 .*metadata/),
      });
      // The injected lookup answered, once.
      expect(results.nameToMetadataLookups).toEqual(['imds.test']);
    });

    it('refuses loopback and private addresses to model-chosen URLs only', () => {
      expect(results.modelChosenPrivate).toMatchObject({ failure: 'refused', addressClass: 'private' });
      expect(results.modelChosenPrivateName).toMatchObject({ failure: 'refused', addressClass: 'private' });
      expect(results.modelChosenLoopback).toMatchObject({ failure: 'refused', addressClass: 'loopback' });
      expect(results.modelChosenLocalhost).toMatchObject({ failure: 'refused', addressClass: 'loopback' });
      expect(results.refusedConnections.after).toEqual(results.refusedConnections.before);
      expect(results.refusedConnections.after.metadata).toBe(0);

      expect(results.configuredPrivateName).toEqual({ status: 200 });
      expect(results.configuredPrivate).toEqual({ status: 200 });
      expect(results.configuredPrivateNameLookups).toEqual(['internal.test']);
      // The counting works: the allowed requests did connect.
      expect(results.allowedConnections.internal).toBeGreaterThan(results.refusedConnections.after.internal);
    });

    it('re-checks every redirect: a redirect to a metadata address is refused without connecting', () => {
      expect(results.redirectToMetadata).toMatchObject({ failure: 'refused', addressClass: 'metadata' });
      expect(results.redirectToMetadataName).toMatchObject({ failure: 'refused', addressClass: 'metadata' });
      expect(results.redirectConnections.after.metadata).toBe(0);
    });

    it('drops credentials when a redirect leaves the origin, keeps them within it', () => {
      expect(results.crossOrigin).toEqual({ status: 200 });
      const [first] = results.crossOriginFirstHop;
      expect(first.authorization).toBe('Bearer planted-token');
      expect(first['x-api-key']).toBe('planted-key');
      const [landed] = results.crossOriginLanded;
      expect(landed.authorization).toBeUndefined();
      expect(landed['x-api-key']).toBeUndefined();
      expect(landed.cookie).toBeUndefined();
      expect(landed.accept).toBe('application/json');
      expect(results.sameOriginHeaders).toEqual([
        ['/same-origin', 'Bearer kept'],
        ['/final', 'Bearer kept'],
      ]);
    });

    it('follows five redirects and refuses the sixth', () => {
      expect(results.fiveRedirects).toEqual({ status: 200 });
      expect(results.sixRedirects).toMatchObject({ failure: 'too_many_redirects' });
      expect(results.sixRedirects.message).toMatch(/more than 5/);
    });

    it('answers bounded requests with the final URL and a capped body', () => {
      expect(results.boundedRequestToUnroutable).toBe('network');
      expect(results.cappedBody).toMatchObject({ truncated: true, text: '{"pat', status: 200 });
      expect(results.cappedBody.url).toMatch(/\/final$/);
    });

    it('keeps integrations away from metadata addresses (zero connections) and lets them reach configured private ones', () => {
      const { outcomes, before, after } = results.integrations;
      for (const id of ['metadata-literal', 'metadata-name', 'redirecting']) {
        expect(outcomes[id].saved, id).toBe(201);
        expect(outcomes[id].executed.status, id).toBe(200);
        expect(outcomes[id].executed.body.isError, id).toBe(true);
        expect(JSON.stringify(outcomes[id].executed.body.output), id).toMatch(/metadata addresses may not be reached/);
        expect(JSON.stringify(outcomes[id].executed.body), id).not.toMatch(/planted-integration-token|leaked/);
      }
      expect(after.metadata).toBe(before.metadata);
      expect(after.metadata).toBe(0);
      expect(outcomes['private-ok'].executed.body).toMatchObject({ isError: false, output: { status: 200 } });
    });

    it('keeps HTTP MCP servers away from metadata addresses: a literal one refused at save, a name in the connection test, nothing connected', () => {
      const { outcomes, after } = results.mcp;
      for (const id of ['mcp-metadata', 'mcp-mapped']) {
        expect(outcomes[id].saved, id).toBe(400);
        expect(outcomes[id].refusal.details.issues, id).toEqual([
          { path: 'servers.remote.url', message: expect.stringMatching(/never connects to \(.*metadata\)+$/) },
        ]);
      }
      expect(outcomes['mcp-metadata-name'].saved).toBe(201);
      const server = outcomes['mcp-metadata-name'].tested.servers.remote;
      expect(server).toMatchObject({ ok: false, reason: 'refused' });
      expect(server.error).toMatch(/metadata/);
      expect(after.metadata).toBe(0);
      // A configured private address is reached (and fails as a non-MCP server would).
      expect(outcomes['mcp-private'].tested.servers.remote).toMatchObject({ ok: false });
      expect(outcomes['mcp-private'].tested.servers.remote.reason).not.toBe('refused');
      expect(after.internalRequests).toBeGreaterThan(results.mcp.before.internalRequests);
    });
    it('sends model provider calls through the guard: metadata refused before connecting, keys kept to their origin, local model servers reached', () => {
      const { outcomes, before, afterRefusals, after, redirectFirstHop, redirectLanded, providerPaths } =
        results.providers;
      for (const name of ['metadataLiteral', 'metadataName']) {
        expect(outcomes[name].status, name).toBe(503);
        expect(outcomes[name].body.error, name).toMatchObject({
          code: 'unavailable',
          message: expect.stringMatching(
            /^The model provider cannot be reached: .*metadata addresses may not be reached/,
          ),
          details: { reason: 'refused', addressClass: 'metadata' },
        });
        // The stored run says the same.
        expect(outcomes[name].run).toMatchObject({ status: 'failed', error: { code: 'unavailable' } });
      }
      expect(outcomes.metadataStream.status).toBe(200);
      expect(outcomes.metadataStream.text).toMatch(/event: error\ndata: .*metadata addresses may not be reached/);
      expect(afterRefusals.metadata).toBe(0);
      expect(afterRefusals.provider).toBe(before.provider);

      // A redirect to another origin: the key went to the provider's own origin only.
      expect(redirectFirstHop).toEqual(['Bearer planted-provider-key-7f3a']);
      expect(redirectLanded).toEqual([null]);
      expect(outcomes.redirectElsewhere.body.error.code).toBe('unavailable');

      // A provider that echoes the key in its error: the message is a short excerpt without it.
      const echoed = outcomes.echoesKey.body.error.message as string;
      expect(echoed).toMatch(/^The model provider failed: Incorrect API key provided: \[redacted\]/);
      expect(echoed.length).toBeLessThan(260);
      expect(JSON.stringify(outcomes)).not.toContain('planted-provider-key');

      // A configured private address (a model server on the local network) is reached and answers.
      expect(outcomes.localNetwork.status).toBe(200);
      expect(outcomes.localNetwork.body).toMatchObject({ status: 'finished', text: 'Hello from the local network.' });
      expect(providerPaths).toEqual([
        ['/echo-key/v1/chat/completions', 'Bearer planted-provider-key-7f3a'],
        ['/v1/chat/completions', 'Bearer planted-provider-key-7f3a'],
      ]);
      expect(after.metadata).toBe(0);
    });
  },
);
