import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** How many items the editor's paged lists show at once. */
const pageSize = 50;
const patience = { timeout: 30_000 };

/**
 * Reads every page of a list by following its "Next page" link, checking each page's size and that
 * the pager offers "First page" from the second page on. Returns the link texts of each page.
 */
export async function walkPages(page: Page, pagerName: string): Promise<string[][]> {
  const pages: string[][] = [];
  for (;;) {
    const names = await page.getByRole('table').getByRole('link').allTextContents();
    expect(names.length).toBeLessThanOrEqual(pageSize);
    pages.push(names);
    const pager = page.getByRole('navigation', { name: pagerName });
    if (pages.length > 1) expect(await pager.getByRole('link', { name: 'First page' }).count()).toBe(1);
    const next = pager.getByRole('link', { name: 'Next page' });
    if ((await next.count()) === 0) return pages;
    const before = names[0];
    await next.click();
    await expect
      .poll(async () => (await page.getByRole('table').getByRole('link').first().textContent()) !== before, patience)
      .toBe(true);
  }
}

/** Every expected name appears once over all pages, and full pages come before the last one. */
export function expectEachOnce(pages: string[][], expected: string[]) {
  const all = pages.flat();
  expect(new Set(all).size).toBe(all.length);
  for (const name of expected) expect(all).toContain(name);
  expect(pages.length).toBeGreaterThanOrEqual(3);
  for (const full of pages.slice(0, -1)) expect(full).toHaveLength(pageSize);
}
