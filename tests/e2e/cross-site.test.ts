/**
 * A real browser against the production server: the editor's own page can still create and
 * publish agents through the API, while a page on another site (another port is another site)
 * and a DNS-rebinding name get nothing done.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { scriptHeaders } from './support/credentials';

const baseUrl = inject('serverUrl');
const { port } = new URL(baseUrl);

async function agentStatus(id: string): Promise<number | string> {
  const response = await fetch(`${baseUrl}/api/agents/${id}`, { headers: scriptHeaders() });
  return response.status === 200
    ? ((await response.json()) as { agent: { status: string } }).agent.status
    : response.status;
}

describe('requests from web pages (real browser)', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let attacker: Server;
  let attackerUrl: string;

  beforeAll(async () => {
    // Resolves a made-up name to the server, as a DNS-rebinding attack would.
    browser = await launchBrowser({ extraArgs: [`--host-resolver-rules=MAP rebind.test 127.0.0.1`] });
    attacker = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end(`<!doctype html><html><body>
        <form id="form" method="POST" enctype="text/plain" action="${baseUrl}/api/agents">
          <input name='{"id":"csrf-form","name":"x","model":"openai/gpt-4o-mini","instructions":"x","pad":"' value='"}'>
        </form>
        <script>
          fetch('${baseUrl}/api/agents/demo-assistant/unpublish', { method: 'POST', mode: 'no-cors' })
            .finally(() => fetch('${baseUrl}/api/agents', {
              method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' },
              body: JSON.stringify({ id: 'csrf-fetch', name: 'x', model: 'openai/gpt-4o-mini', instructions: 'x' }),
            }))
            .finally(() => { document.title = 'sent'; document.getElementById('form').submit(); });
        </script></body></html>`);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    const address = attacker.address();
    attackerUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => attacker?.close(resolve));
  });

  it("lets the editor's own page create and publish an agent through the API", async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    expect((await page.goto(`${baseUrl}/`))?.status()).toBe(200);
    const statuses = await page.evaluate(async () => {
      const json = { 'content-type': 'application/json' };
      const created = await fetch('/api/agents', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          id: 'made-in-page',
          name: 'Made in page',
          model: 'openai/gpt-4o-mini',
          instructions: 'Hi.',
        }),
      });
      const published = await fetch('/api/agents/made-in-page/versions/1/publish', {
        method: 'POST',
        headers: json,
        body: '{}',
      });
      return [created.status, published.status];
    });
    expect(statuses).toEqual([201, 200]);
    expect(await agentStatus('made-in-page')).toBe('published');
    // The page's Content-Security-Policy did not block Next's own scripts.
    expect(errors).toEqual([]);
    await page.close();
  });

  it('gets nothing done from a page on another site (form post, no-cors fetch)', async () => {
    const page = await browser.context.newPage();
    await page.goto(attackerUrl);
    await page.waitForURL(`${baseUrl}/api/agents`);
    expect(await page.locator('body').textContent()).toMatch(/forbidden/);
    expect(await agentStatus('csrf-form')).toBe(404);
    expect(await agentStatus('csrf-fetch')).toBe(404);
    expect(await agentStatus('demo-assistant')).toBe('published');
    await page.close();
  });

  it('answers a DNS-rebinding name with 421 and no data', async () => {
    const page = await browser.context.newPage();
    const response = await page.goto(`http://rebind.test:${port}/api/agents`);
    expect(response?.status()).toBe(421);
    expect(await page.locator('body').textContent()).not.toMatch(/demo-assistant/);
    expect((await page.goto(`http://rebind.test:${port}/`))?.status()).toBe(421);
    await page.close();
  });
});
