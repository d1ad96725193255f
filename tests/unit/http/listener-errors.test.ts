/**
 * The API listener's error handler (lib/http/client-error.ts): a request its HTTP layer could not
 * read is a JSON 400 that says why; any other error a JSON 500 with no details, logged.
 */
import { describe, expect, it } from 'vitest';
import { unreadableRequestAnswer } from '@/lib/http/client-error';

function requestError(message: string): Error {
  return Object.assign(new Error(message), { name: 'RequestError' });
}

describe('answers of the API listener for requests it could not hand to the app', () => {
  it('answers a request the layer could not read with a 400 naming the reason, and logs nothing', async () => {
    const logged: unknown[] = [];
    const answer = unreadableRequestAnswer(requestError('Invalid host header'), {
      error: (...args) => logged.push(args),
    });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await answer.json()).error).toEqual({
      code: 'invalid_input',
      message:
        'The request\'s Host header and path do not make a URL this server can read (invalid host header); send a Host header naming this server and a path starting with "/".',
    });
    expect(logged).toEqual([]);
  });

  it('answers any other error with a 500 that shows nothing of it, and logs it', async () => {
    const logged: unknown[] = [];
    const failure = new Error('secret detail at /srv/app.js:12');
    const answer = unreadableRequestAnswer(failure, { error: (...args) => logged.push(args) });
    expect(answer.status).toBe(500);
    const text = await answer.text();
    expect(JSON.parse(text).error.code).toBe('internal_error');
    expect(text).not.toContain('secret detail');
    expect(logged).toEqual([['The API could not answer a request', { error: failure }]]);
  });
});
