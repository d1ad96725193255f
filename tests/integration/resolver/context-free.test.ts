/**
 * Stored versions that no request context can change are resolved once and shared by the requests
 * that follow. What a request can still change must stay per request: placeholders, variants,
 * labels, a newly published version; and every caller of `runtime.resolve` gets its own object.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VersionSelector } from '@/lib/versions';
import { call, createAndPublish, createTestStudio, proOnly, search, weather } from './fixtures';

const handle = await createTestStudio({ tools: { weather, search } });
const { studio } = handle;

beforeAll(async () => {
  await createAndPublish(studio, {
    id: 'plain',
    name: 'Plain',
    model: 'openai/gpt-4o',
    instructions: 'Answer briefly.',
    tools: { weather: {} },
  });
  await createAndPublish(studio, {
    id: 'templated',
    name: 'Templated',
    model: 'openai/gpt-4o',
    instructions: 'You help {{user.name || "a customer"}}.',
    tools: { weather: {} },
  });
  await createAndPublish(studio, {
    id: 'variants',
    name: 'Variants',
    model: 'openai/gpt-4o',
    instructions: 'Answer briefly.',
    tools: [{ value: { weather: {} } }, { value: { search: {} }, rules: proOnly }],
  });
});

afterAll(() => handle.cleanup());

const resolve = (agentId: string, requestContext: Record<string, unknown>, selector?: VersionSelector) =>
  studio.runtime.resolve(agentId, { requestContext, ...(selector ? { selector: selector as VersionSelector } : {}) });

describe('resolutions no request can change', () => {
  it('answer the same for every context, each caller with its own object', async () => {
    const first = await resolve('plain', { tier: 'pro' });
    const second = await resolve('plain', { tier: 'free', user: { name: 'Ada' } });
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    // A caller changing its answer changes nobody else's.
    (first as { instructions: string }).instructions = 'changed by a caller';
    expect((await resolve('plain', {})).instructions).toBe('Answer briefly.');
  });

  it('follow a newly published version at once', async () => {
    await resolve('plain', {});
    await call(studio, 'PATCH', '/api/agents/plain', { baseVersionNumber: 1, instructions: 'Answer at length.' });
    await call(studio, 'POST', '/api/agents/plain/versions/2/publish', {});
    const after = await resolve('plain', {});
    expect(after).toMatchObject({ versionNumber: 2, instructions: 'Answer at length.' });
    // The older version, selected by number, still answers as itself.
    expect(await resolve('plain', {}, { versionNumber: 1 })).toMatchObject({
      versionNumber: 1,
      instructions: 'Answer briefly.',
    });
  });

  it('keep the label a request selected', async () => {
    await resolve('variants', {});
    const labelled = await resolve('plain', {}, { label: 'production' });
    expect(labelled).toMatchObject({ label: 'production', versionNumber: 2 });
    expect(await resolve('plain', {})).not.toHaveProperty('label');
  });
});

describe('what a request can still change', () => {
  it('placeholders render for each request', async () => {
    expect((await resolve('templated', {})).instructions).toBe('You help a customer.');
    expect((await resolve('templated', { user: { name: 'Ada' } })).instructions).toBe('You help Ada.');
    expect((await resolve('templated', {})).instructions).toBe('You help a customer.');
  });

  it('variants match for each request', async () => {
    const names = async (context: Record<string, unknown>) =>
      Object.keys((await resolve('variants', context)).tools).sort();
    expect(await names({ tier: 'free' })).toEqual(['weather']);
    expect(await names({ tier: 'pro' })).toEqual(['search', 'weather']);
    expect(await names({ tier: 'free' })).toEqual(['weather']);
  });

  it('a model without a key fails every load (no environment is kept for it)', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect(studio.runtime.loadAgent('plain', { requestContext: {} })).rejects.toMatchObject({
        code: 'model_not_configured',
      });
    }
  });
});
