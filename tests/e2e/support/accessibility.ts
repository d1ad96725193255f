import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * Runs axe-core in the page; returns the serious and critical violations, summarised. `exclude`:
 * selectors of parts drawn by third-party code we do not control (their findings reported apart).
 */
export async function seriousAccessibilityViolations(
  page: Page,
  { exclude = [] }: { exclude?: string[] } = {},
): Promise<string[]> {
  // Checks the settled page: right after a client-side navigation (a tab that changes the URL) the
  // document can be without its <title> for a moment while the route's metadata streams in. A page
  // that never gets one is still reported by axe below.
  for (let waited = 0; waited < 5_000; waited += 50) {
    if (await page.evaluate(() => document.title.trim() !== '')) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // Evaluated through the DevTools protocol rather than added as a <script>: the editor's
  // Content-Security-Policy rightly blocks inline scripts without its nonce.
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (excluded) => {
    const axe = (
      globalThis as unknown as { axe: { run: (context?: unknown) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    return (await axe.run(excluded.length > 0 ? { exclude: excluded.map((selector) => [selector]) } : undefined))
      .violations;
  }, exclude);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}
