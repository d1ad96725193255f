import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';

/**
 * Where the browser tests write their screenshots. Only `npm run screenshots` (which sets
 * `STUDIO_SCREENSHOTS=1`) refreshes the README's gallery in `docs/screenshots/`; every other run
 * still takes them (a page that cannot be drawn fails the test) but into a temporary folder, so
 * `npm test` leaves the working tree as it found it.
 */
export const screenshotDirectory =
  process.env.STUDIO_SCREENSHOTS === '1'
    ? fileURLToPath(new URL('../../../docs/screenshots', import.meta.url))
    : join(tmpdir(), 'agent-studio-screenshots');

export function screenshotPath(name: string): string {
  mkdirSync(screenshotDirectory, { recursive: true });
  return join(screenshotDirectory, `${name}.png`);
}

/** What the screenshots show instead of text that differs from run to run (times, latencies, ports). */
const stableText: Record<string, string> = {
  time: 'Jan 1, 2030, 9:00 AM UTC',
  duration: '25 ms',
  setting: '(differs per run)',
  id: '(an id)',
};

/**
 * Writes a full-page screenshot for the README's gallery. Elements marked `data-volatile` show a
 * fixed text instead of their own (by a style, so the page's content is untouched), focus and the
 * caret are hidden and animations stopped: the same page gives the same picture on every run, so
 * a test run leaves `docs/screenshots/` unchanged.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  const rules = Object.entries(stableText)
    .map(
      ([kind, text]) =>
        `[data-volatile="${kind}"] { font-size: 0 !important; } [data-volatile="${kind}"]::after { content: ${JSON.stringify(text)}; font-size: 0.875rem; }`,
    )
    .join('\n');
  const style = await page.addStyleTag({ content: rules });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur?.());
  await page.screenshot({ path: screenshotPath(name), fullPage: true, animations: 'disabled', caret: 'hide' });
  await style.evaluate((element) => (element as Element).remove());
}

/** Collects console errors and uncaught page errors; a test asserts the list stays empty. */
export function watchConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A failed load's text names only its status; the address it came from says which request it was.
    const { url } = message.location();
    errors.push(
      url && message.text().startsWith('Failed to load resource') ? `${message.text()} at ${url}` : message.text(),
    );
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Chromium reports every non-2xx answer to fetch as a console error; this drops the expected statuses. */
export function unexpectedConsoleErrors(errors: string[], ...statuses: number[]): string[] {
  return errors.filter(
    (error) => !statuses.some((status) => error.includes(`the server responded with a status of ${status}`)),
  );
}

/**
 * An element's text for `expect.poll`: what it shows now, or "(not on the page)" while it is
 * missing. Asking for `textContent()` itself would wait for a missing element at every try, so a
 * poll that is going to fail would outlast the test's time instead of saying what it saw.
 */
export function shownText(locator: Locator): Promise<string> {
  return locator.textContent({ timeout: 1_000 }).then(
    (text) => text ?? '',
    () => '(not on the page)',
  );
}
