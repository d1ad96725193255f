/**
 * `web_fetch` outside a network namespace: the pure parts (what kind of body, HTML to text, the
 * character cut), the tool's wiring to its outbound client (defaults, never throwing), and, on
 * 127.0.0.1, that the default rules refuse loopback before connecting. A stored agent's run under
 * each studio setting is in tests/integration/security/web-fetch-loopback.test.ts; the address
 * battery, redirects, timeouts and truncation against servers on other addresses run in
 * tests/integration/security/web-fetch.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { builtInTools, createWebFetchTool, webFetchDefaults, webFetchTool } from '@/lib/builtin-tools';
import { bodyKind, cutText, htmlToText } from '@/lib/builtin-tools/page-text';
import { OutboundError, type Outbound, type OutboundRequest, type OutboundResponse } from '@/lib/net';
import { createToolExecutionContext } from '@/lib/tools';
import { startCountingServer, type CountingServer } from '@/tests/support/counting-server';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('what a fetched body is', () => {
  it.each([
    ['text/html; charset=utf-8', '<p>x</p>', 'html'],
    ['application/xhtml+xml', '<html/>', 'html'],
    ['text/plain', 'hello', 'text'],
    ['text/markdown', '# hi', 'text'],
    ['application/json', '{}', 'text'],
    ['application/problem+json', '{}', 'text'],
    ['application/rss+xml', '<rss/>', 'text'],
    ['image/png', '\x89PNG', 'binary'],
    ['application/pdf', '%PDF-1.7', 'binary'],
    ['application/zip', 'PK', 'binary'],
    [undefined, '<!DOCTYPE html><p>x</p>', 'html'],
    [undefined, 'plain words', 'text'],
    ['application/octet-stream', 'a\u0000b', 'binary'],
    ['application/octet-stream', '# readme', 'text'],
  ])('%s %j is %s', (contentType, body, kind) => {
    expect(bodyKind({ contentType, body: bytes(body) })).toBe(kind);
  });
});

describe('HTML as readable text', () => {
  it('keeps the words and links (made absolute), leaves out scripts, styles and images', async () => {
    const text = await htmlToText({
      pageUrl: 'https://docs.example.com/guide/',
      html: `<html><head><title>Guide</title><style>p{color:red}</style><script>track()</script></head>
        <body><h1>Getting started</h1><p>Read the <a href="install">install notes</a> first.</p>
        <img src="data:image/png;base64,${'A'.repeat(5000)}" alt="diagram"><ul><li>one</li><li>two</li></ul></body></html>`,
    });
    expect(text).toContain('Getting started');
    expect(text).toContain('Read the install notes [https://docs.example.com/guide/install] first.');
    expect(text).toMatch(/\* one\n \* two/);
    expect(text).not.toMatch(/track\(\)|color:red|base64|<p>/);
  });
});

describe('the character cut', () => {
  it('cuts 100,001 characters to 100,000 and says so', () => {
    const cut = cutText({ text: 'a'.repeat(100_001), maxCharacters: 100_000 });
    expect(cut.text).toHaveLength(100_000);
    expect(cut.truncated).toBe(true);
    expect(cutText({ text: 'a'.repeat(100_000), maxCharacters: 100_000 })).toEqual({
      text: 'a'.repeat(100_000),
      truncated: false,
    });
  });

  it('does not leave half of a surrogate pair at the end', () => {
    expect(cutText({ text: 'ab😀c', maxCharacters: 3 })).toEqual({ text: 'ab', truncated: true });
  });
});

/** An outbound guard that records the requests it is given and answers as told. */
function recordingOutbound(answer: (request: OutboundRequest) => Promise<OutboundResponse>) {
  const requests: OutboundRequest[] = [];
  const refuse = () => Promise.reject(new Error('not used'));
  const outbound: Outbound = {
    configured: { policy: 'configured', fetch: refuse, request: refuse },
    configuredRefusingInternal: { policy: 'configured', fetch: refuse, request: refuse },
    modelChosen: {
      policy: 'model-chosen',
      fetch: refuse,
      request: (request) => {
        requests.push(request);
        return answer(request);
      },
    },
    internalTarget: refuse,
    close: async () => undefined,
  };
  return { outbound, requests };
}

function answer(body: string, { contentType = 'text/plain', truncated = false, status = 200 } = {}): OutboundResponse {
  const encoded = bytes(body);
  return {
    url: 'https://example.com/final',
    status,
    statusText: status === 200 ? 'OK' : 'Not Found',
    ok: status < 400,
    headers: { 'content-type': contentType },
    contentType,
    body: encoded,
    truncated,
    text: () => body,
  };
}

