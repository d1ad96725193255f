/**
 * The rule linter at save and import (docs/resolution.md, "The rule linter"), through the real app:
 * an error refuses with 400 `invalid_input` and the diagnostics in `details.issues`, a warning comes
 * back with the saved version, and a per-tool `rules` key is refused naming its entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call as callApi, createTestStudio } from '../../support/studio';

let context: Awaited<ReturnType<typeof createTestStudio>>;
const call = (method: string, path: string, body?: unknown) => callApi(context.studio, method, path, body);

const base = { name: 'Lint', model: 'openai/gpt-4o-mini', instructions: 'Help.' };
const schema = {
  type: 'object',
  additionalProperties: false,
  properties: { tier: { type: 'string', enum: ['free', 'pro'] } },
};
const when = (...conditions: unknown[]) => ({ operator: 'AND', conditions });
const tierIs = (value: unknown) => when({ field: 'tier', operator: 'equals', value });

beforeAll(async () => {
  context = await createTestStudio();
  const created = await call('POST', '/api/agents', { id: 'linted', ...base, requestContextSchema: schema });
  expect(created.status).toBe(201);
  expect(created.body.warnings).toEqual([]);
});
afterAll(() => context.cleanup());

describe('saving rules the linter finds an error in', () => {
  it('refuses with 400 and every error in details.issues, writing nothing', async () => {
    const saved = await call('PATCH', '/api/agents/linted', {
      baseVersionNumber: 1,
      tools: [
        { value: { 'world-time': {} }, rules: tierIs('gold') },
        { value: { 'convert-units': {} }, rules: when({ field: 'plan', operator: 'exists' }) },
      ],
    });
    expect(saved.status).toBe(400);
    expect(saved.body.error.code).toBe('invalid_input');
    expect(saved.body.error.details.issues).toEqual([
      expect.objectContaining({ severity: 'error', code: 'never_matches', path: 'tools[0].rules.conditions[0]' }),
      expect.objectContaining({ severity: 'error', code: 'unknown_field', path: 'tools[1].rules.conditions[0]' }),
    ]);
    expect((await call('GET', '/api/agents/linted')).body.agent.latestVersionNumber).toBe(1);
  });

  it('refuses it at create too', async () => {
    const created = await call('POST', '/api/agents', {
      id: 'linted-create',
      ...base,
      mcpClients: [{ value: { docs: {} }, rules: when({ field: 'tier', operator: 'in', value: [] }) }],
    });
    expect(created.status).toBe(400);
    expect(created.body.error.details.issues).toEqual([
      expect.objectContaining({ code: 'never_matches', path: 'mcpClients[0].rules.conditions[0]' }),
    ]);
  });
});

describe('saving rules with a warning', () => {
  it('saves and answers the warnings beside the version', async () => {
    const saved = await call('PATCH', '/api/agents/linted', {
      baseVersionNumber: 1,
      tools: [
        { value: { 'world-time': {} }, rules: tierIs('pro') },
        { value: { 'convert-units': {} }, rules: tierIs('pro') },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.version.versionNumber).toBe(2);
    expect(saved.body.warnings).toEqual([
      { severity: 'warning', code: 'duplicate_variant', path: 'tools[1].rules', message: expect.any(String) },
    ]);
  });
});

describe('per-tool rules', () => {
  it('are refused at create with 400 naming the entry', async () => {
    const created = await call('POST', '/api/agents', {
      id: 'tool-rules',
      ...base,
      tools: { 'world-time': { rules: tierIs('pro') } },
    });
    expect(created.status).toBe(400);
    expect(created.body.error.details.issues).toEqual([
      { path: 'tools.world-time.rules', message: expect.stringContaining('rules act on variants; add a variant') },
    ]);
  });

  it('are refused at save inside a variant too', async () => {
    const saved = await call('PATCH', '/api/agents/linted', {
      baseVersionNumber: 2,
      tools: [{ value: { 'world-time': { rules: tierIs('pro') } } }],
    });
    expect(saved.status).toBe(400);
    expect(saved.body.error.message).toContain('tools[0].value.world-time');
    expect(saved.body.error.details.issues[0].path).toBe('tools[0].value.world-time.rules');
  });
});

describe('import', () => {
  const document = (snapshot: Record<string, unknown>) => ({
    format: 'agent-studio.agent',
    schemaVersion: 2,
    agent: { id: 'imported-lint', activeVersionNumber: null },
    versions: [{ versionNumber: 1, snapshot: { ...base, ...snapshot } }],
  });

  it('refuses a version whose rules hold an error, naming the version', async () => {
    const imported = await call(
      'POST',
      '/api/agents/import',
      document({
        requestContextSchema: schema,
        tools: [{ value: { 'world-time': {} }, rules: when({ field: 'tier', operator: 'greater_than', value: 1 }) }],
      }),
    );
    expect(imported.status).toBe(400);
    expect(imported.body.error.details.issues).toEqual([
      expect.objectContaining({ code: 'type_mismatch', path: 'versions.0.snapshot.tools[0].rules.conditions[0]' }),
    ]);
  });

  it('refuses per-tool rules', async () => {
    const imported = await call(
      'POST',
      '/api/agents/import',
      document({ tools: { 'world-time': { rules: tierIs('pro') } } }),
    );
    expect(imported.status).toBe(400);
    expect(imported.body.error.details.issues[0].path).toBe('versions.0.snapshot.tools.world-time.rules');
  });

  it('imports rules that are only warned about', async () => {
    const imported = await call(
      'POST',
      '/api/agents/import',
      document({ tools: [{ value: { 'world-time': {} }, rules: when() }, { value: { 'world-time': {} } }] }),
    );
    expect(imported.status).toBe(201);
  });
});
