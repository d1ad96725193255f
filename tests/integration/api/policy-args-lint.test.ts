/**
 * Approval policies' `args.*` fields linted at save against the input schema of the tool each
 * policy is for, over HTTP on a real database: a registered tool's misspelled argument or a
 * comparison of the wrong type refuses the save (400, the finding at its path), an argument an open
 * schema does not declare comes back as a warning, and a tool whose schema the studio does not
 * know without IO (here an MCP tool of a client never connected) leaves its `args.*` unchecked.
 * An import and the publish checks read the same findings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTool } from '@/lib/tools';
import { createScriptedModel } from '@/tests/support/scripted-model';
import { call, createTestStudio } from '@/tests/support/studio';

const refund = createTool({
  id: 'refund',
  description: 'Refunds an order',
  inputSchema: z.strictObject({ amount: z.number(), currency: z.enum(['EUR', 'USD']) }),
  execute: async () => ({ ok: true }),
});
const lookup = createTool({
  id: 'lookup',
  description: 'Finds an order',
  inputSchema: { type: 'object', properties: { orderId: { type: 'string' } } },
  execute: async () => ({ found: true }),
});

const when = (...conditions: unknown[]) => ({ requireApproval: { operator: 'AND', conditions } });

const agent = (id: string, toolPolicies: Record<string, unknown>) => ({
  id,
  name: id,
  model: 'test/scripted',
  instructions: 'Help with orders.',
  tools: { refund: {}, lookup: {} },
  toolPolicies,
});

let test: Awaited<ReturnType<typeof createTestStudio>>;

beforeAll(async () => {
  test = await createTestStudio({
    tools: { refund, lookup },
    models: { 'test/scripted': createScriptedModel({ steps: [] }) },
  });
});

afterAll(async () => {
  await test?.cleanup();
});

describe("approval policies' arguments at save", () => {
  it('refuses an argument the closed input schema does not declare, at its path', async () => {
    const refused = await call(
      test.studio,
      'POST',
      '/api/agents',
      agent('misspelled', { refund: when({ field: 'args.amout', operator: 'greater_than', value: 100 }) }),
    );
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.error.code).toBe('invalid_input');
    expect(refused.body.error.details.issues).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'unknown_field',
        path: 'toolPolicies.refund.requireApproval.conditions[0]',
        message: expect.stringContaining('The input schema of "refund" has no field "args.amout"'),
      }),
    ]);
  });

  it('refuses a comparison of the wrong type on a later save, and keeps a warning for an undeclared argument', async () => {
    const created = await call(
      test.studio,
      'POST',
      '/api/agents',
      agent('orders', {
        refund: when({ field: 'args.amount', operator: 'greater_than', value: 100 }),
        lookup: when({ field: 'args.order', operator: 'exists' }),
        // An MCP tool of a client never connected: its schema is not known at save, nothing is said.
        local_echo: when({ field: 'args.nothing', operator: 'greater_than', value: 'x' }),
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.warnings).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'undeclared_field',
        path: 'toolPolicies.lookup.requireApproval.conditions[0]',
      }),
    ]);

    const refused = await call(test.studio, 'PATCH', '/api/agents/orders', {
      baseVersionNumber: 1,
      toolPolicies: { refund: when({ field: 'args.currency', operator: 'greater_than', value: 5 }) },
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.error.details.issues).toEqual([
      expect.objectContaining({ code: 'type_mismatch', path: 'toolPolicies.refund.requireApproval.conditions[0]' }),
    ]);
  });

  it('refuses the same in an imported document', async () => {
    const exported = await call(test.studio, 'GET', '/api/agents/orders/export');
    expect(exported.status).toBe(200);
    const document = structuredClone(exported.body);
    document.agent.id = 'orders-copy';
    document.versions[0].snapshot.toolPolicies.refund = when({
      field: 'args.currency',
      operator: 'equals',
      value: 'GBP',
    });
    const refused = await call(test.studio, 'POST', '/api/agents/import', document);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(JSON.stringify(refused.body.error.details.issues)).toContain(
      'versions.0.snapshot.toolPolicies.refund.requireApproval.conditions[0]',
    );
  });
});
