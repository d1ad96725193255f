import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** Where the e2e run writes the screenshots the README links. */
export const screenshotDirectory = fileURLToPath(new URL('../../../docs/screenshots', import.meta.url));

export function screenshotPath(name: string): string {
  mkdirSync(screenshotDirectory, { recursive: true });
  return join(screenshotDirectory, `${name}.png`);
}

/** Collects console errors and uncaught page errors; a test asserts the list stays empty. */
export function watchConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
