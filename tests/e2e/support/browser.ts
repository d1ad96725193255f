import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { signInContext } from './credentials';

export const chromiumPath = '/usr/bin/chromium';

/** Headless, with everything that would reach the network switched off. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium, headless, with everything that would reach the network switched off.
 * Playwright gives every launch a fresh, temporary user-data-dir.
 */
export async function launchBrowser({ extraArgs = [] }: { extraArgs?: string[] } = {}): Promise<{
  browser: Browser;
  context: BrowserContext;
  close(): Promise<void>;
}> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumArgs, ...extraArgs],
  });
  const context = await browser.newContext();
  await signInContext(context);
  return {
    browser,
    context,
    async close() {
      await browser.close();
    },
  };
}
