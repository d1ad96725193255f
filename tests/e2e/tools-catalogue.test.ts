/**
 * The Tools pages with a large catalogue, in a real browser, on a server of its own whose
 * configuration registers 120 more tools and one whose input nests objects and arrays: the list
 * pages past 100 tools, and the runner's forms, generated from the input schema (nested objects,
 * arrays, enums, optional fields) and from the tool's request-context schema, run it with valid and
 * invalid input.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueToolCount } from '../support/many-tools-studio-config';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { ToolsPage } from './pages/tools-page';
import { seriousAccessibilityViolations } from './support/accessibility';
import { launchBrowser } from './support/browser';
import { watchConsoleErrors } from './support/page-watch';
import { expectEachOnce, walkPages } from './support/paging';

const patience = { timeout: 30_000 };

describe('the tools pages with a large catalogue in a real browser', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let server: ServerProcess;
  let directory: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    directory = mkdtempSync(join(tmpdir(), 'studio-many-tools-'));
    const root = fileURLToPath(new URL('../..', import.meta.url));
    server = await startServerProcess({ root, directory, spawn, config: 'many-tools' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  async function newPage() {
    const page = await browser.context.newPage();
    return { page, errors: watchConsoleErrors(page), tools: new ToolsPage(page, server.url) };
  }

  it('pages through more than 100 registered tools, 50 at a time', async () => {
    const { page, errors, tools } = await newPage();
    expect(await tools.openList()).toBe(200);
    const ids = Array.from(
      { length: catalogueToolCount },
      (_, index) => `catalogue-tool-${String(index).padStart(3, '0')}`,
    );
    const pages = await walkPages(page, 'Pages of tools');
    expectEachOnce(pages, [...ids, 'convert-units', 'plan-shipment']);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // A tool from the last page opens its own page.
    const last = pages.at(-1)!.at(-1)!;
    await tools.toolLink(last).click();
    await page.getByRole('heading', { level: 1, name: last }).waitFor(patience);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('runs a tool with nested objects, arrays, enums and optional fields, and a request-context form', async () => {
    const { page, errors, tools } = await newPage();
    await page.goto(`${server.url}/tools/plan-shipment`);
    await page.getByRole('heading', { level: 1, name: 'plan-shipment' }).waitFor();

    const destination = tools.group('destination');
    await destination.getByRole('textbox', { name: 'city', exact: true }).fill('Lyon');
    expect(await destination.getByRole('textbox', { name: 'postcode', exact: true }).count()).toBe(1);
    const parcels = tools.group('parcels');
    await parcels.getByRole('button', { name: 'Add parcels item' }).click();
    await parcels.getByRole('button', { name: 'Add parcels item' }).click();
    const first = tools.group('parcels item 1');
    const second = tools.group('parcels item 2');
    await first.getByRole('textbox', { name: 'weightKg', exact: true }).fill('2');
    await second.getByRole('textbox', { name: 'weightKg', exact: true }).fill('3.5');
    // An optional yes/no offers "not set" besides true and false.
    const fragile = second.getByRole('combobox', { name: 'fragile', exact: true });
    expect(await fragile.locator('option').allTextContents()).toEqual(['(not set)', 'true', 'false']);
    await fragile.selectOption({ label: 'true' });
    await tools.field('speed', 'combobox').selectOption({ label: 'express' });

    // The request context from its own generated form, kept in step with the JSON box.
    const contextFields = tools.group('Request context fields');
    await contextFields.getByRole('combobox', { name: 'tier', exact: true }).selectOption('pro');
    expect(JSON.parse(await page.getByRole('textbox', { name: 'Request context', exact: true }).inputValue())).toEqual({
      tier: 'pro',
    });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await tools.run();
    const output = (await tools.result().textContent()) ?? '';
    expect(output).toContain('2 parcels, 5.5 kg, express to Lyon');
    expect(output).toContain('"fragile": 1');
    // Optional fields left empty are left out, not sent empty.
    expect(output).toContain('"postcodeGiven": false');
    expect(output).toContain('"noteGiven": false');
    expect(output).toContain('"tier": "pro"');

    // Invalid input: no parcel at all; the validation error names the field.
    await parcels.getByRole('button', { name: 'Remove parcels item 1' }).click();
    await parcels.getByRole('button', { name: 'Remove parcels item 1' }).click();
    expect(await parcels.getByRole('group').count()).toBe(0);
    await tools.run();
    const errorsShown = tools.result().getByRole('list', { name: 'Validation errors' });
    await expect.poll(async () => (await errorsShown.textContent()) ?? '', patience).toContain('parcels');
    // An empty list is left out like any empty field, so the required check answers.
    expect(await errorsShown.textContent()).toContain('expected array');

    // A request context the tool does not accept is refused the same way.
    await parcels.getByRole('button', { name: 'Add parcels item' }).click();
    await tools.group('parcels item 1').getByRole('textbox', { name: 'weightKg', exact: true }).fill('1');
    await contextFields.getByRole('combobox', { name: 'tier', exact: true }).selectOption('');
    await tools.run();
    await expect.poll(async () => (await tools.result().textContent()) ?? '', patience).toMatch(/tier/);
    expect(await tools.result().textContent()).not.toContain('express to Lyon');
    expect(errors).toEqual([]);
    await page.close();
  });
});
