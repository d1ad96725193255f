/**
 * A stored agent whose scripted model calls `web_fetch` on a page served from 127.0.0.1: the
 * studio's address policy decides whether the tool reaches it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startCountingServer, type CountingServer } from '@/tests/support/counting-server';
import { createScriptedModel } from '@/tests/support/scripted-model';
import { createAndPublish, createTestStudio } from '@/tests/support/studio';
import { toolResultsSeen } from '@/tests/unit/runtime/run-fixture';

describe('web_fetch against this machine (127.0.0.1)', () => {
  let server: CountingServer | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
    await server?.close();
    server = undefined;
  });

  async function countingServer() {
    server = await startCountingServer();
    return server;
  }

  it.each([
    ['block-internal', false],
    ['allow-all', true],
  ] as const)('a stored agent picking web_fetch follows the studio setting %s', async (addressPolicy, reached) => {
    const { url, seen } = await countingServer();
    const model = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'web_fetch', input: { url } }] }, { text: 'Read it.' }],
    });
    const test = await createTestStudio({
      models: { 'test/scripted': model },
      settings: { webFetch: { addressPolicy } },
    });
    cleanup = test.cleanup;
    await createAndPublish(test.studio, {
      id: 'reader',
      name: 'Reader',
      model: 'test/scripted',
      instructions: 'Read pages.',
      tools: { web_fetch: {} },
    });
    const result = await (await test.studio.runtime.loadAgent('reader')).generate('Read the local page');
    expect(result.text).toBe('Read it.');
    const [seenByModel] = toolResultsSeen(model, 1) as Array<{ output: { type: string; value: unknown } }>;
    if (reached) {
      expect(seenByModel!.output).toEqual({
        type: 'json',
        value: {
          content: 'Local page\n\nServed from this machine.',
          truncated: false,
          status: 200,
          statusText: 'OK',
          contentType: 'text/html',
          url,
          ok: true,
        },
      });
      expect(seen.connections).toBe(1);
    } else {
      expect(seenByModel!.output).toEqual({
        type: 'error-text',
        value: expect.stringMatching(/^Failed to fetch URL: http:\/\/127\.0\.0\.1:\d+\/page: Refused .*loopback/),
      });
      expect(seen.connections).toBe(0);
    }
  });
});
