/**
 * Creating a label that exists (`expectedRevisionToken: null`) over HTTP is a 409 `conflict`, also
 * when it already points at the version asked for, and changes nothing; re-pointing it at that
 * version with its token stays a 200 that keeps the token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServedStudio, type ServedStudio } from '../../support/served-studio';
import type { ResponseBody } from '../../support/studio';

describe('PUT /api/agents/:id/labels/:label creating a label that exists', () => {
  let served: ServedStudio;

  async function send(method: string, path: string, body?: unknown) {
    const response = await fetch(`${served.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as ResponseBody };
  }

  beforeAll(async () => {
    served = await createServedStudio();
    const created = await send('POST', '/api/agents', {
      id: 'labelled',
      name: 'Labelled',
      model: 'openai/gpt-4o-mini',
      instructions: 'Help.',
    });
    expect(created.status).toBe(201);
  }, 30_000);
  afterAll(async () => {
    await served?.close();
  });

  it('answers 409 conflict naming the label and its version, and keeps it as it was', async () => {
    const path = '/api/agents/labelled/labels/staging';
    const first = await send('PUT', path, { versionNumber: 1, expectedRevisionToken: null });
    expect(first.status).toBe(200);
    const again = await send('PUT', path, { versionNumber: 1, expectedRevisionToken: null });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('already exists'),
      details: { label: 'staging', versionNumber: 1 },
    });
    const listed = await send('GET', '/api/agents/labelled/labels');
    expect(listed.body.items).toContainEqual(first.body.label);
    const repointed = await send('PUT', path, {
      versionNumber: 1,
      expectedRevisionToken: first.body.label.revisionToken,
    });
    expect(repointed).toEqual({ status: 200, body: first.body });
  });
});
