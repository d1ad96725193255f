/**
 * Operations that take no request body, through the production server: a body with anything in it
 * is refused with 400 `invalid_input` at `body` and changes nothing, while no body, an empty one
 * and `{}` are served as before.
 */
import { describe, expect, inject, it } from 'vitest';
import type { ResponseBody } from '../../support/studio';

const url = inject('serverUrl');
const json = { 'content-type': 'application/json' };

async function send(
  method: string,
  path: string,
  { body, headers = json }: { body?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${url}/api${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as ResponseBody) : {} };
}

const refusal = (method: string, path: string) => ({
  status: 400,
  body: {
    error: {
      code: 'invalid_input',
      message: `${method} /api${path} takes no request body; send none (or an empty one).`,
      details: { issues: [{ path: 'body', message: 'This operation takes no request body; send none' }] },
    },
  },
});

describe('operations that take no request body', () => {
  const id = `bodyless-${Date.now()}`;

  async function publishedAgent() {
    const created = await send('POST', '/agents', {
      body: JSON.stringify({ id, name: 'Bodyless', model: 'openai/gpt-4o-mini', instructions: 'Help.' }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await send('POST', `/agents/${id}/versions/1/publish`)).status).toBe(200);
  }
  const status = async () => (await send('GET', `/agents/${id}`)).body.agent?.status as string;

  it('refuses a body with a field, an array or another value, and changes nothing', async () => {
    await publishedAgent();
    for (const body of ['{"zzUnknown":1}', '[1,2]', 'null', '"x"'])
      expect(await send('POST', `/agents/${id}/unpublish`, { body })).toEqual(
        refusal('POST', `/agents/${id}/unpublish`),
      );
    expect(await status()).toBe('published');

    const versions = async () => (await send('GET', `/agents/${id}/versions`)).body.items.length as number;
    const before = await versions();
    for (const body of ['{"anything":true}', '[1,2]'])
      expect(await send('POST', `/agents/${id}/versions/1/restore`, { body })).toEqual(
        refusal('POST', `/agents/${id}/versions/1/restore`),
      );
    expect(await versions()).toBe(before);

    expect(await send('DELETE', `/agents/${id}`, { body: '{"force":true}' })).toEqual(
      refusal('DELETE', `/agents/${id}`),
    );
    expect((await send('GET', `/agents/${id}`)).status).toBe(200);
  });

  it('serves no body, an empty body and {} as before', async () => {
    expect((await send('POST', `/agents/${id}/unpublish`, { headers: {} })).status).toBe(200);
    expect(await status()).not.toBe('published');
    expect((await send('POST', `/agents/${id}/unpublish`, { body: '' })).status).toBe(200);
    expect((await send('POST', `/agents/${id}/unpublish`, { body: '{}' })).status).toBe(200);
    expect((await send('POST', `/agents/${id}/versions/1/restore`, { headers: {} })).status).toBe(201);
    expect((await send('POST', `/agents/${id}/versions/1/restore`, { body: ' {} ' })).status).toBe(201);
    expect((await send('DELETE', `/agents/${id}`, { headers: {} })).status).toBe(200);
  });

  it('still reads the body of an operation that takes one', async () => {
    const refused = await send('POST', '/agents', { body: JSON.stringify({ id: 'x', zzUnknown: 1 }) });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).not.toContain('takes no request body');
  });
});
