/**
 * Editor pages: with 1,000 agents, the agents list and an agent's editor each show
 * their main content in under a second. Measured in Debian's Chromium against the production
 * server: from navigation start to the moment the page's main content (`[data-main-content]`) is in
 * the document, by a MutationObserver installed before the page's first byte. The baseline is the
 * static Settings page, measured the same way in the same run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { openSqliteStorage } from '../db/sqlite-storage';
import { chromiumPath, chromiumArgs } from '../tests/e2e/support/browser';
import { startServerProcess } from '../tests/support/server-process';
import { createBenchEditor, seedPublishedAgents } from './bench-editor';
import { row, summarize, type BenchRow } from './harness';

async function seedAgents({ databasePath, agents }: { databasePath: string; agents: number }) {
  const storage = openSqliteStorage({ url: `file:${databasePath}` });
  try {
    await storage.migrate();
    await seedPublishedAgents({ editor: createBenchEditor(storage), agents });
  } finally {
    await storage.close();
  }
}

/** Records, in the page, when the first element matching `selector` appears. */
const observeMainContent = (selector: string) => {
  const record = () => {
    if (document.querySelector(selector)) {
      (globalThis as unknown as { __mainContentAt?: number }).__mainContentAt ??= performance.now();
      return true;
    }
    return false;
  };
  if (record()) return;
  const observer = new MutationObserver(() => {
    if (record()) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
};

async function timeToMainContent(page: Page, url: string, selector: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForSelector(selector);
  const at = await page.evaluate(() => (globalThis as unknown as { __mainContentAt?: number }).__mainContentAt);
  if (typeof at !== 'number') throw new Error(`${url}: the main content time was not recorded`);
  return at;
}

async function sampleLoads(page: Page, url: string, selector: string, { iterations = 30, warmup = 5 } = {}) {
  for (let index = 0; index < warmup; index++) await timeToMainContent(page, url, selector);
  const samples: number[] = [];
  for (let index = 0; index < iterations; index++) samples.push(await timeToMainContent(page, url, selector));
  return samples;
}

export async function benchEditorPages({
  root,
  agents = 1_000,
}: {
  root: string;
  agents?: number;
}): Promise<BenchRow[]> {
  const directory = mkdtempSync(join(tmpdir(), 'studio-bench-editor-'));
  await seedAgents({ databasePath: join(directory, 'studio.db'), agents });
  const server = await startServerProcess({ root, directory, spawn, environment: { LOG_LEVEL: 'error' } });
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(observeMainContent, '[data-main-content]');
    const baseline = summarize(await sampleLoads(page, `${server.url}/settings`, '[data-main-content]')).median;
    const list = await sampleLoads(page, `${server.url}/`, '[data-main-content]');
    const editor = await sampleLoads(page, `${server.url}/agents/agent-0500`, '[data-main-content]');
    return [
      row(
        `agents list with ${agents} agents: time to main content in Chromium`,
        'ms',
        summarize(list),
        baseline,
        '< 1000 ms',
      ),
      row(
        `agent editor with ${agents} agents: time to main content in Chromium`,
        'ms',
        summarize(editor),
        baseline,
        '< 1000 ms',
      ),
    ];
  } finally {
    await browser.close();
    await server.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}
