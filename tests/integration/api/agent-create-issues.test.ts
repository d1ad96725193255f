/**
 * Creating an agent over HTTP with fields missing: one 400 names every missing field of a stored
 * agent (`id`, `name`, `model`, `instructions`) together with the schema's other problems, each
 * once; a registered code agent's id needs none of `name`, `model` and `instructions`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '@/lib/agents';
import { createServedStudio, type ServedStudio } from '../../support/served-studio';
import type { ResponseBody } from '../../support/studio';

describe('POST /api/agents with fields missing', () => {
  let served: ServedStudio;

  beforeAll(async () => {
    const coded = new Agent({
      id: 'coded',
      name: 'Coded',
      model: 'openai/gpt-4o-mini',
      instructions: 'Help.',
      editor: { instructions: true },
    });
    served = await createServedStudio({ agents: { coded } });
  }, 30_000);
  afterAll(async () => {
    await served?.close();
  });

  async function create(body: unknown) {
    const response = await fetch(`${served.url}/api/agents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as ResponseBody };
  }

  const pathsOf = (body: ResponseBody) =>
    (body.error.details.issues as Array<{ path: string }>).map(({ path }) => path);

  it('names every required field of a stored agent for an empty body', async () => {
    const refused = await create({});
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('invalid_input');
    expect(pathsOf(refused.body)).toEqual(['id', 'name', 'model', 'instructions']);
    expect(refused.body.error.message).toBe('Invalid input: 4 problems (see details.issues)');
  });

  it('lists a field of the wrong type once, beside the missing ones and an unknown field', async () => {
    const refused = await create({ id: 'Not An Id', name: 5, instructions: '  ', colour: 'red' });
    expect(refused.status).toBe(400);
    expect(pathsOf(refused.body).sort()).toEqual(['colour', 'id', 'instructions', 'model', 'name']);
  });

  it('asks a code agent’s override record for none of the stored agent’s fields', async () => {
    const refused = await create({ id: 'coded', colour: 'red' });
    expect(refused.status).toBe(400);
    expect(pathsOf(refused.body)).toEqual(['colour']);
    const created = await create({ id: 'coded', instructions: 'Help more.' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.agent.source).toBe('code');
  });

  it('still creates a stored agent with every field given', async () => {
    const created = await create({ id: 'helper', name: 'Helper', model: 'openai/gpt-4o-mini', instructions: 'Help.' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  });
});
