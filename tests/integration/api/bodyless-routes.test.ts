/**
 * Request bodies against what each operation declares, through the production server: a body with
 * anything in it sent to an operation that takes none is refused with 400 `invalid_input` at
 * `body` and changes nothing, while no body, an empty one and `{}` are served as before; no body
 * sent to an operation whose body is required is refused at `body` too.
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

  it('refuses no body, or an empty one, to every operation whose document says its body is required', async () => {
    type Operation = { operationId: string; requestBody?: { required?: boolean } };
    const document = (await (await fetch(`${url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const answers: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const [template, item] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(item)) {
        if (operation.requestBody?.required !== true) continue;
        const path = template.replace(/^\/api/, '').replaceAll(/{(.+?)}/g, 'x');
        const issues = [{ path: 'body', message: 'This operation needs a JSON request body; send one' }];
        for (const [how, options] of [
          ['none', { headers: {} }],
          ['empty', { body: '' }],
        ] as const) {
          const answer = await send(method.toUpperCase(), path, options);
          answers[`${operation.operationId} ${how}`] = [answer.status, answer.body.error?.details?.issues];
          expected[`${operation.operationId} ${how}`] = [400, issues];
        }
      }
    expect(Object.keys(answers)).toEqual(
      expect.arrayContaining(['executeTool none', 'updateTestCase none', 'updateMcpClient empty']),
    );
    expect(answers).toEqual(expected);
  });

  it('exports a deployment with no options when no body is sent, as its document says', async () => {
    const document = (await (await fetch(`${url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { requestBody?: { required?: boolean } }>>;
    };
    expect(document.paths['/api/deployment/export']!.post!.requestBody!.required).toBe(false);
    const exported = await send('POST', '/deployment/export', { headers: {} });
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
  });
});
