import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { signInContext } from './credentials';
import { watchConsoleErrors } from './page-watch';

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

/** The longest a browser step (a click, a wait for an element) waits on a busy machine. */
export const stepTimeout = 20_000;

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
  // A step that waits longer than this fails naming what it waited for, well before the test's own
  // time runs out (which would only say that the test took too long).
  context.setDefaultTimeout(stepTimeout);
  await signInContext(context);
  return {
    browser,
    context,
    async close() {
      await browser.close();
    },
  };
}

/**
 * Fresh browser profiles (no cookies), each from an address of its own as a trusted proxy reports
 * it (for a server with `STUDIO_TRUSTED_PROXY=1`), so the sign-in limit per address does not count
 * the profiles of one test file together.
 */
export function freshProfiles(browser: Browser) {
  const contexts: BrowserContext[] = [];
  return {
    async page() {
      const context = await browser.newContext({
        extraHTTPHeaders: { 'x-forwarded-for': `192.0.2.${contexts.length + 1}` },
      });
      context.setDefaultTimeout(stepTimeout);
      contexts.push(context);
      const page = await context.newPage();
      return { page, errors: watchConsoleErrors(page) };
    },
    async close() {
      for (const context of contexts) await context.close();
    },
  };
}
