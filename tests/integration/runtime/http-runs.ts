/**
 * A test studio of the test configuration (the prompt-scripted model `test/scripted`, the tools that
 * make runs wait) served over real HTTP on a loopback port, and a request helper that sends JSON,
 * optionally with an API key or asking for Server-Sent Events, and reads either answer.
 */
import { serve, type ServerType } from '@hono/node-server';
import type { StudioOptions } from '@/lib';
import testStudioConfig from '@/tests/support/test-studio-config';
import { createTestStudio, type ResponseBody } from '@/tests/support/studio';
import { parseEventStream } from './fixture';

/** A stored agent offering a tool that asks for approval and one that suspends with a question. */
export const conciergeAgent = {
  id: 'concierge',
  name: 'Concierge',
  model: 'test/scripted',
  instructions: 'Help the customer.',
  tools: { 'issue-refund': {}, 'schedule-callback': {} },
};

/** Prompts the scripted model answers with one tool call each (see tests/support/prompt-scripted-model.ts). */
export const prompts = {
  approval: '[[call issue-refund {"orderId":"A-1","amount":5}]]',
  suspension: '[[call schedule-callback {"phone":"555-0101"}]]',
  client: '[[call askColor {}]]',
  /** What the auto-resume extraction reads as resume data for schedule-callback. */
  monday: '[[call provide_resume_data {"resumeData":{"day":"monday"}}]]',
};

export const askColor = { askColor: { description: 'Asks the user for a color' } };

export interface Answer {
  status: number;
  body: ResponseBody;
  /** The events of a streamed answer (empty for JSON). */
  events: Array<{ event: string; data: ResponseBody }>;
}

export async function serveTestStudio(options: StudioOptions = {}) {
  const test = await createTestStudio({ ...testStudioConfig, ...options });
  let server!: ServerType;
  const url = await new Promise<string>((resolve) => {
    server = serve({ fetch: test.studio.api.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve(`http://127.0.0.1:${info.port}`),
    );
  });

  /** One request over HTTP, as an API key or a signed-in user; `stream` asks for Server-Sent Events. */
  async function send(
    method: string,
    path: string,
    body?: unknown,
    { key, cookie, stream = false }: { key?: string; cookie?: string; stream?: boolean } = {},
  ): Promise<Answer> {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(cookie ? { cookie } : {}),
        ...(stream ? { accept: 'text/event-stream' } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      const events = parseEventStream(text) as Answer['events'];
      return { status: response.status, body: events.at(-1)?.data ?? {}, events };
    }
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as ResponseBody, events: [] };
  }

  return {
    ...test,
    url,
    send,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await test.cleanup();
    },
  };
}
