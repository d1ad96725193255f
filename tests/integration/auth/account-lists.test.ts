/**
 * The lists of API keys, users and invitations are paged like every other list, over HTTP: `limit`
 * (1-100, default 20) and an opaque `cursor`, answers `{ items, nextCursor }`, the pages together
 * the whole list in its order; a cursor the API did not give, or another list's, is a 400. The
 * OpenAPI document declares the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServedStudio, type ServedStudio } from '../../support/served-studio';
import type { ResponseBody } from '../../support/studio';

const password = 'a long enough password';

describe('the account lists over HTTP', () => {
  let served: ServedStudio;
  let adminKey: string;

  async function send(method: string, path: string, body?: unknown) {
    const response = await fetch(`${served.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${adminKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as ResponseBody };
  }

  /** Every page of a list, `limit` items at a time: the items in order and how many pages it took. */
  async function walk(path: string, limit: number) {
    const items: ResponseBody[] = [];
    let pages = 0;
    let cursor: string | null = null;
    do {
      const query: string = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await send('GET', `${path}${query}`);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(limit);
      items.push(...(page.body.items as ResponseBody[]));
      cursor = page.body.nextCursor as string | null;
      pages += 1;
    } while (cursor !== null);
    return { items, pages };
  }

  beforeAll(async () => {
    served = await createServedStudio({ settings: { auth: 'required' } });
    adminKey = (await served.studio.access.apiKeys.create({ name: 'admin-key', scope: 'admin', createdBy: 'test' }))
      .key;
    for (const name of ['one', 'two', 'three', 'four'])
      expect((await send('POST', '/api/keys', { name, scope: 'runtime' })).status).toBe(201);
    for (const name of ['dora', 'ada', 'cleo', 'bea'])
      expect(
        (await send('POST', '/api/users', { email: `${name}@example.com`, role: 'viewer', password })).status,
      ).toBe(201);
    for (const name of ['eve', 'fay', 'gus'])
      expect(
        (await send('POST', '/api/users/invitations', { email: `${name}@example.com`, role: 'editor' })).status,
      ).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await served?.close();
  });

  it('pages the API keys newest first, the pages together the whole list', async () => {
    const whole = await send('GET', '/api/keys?limit=100');
    expect(whole.body.nextCursor).toBeNull();
    expect(whole.body.items.map((key: ResponseBody) => key.name).sort()).toEqual(
      ['admin-key', 'four', 'one', 'three', 'two'].sort(),
    );
    const walked = await walk('/api/keys', 2);
    expect(walked.pages).toBe(3);
    expect(walked.items).toEqual(whole.body.items);
    const times = walked.items.map((key) => key.createdAt as string);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('pages the users by email, the pages together the whole list', async () => {
    const walked = await walk('/api/users', 3);
    expect(walked.pages).toBe(2);
    expect(walked.items.map((user) => user.email)).toEqual([
      'ada@example.com',
      'bea@example.com',
      'cleo@example.com',
      'dora@example.com',
    ]);
  });

  it('pages the pending invitations oldest first, the pages together the whole list', async () => {
    const walked = await walk('/api/users/invitations', 2);
    expect(walked.pages).toBe(2);
    expect(walked.items.map((invitation) => invitation.email)).toEqual([
      'eve@example.com',
      'fay@example.com',
      'gus@example.com',
    ]);
  });

  it('answers 20 items at most without a limit', async () => {
    for (const path of ['/api/keys', '/api/users', '/api/users/invitations']) {
      const first = await send('GET', path);
      expect(first.status, path).toBe(200);
      expect(first.body).toEqual({ items: expect.any(Array), nextCursor: null });
    }
  });

  it('refuses a made-up cursor, another list’s cursor and a limit out of range with 400 naming the parameter', async () => {
    const usersCursor = (await send('GET', '/api/users?limit=1')).body.nextCursor as string;
    const keysCursor = (await send('GET', '/api/keys?limit=1')).body.nextCursor as string;
    const refusals: Array<[string, string]> = [
      ['/api/keys?cursor=not-a-cursor', 'query.cursor'],
      [`/api/keys?cursor=${usersCursor}`, 'query.cursor'],
      [`/api/users?cursor=${keysCursor}`, 'query.cursor'],
      ['/api/users/invitations?cursor=bm90LWpzb24', 'query.cursor'],
      // The shape of a time-and-id cursor, with a time that is none.
      [`/api/users/invitations?cursor=${Buffer.from('["not a time","x"]').toString('base64url')}`, 'query.cursor'],
      [`/api/keys?cursor=${Buffer.from('["not a time","x"]').toString('base64url')}`, 'query.cursor'],
      ['/api/keys?limit=0', 'query.limit'],
      ['/api/users?limit=101', 'query.limit'],
      ['/api/users/invitations?limit=ten', 'query.limit'],
    ];
    for (const [path, parameter] of refusals) {
      const refused = await send('GET', path);
      expect(refused.status, path).toBe(400);
      expect(refused.body.error.code, path).toBe('invalid_input');
      expect(refused.body.error.details.issues[0].path, path).toBe(parameter);
    }
  });

  it('declares limit, cursor and nextCursor in the OpenAPI document', async () => {
    const document = (await (await fetch(`${served.url}/api/openapi.json`)).json()) as ResponseBody;
    for (const path of ['/api/keys', '/api/users', '/api/users/invitations']) {
      const operation = document.paths[path].get as ResponseBody;
      expect(operation.parameters.map((parameter: ResponseBody) => parameter.name).sort(), path).toEqual([
        'cursor',
        'limit',
      ]);
      const answer = operation.responses['200'].content['application/json'].schema as ResponseBody;
      expect(answer.required, path).toEqual(expect.arrayContaining(['items', 'nextCursor']));
    }
  });
});