describe('webFetchTool', () => {
  it('is a built-in tool stored agents pick by id, with its description', () => {
    expect(builtInTools.web_fetch).toBe(webFetchTool);
    expect(webFetchTool.id).toBe('web_fetch');
    expect(webFetchTool.description).toMatch(/web page/);
    expect(webFetchTool.inputJsonSchema).toMatchObject({ required: ['url'] });
  });

  it('asks the model-chosen client with the limits of the table: 15 s, the body capped', async () => {
    expect(webFetchDefaults).toEqual({ timeoutMs: 15_000, maxCharacters: 100_000, maxBodyBytes: 2 * 1024 * 1024 });
    const { outbound, requests } = recordingOutbound(async () => answer('hello'));
    const tool = createWebFetchTool({ outbound });
    const abort = new AbortController();
    const output = await tool.execute!({ url: 'https://example.com/start' }, { abortSignal: abort.signal });
    expect(output).toEqual({
      status: 'output',
      output: {
        content: 'hello',
        truncated: false,
        status: 200,
        statusText: 'OK',
        contentType: 'text/plain',
        url: 'https://example.com/final',
        ok: true,
      },
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      url: 'https://example.com/start',
      timeoutMs: 15_000,
      maxBodyBytes: 2 * 1024 * 1024,
      signal: abort.signal,
    });
  });

  it('answers HTTP errors with their status rather than failing', async () => {
    const { outbound } = recordingOutbound(async () => answer('no such page', { status: 404 }));
    expect(await createWebFetchTool({ outbound }).execute!({ url: 'https://example.com/x' })).toMatchObject({
      status: 'output',
      output: { content: 'no such page', status: 404, statusText: 'Not Found', ok: false },
    });
  });

  it('marks a body cut by the download limit as truncated', async () => {
    const { outbound } = recordingOutbound(async () =>
      answer('<p>short</p>', { contentType: 'text/html', truncated: true }),
    );
    expect(await createWebFetchTool({ outbound }).execute!({ url: 'https://example.com/' })).toMatchObject({
      status: 'output',
      output: { content: 'short', truncated: true },
    });
  });

  it('refuses binary types, naming the type and the URL', async () => {
    const { outbound } = recordingOutbound(async () => answer('\u0089PNG', { contentType: 'image/png' }));
    expect(await createWebFetchTool({ outbound }).execute!({ url: 'https://example.com/logo.png' })).toEqual({
      status: 'output',
      output: {
        content:
          'Failed to fetch URL: https://example.com/final answered with image/png, which is not text; web_fetch reads web pages and text only.',
        isError: true,
      },
    });
  });

  it('never throws: guard refusals and unexpected errors become results naming the URL', async () => {
    const refused = recordingOutbound(() =>
      Promise.reject(
        new OutboundError({ failure: 'refused', addressClass: 'private', message: 'Refused to connect to 10.0.0.5.' }),
      ),
    );
    expect(
      await createWebFetchTool({ outbound: refused.outbound }).execute!({ url: 'http://user:pw@10.0.0.5/x?token=1' }),
    ).toEqual({
      status: 'output',
      output: { content: 'Failed to fetch URL: http://10.0.0.5/x: Refused to connect to 10.0.0.5.', isError: true },
    });

    const broken = recordingOutbound(() => Promise.reject(new TypeError('socket hang up')));
    expect(await createWebFetchTool({ outbound: broken.outbound }).execute!({ url: 'https://example.com/' })).toEqual({
      status: 'output',
      output: { content: 'Failed to fetch URL: https://example.com/: socket hang up', isError: true },
    });
  });

  // The call's own pipeline stops an aborted call; the tool's function still answers rather than throws.
  it('says the request was cancelled when the run stops', async () => {
    const abort = new AbortController();
    const { outbound } = recordingOutbound(({ signal }) => {
      abort.abort(new Error('run stopped'));
      return Promise.reject(signal!.reason);
    });
    expect(
      await createWebFetchTool({ outbound }).options.execute!(
        { url: 'https://example.com/' },
        createToolExecutionContext({ abortSignal: abort.signal }),
      ),
    ).toEqual({ content: 'Failed to fetch URL: https://example.com/: the request was cancelled.', isError: true });
  });

  it('gives the model failures as error text and answers as JSON', async () => {
    const failure = { content: 'Failed to fetch URL: x', isError: true as const };
    expect(await webFetchTool.toModelOutput!(failure)).toEqual({ type: 'error-text', value: 'Failed to fetch URL: x' });
    const result = answer('hi');
    const output = {
      content: 'hi',
      truncated: false,
      status: 200,
      statusText: 'OK',
      contentType: 'text/plain',
      url: result.url,
      ok: true,
    };
    expect(await webFetchTool.toModelOutput!(output)).toEqual({ type: 'json', value: output });
  });
});

describe('web_fetch against this machine (127.0.0.1)', () => {
  let server: CountingServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('refuses loopback with the default rules before connecting, in every spelling, and other schemes', async () => {
    server = await startCountingServer();
    const { url, seen } = server;
    const port = new URL(url).port;
    for (const target of [url, `http://localhost:${port}/`, `http://2130706433:${port}/`, `http://[::1]:${port}/`]) {
      const output = await webFetchTool.execute!({ url: target });
      expect(output, target).toMatchObject({
        status: 'output',
        output: { isError: true, content: expect.stringMatching(/^Failed to fetch URL: .*loopback/) },
      });
    }
    expect(seen.connections).toBe(0);
    expect(await webFetchTool.execute!({ url: 'file:///etc/passwd' })).toEqual({
      status: 'output',
      output: {
        content: 'Failed to fetch URL: file:///etc/passwd: Only http and https URLs can be fetched (got file:).',
        isError: true,
      },
    });
    expect(await webFetchTool.execute!({ url: 'not a url' })).toEqual({
      status: 'output',
      output: { content: 'Failed to fetch URL: "not a url" is not a valid URL.', isError: true },
    });
  });
});
