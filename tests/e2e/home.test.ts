import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HomePage } from './pages/home-page';
import { launchBrowser } from './support/browser';

describe('editor home page in a real browser', () => {
  const baseUrl = inject('serverUrl');
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('renders the agents page with its navigation and no console errors', async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const home = new HomePage(page, baseUrl);

    expect(await home.open()).toBe(200);
    await expect.poll(() => home.heading().textContent()).toBe('Agents');
    expect(await home.navigation().getByRole('link', { name: 'Agents' }).count()).toBe(1);
    expect(await page.title()).toBe('Agent Studio');
    expect(errors).toEqual([]);
    await page.close();
  });
});
