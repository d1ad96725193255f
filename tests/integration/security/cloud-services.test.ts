/**
 * Cloud service addresses beyond 169.254.169.254, inside a private network namespace: fake
 * servers on Azure's WireServer (168.63.129.16), the AWS DNS resolver (169.254.169.253,
 * fd00:ec2::253) and Google Cloud's metadata over IPv6 (fd20:ce::254) count every connection while
 * `web_fetch`, an integration and an HTTP MCP server are pointed at them. All refused as
 * `metadata`, nothing connected.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { networkNamespacesWork, runInNetworkNamespace } from '../../support/netns';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Results = Record<string, any>;
let results: Results;

beforeAll(async () => {
  if (!networkNamespacesWork) return;
  results = await runInNetworkNamespace<Results>({
    entry: 'tests/integration/security/netns/cloud-services-scenarios.ts',
  });
}, 120_000);

describe.skipIf(!networkNamespacesWork)(
  'cloud metadata, DNS and WireServer addresses (private network namespace; needs root for unshare -n)',
  () => {
    it('refuses web_fetch to each of them, by address, embedding form and name, before connecting', () => {
      const { outcomes, connections } = results.webFetch;
      expect(Object.keys(outcomes)).toHaveLength(10);
      for (const [url, execution] of Object.entries(outcomes)) {
        const text = JSON.stringify(execution);
        expect(text, url).toMatch(/metadata\)? addresses may not be reached/);
        expect(text, url).not.toMatch(/leaked/);
      }
      expect(JSON.stringify(outcomes['http://[::ffff:a83f:8110]/'])).toMatch(
        /IPv4-mapped \(embedding 168\.63\.129\.16, metadata\)/,
      );
      expect(JSON.stringify(outcomes['http://gce6.test/computeMetadata/v1/'])).toMatch(/gce6\.test \(fd20:ce::254\)/);
      expect(connections).toBe(0);
    });

    it('refuses a configured integration pointed at them: a tool error naming the class, nothing connected', () => {
      const { outcomes, connections } = results.integrations;
      for (const [id, outcome] of Object.entries(outcomes) as Array<[string, Results]>) {
        expect(outcome.saved, id).toBe(201);
        expect(outcome.executed.body.isError, id).toBe(true);
        expect(JSON.stringify(outcome.executed.body.output), id).toMatch(/metadata\)? addresses may not be reached/);
      }
      expect(connections).toBe(0);
    });

    it('refuses an HTTP MCP server at them: a literal address at save, a name in the connection test, nothing connected', () => {
      const { outcomes, connections } = results.mcp;
      for (const id of ['mcp-gce6', 'mcp-aws-dns6']) {
        expect(outcomes[id].saved, id).toBe(400);
        expect(outcomes[id].refusal.details.issues[0].message, id).toMatch(/never connects to \(metadata\)$/);
      }
      expect(outcomes['mcp-wireserver'].saved).toBe(201);
      expect(outcomes['mcp-wireserver'].tested.servers.remote).toMatchObject({ ok: false, reason: 'refused' });
      expect(outcomes['mcp-wireserver'].tested.servers.remote.error).toMatch(/metadata/);
      expect(connections).toBe(0);
    });
  },
);
