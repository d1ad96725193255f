/**
 * The official MCP Inspector CLI (@modelcontextprotocol/inspector-cli, a dev dependency) against
 * the production server. Inspector 2.x needs Node 22, so this is the 1.x CLI, which runs on Node
 * 20 and downloads nothing at run time.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { convertUnitsTool } from '@/lib/demo-tools';

const run = promisify(execFile);

function inspectorBin(): string {
  const manifestPath = createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: Record<string, string> };
  return join(dirname(manifestPath), manifest.bin['mcp-inspector-cli']!);
}

/**
 * Runs `node <bin> --cli <url> ...args` and parses the JSON it prints. The working directory is
 * the bin's folder because the CLI finds its own package.json through a path relative to the
 * working directory; the launcher starts its worker as `node` from PATH, so PATH leads with this
 * Node.
 */
async function inspect(args: string[]): Promise<unknown> {
  const bin = inspectorBin();
  const { stdout } = await run(
    process.execPath,
    [bin, '--cli', new URL('/api/mcp', inject('serverUrl')).href, ...args],
    {
      cwd: dirname(bin),
      env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` },
      timeout: 20_000,
    },
  );
  return JSON.parse(stdout);
}

describe('MCP Inspector CLI against the production server', () => {
  it('tools/list sees the demo tools with their annotations', async () => {
    const listed = (await inspect(['--method', 'tools/list'])) as {
      tools: Array<{ name: string; title?: string; annotations?: unknown; outputSchema?: unknown }>;
    };
    expect(listed.tools.map((tool) => tool.name)).toEqual([
      'convert-units',
      'issue-refund',
      'schedule-callback',
      'search-knowledge-base',
      'world-time',
    ]);
    const convertUnits = listed.tools.find((tool) => tool.name === 'convert-units')!;
    expect(convertUnits.title).toBe('Convert units');
    expect(convertUnits.annotations).toEqual(convertUnitsTool.mcp?.annotations);
    expect(convertUnits.outputSchema).toEqual(convertUnitsTool.outputJsonSchema);
  });

  it('tools/call runs convert-units with --tool-arg values', async () => {
    const result = (await inspect([
      '--method',
      'tools/call',
      '--tool-name',
      'convert-units',
      '--tool-arg',
      'value=10',
      'from=km',
      'to=mi',
    ])) as {
      content: Array<{ type: string; text: string }>;
      structuredContent: Record<string, unknown>;
      isError?: boolean;
    };
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({
      value: 10,
      from: 'km',
      to: 'mi',
      formatted: '10 km = 6.21371 mi',
    });
    expect(JSON.parse(result.content[0]!.text)).toEqual(result.structuredContent);
  });

  it('tools/call shows a validation failure as an isError result', async () => {
    const result = (await inspect([
      '--method',
      'tools/call',
      '--tool-name',
      'convert-units',
      '--tool-arg',
      'value=1',
      'from=kg',
      'to=km',
    ])) as {
      content: Array<{ type: string; text: string }>;
      isError?: boolean;
    };
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(/^Tool input validation failed for convert-units\./);
  });
});
