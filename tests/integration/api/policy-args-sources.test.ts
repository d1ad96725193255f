/**
 * Approval policies' `args.*` on tools that are not registered: a stored OpenAPI integration's
 * tools are checked against the schema built from its stored document, and a saved MCP client's
 * tools against what its server listed last (here server-everything over stdio). Before the server
 * was ever listed nothing is known and the save goes through; once a resolution has listed it, a
 * save, the lint route, `agent lint` and the publish checks all report the same finding. Nothing
 * is started to answer a save. The list is kept in storage, so another studio on the same database
 * (another process, or this one after a restart) checks the same arguments without listing again.
 */
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudio } from '@/lib';
import { silentLogger } from '@/lib/logger';
import { call, createTestStudio } from '../../support/studio';
import { everythingStdioServer, testStdioAllowedCommands } from '../../support/mcp';
import { ordersApi } from '../../support/orders-api';
import { runCapturing } from '../cli/cli-support';

let test: Awaited<ReturnType<typeof createTestStudio>>;
let server: ServerType;
let url: string;

const when = (...conditions: unknown[]) => ({ requireApproval: { operator: 'AND', conditions } });
/** server-everything's `echo` takes `{ message: string }`: a number comparison cannot fit it. */
const echoAbove = when({ field: 'args.message', operator: 'greater_than', value: 5 });
const policyAt = (tool: string) => `toolPolicies.${tool}.requireApproval.conditions[0]`;

const agent = (id: string, toolPolicies: Record<string, unknown>) => ({
  id,
  name: id,
  model: 'openai/gpt-4o-mini',
  instructions: 'Help with orders.',
  mcpClients: { everything: { tools: { local_echo: {} } } },
  integrationTools: { orders: { tools: { getOrder: {} } } },
  toolPolicies,
});

const lint = (...argv: string[]) => runCapturing(['agent', 'lint', ...argv], { environment: { STUDIO_URL: url } });

beforeAll(async () => {
  test = await createTestStudio({
    settings: { stdioAllowedCommands: testStdioAllowedCommands, mcp: { listTimeoutMs: 15_000, callTimeoutMs: 15_000 } },
  });
  const client = await call(test.studio, 'POST', '/api/mcp-clients', {
    id: 'everything',
    name: 'Everything',
    servers: { local: everythingStdioServer() },
  });
  expect(client.status, JSON.stringify(client.body)).toBe(201);
  const integration = await call(test.studio, 'PUT', '/api/integrations/orders', {
    type: 'openapi',
    document: ordersApi,
    baseUrl: 'https://orders.test',
  });
  expect(integration.status, JSON.stringify(integration.body)).toBe(201);
  url = await new Promise<string>((resolve) => {
    server = serve({ fetch: test.studio.api.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve(`http://127.0.0.1:${info.port}`),
    );
  });
}, 60_000);

afterAll(async () => {
  if (server) await new Promise((resolve) => server.close(resolve));
  await test?.cleanup();
});

describe("a stored integration's tools", () => {
  it('refuses an argument its operation does not take, at save', async () => {
    const refused = await call(
      test.studio,
      'POST',
      '/api/agents',
      agent('orders-typo', { getOrder: when({ field: 'args.orderId', operator: 'exists' }) }),
    );
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.error.details.issues).toEqual([
      expect.objectContaining({
        code: 'unknown_field',
        path: policyAt('getOrder'),
        message: expect.stringContaining('The input schema of "getOrder" has no field "args.orderId"'),
      }),
    ]);
  });

  it('refuses the same in an imported document', async () => {
    const created = await call(test.studio, 'POST', '/api/agents', agent('orders-ok', {}));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const exported = await call(test.studio, 'GET', '/api/agents/orders-ok/export');
    const document = structuredClone(exported.body);
    document.agent.id = 'orders-imported';
    document.versions[0].snapshot.toolPolicies = {
      getOrder: when({ field: 'args.id', operator: 'greater_than', value: 1 }),
    };
    const refused = await call(test.studio, 'POST', '/api/agents/import', document);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.error.details.issues).toEqual([
      expect.objectContaining({ code: 'type_mismatch', path: `versions.0.snapshot.${policyAt('getOrder')}` }),
    ]);
  });
});

describe("a saved MCP client's tools", () => {
  it('are unchecked until the server has been listed, and checked by save, lint and publish once it has', async () => {
    const saved = await call(test.studio, 'POST', '/api/agents', agent('echoes', { local_echo: echoAbove }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.warnings).toEqual([]);
    expect(test.studio.mcpPool.stats().connects).toBe(0);

    const resolved = await call(test.studio, 'POST', '/api/agents/echoes/resolve', {
      requestContext: {},
      selector: { versionNumber: 1 },
    });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body.tools.map((tool: { name: string }) => tool.name)).toContain('local_echo');

    const refused = await call(test.studio, 'PATCH', '/api/agents/echoes', {
      baseVersionNumber: 1,
      toolPolicies: { local_echo: echoAbove, getOrder: when({ field: 'args.id', operator: 'exists' }) },
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.error.details.issues).toEqual([
      expect.objectContaining({ code: 'type_mismatch', path: policyAt('local_echo') }),
    ]);

    const linted = await call(test.studio, 'GET', '/api/agents/echoes/lint');
    expect(linted.status, JSON.stringify(linted.body)).toBe(200);
    expect(linted.body).toEqual({
      versionNumber: 1,
      diagnostics: [
        expect.objectContaining({ severity: 'error', code: 'type_mismatch', path: policyAt('local_echo') }),
      ],
    });

    const { code, stdout } = await lint('echoes');
    expect(code).toBe(1);
    expect(stdout).toMatch(/^error type_mismatch at toolPolicies\.local_echo\.requireApproval\.conditions\[0\]: /);

    const checks = await call(test.studio, 'GET', '/api/agents/echoes/versions/1/publish-checks');
    expect(checks.body.problems).toEqual([
      expect.objectContaining({ code: 'type_mismatch', path: policyAt('local_echo') }),
    ]);
  }, 60_000);

  it('are checked by another studio on the same database from the list kept in storage, listing nothing', async () => {
    const settings = { stdioAllowedCommands: testStdioAllowedCommands };
    const other = await createStudio({
      logger: silentLogger,
      ...test.reopen,
      settings: { mode: 'test', ...test.reopen.settings, ...settings },
    });
    try {
      const refused = await call(other, 'POST', '/api/agents', agent('elsewhere', { local_echo: echoAbove }));
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.error.details.issues).toEqual([
        expect.objectContaining({ code: 'type_mismatch', path: policyAt('local_echo') }),
      ]);
      const linted = await call(other, 'GET', '/api/agents/echoes/lint');
      expect(linted.body.diagnostics).toEqual([
        expect.objectContaining({ severity: 'error', code: 'type_mismatch', path: policyAt('local_echo') }),
      ]);
      expect(other.mcpPool.stats()).toMatchObject({ connects: 0, toolListRequests: 0 });

      // A list belongs to the client version it was made for: a changed client is unknown again.
      const changed = await call(other, 'PATCH', '/api/mcp-clients/everything', {
        servers: { local: { ...everythingStdioServer(), timeout: 20_000 } },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      const unknown = await call(other, 'POST', '/api/agents', agent('unknown-again', { local_echo: echoAbove }));
      expect(unknown.status, JSON.stringify(unknown.body)).toBe(201);
    } finally {
      await other.close();
    }
  }, 60_000);
});
