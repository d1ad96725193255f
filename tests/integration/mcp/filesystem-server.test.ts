/**
 * `@modelcontextprotocol/server-filesystem` on a temp folder, through the pool and the pure
 * conversion: the tools an agent would get, real reads and writes, and refusals as isError results.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertMcpTools, mcpResultToModelOutput, type McpPool } from '@/lib/mcp';
import { createTestPool, filesystemServer, uniqueKey } from '../../support/mcp';

let directory: string;
let pool: McpPool;

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), 'studio-mcp-fs-'));
  writeFileSync(join(directory, 'hello.txt'), 'hello from disk');
  pool = createTestPool().pool;
});

afterAll(async () => {
  await pool.closeAll();
  rmSync(directory, { recursive: true, force: true });
});

describe('server-filesystem', () => {
  it('lists its tools, converted with namespacing, a server-level filter and an agent override', async () => {
    const key = uniqueKey({ serverName: 'files' });
    const listed = await pool.listTools({ key, server: filesystemServer(directory) });
    expect(listed.ok).toBe(true);
    if (!listed.ok) return;
    const { tools, warnings } = convertMcpTools({
      clientId: key.clientId,
      clientKind: 'saved',
      servers: [
        {
          name: 'files',
          tools: { read_text_file: {}, write_file: {}, list_directory: {} },
          listed: listed.value.tools,
        },
      ],
      selection: { files_read_text_file: { description: 'Read a note' }, write_file: {}, files_delete_everything: {} },
    });
    expect(tools.map((tool) => [tool.name, tool.descriptionSource])).toEqual([
      ['files_read_text_file', 'agent'],
      ['files_write_file', 'original'],
    ]);
    expect(tools[0]!.description).toBe('Read a note');
    expect(tools[0]!.inputSchema).toMatchObject({ type: 'object', properties: { path: expect.any(Object) } });
    expect(tools[0]!.annotations).toMatchObject({ readOnlyHint: true });
    expect(warnings.map((warning) => warning.ref)).toEqual([
      `mcpClients.${key.clientId}.tools.files_delete_everything`,
    ]);
  });

  it('reads and writes files in the allowed folder', async () => {
    const key = uniqueKey();
    const server = filesystemServer(directory);
    const connectsBefore = pool.stats().connects;
    const read = await pool.callTool({
      key,
      server,
      name: 'read_text_file',
      arguments: { path: join(directory, 'hello.txt') },
    });
    expect(mcpResultToModelOutput(read)).toMatchObject({
      isError: false,
      content: [{ type: 'text', text: 'hello from disk' }],
    });

    const written = await pool.callTool({
      key,
      server,
      name: 'write_file',
      arguments: { path: join(directory, 'new.txt'), content: 'written' },
    });
    expect(written.isError).not.toBe(true);
    expect(readFileSync(join(directory, 'new.txt'), 'utf8')).toBe('written');
    expect(pool.stats().connects - connectsBefore).toBe(1);
  });

  it('refuses a path outside the allowed folder with an isError result', async () => {
    const result = await pool.callTool({
      key: uniqueKey(),
      server: filesystemServer(directory),
      name: 'read_text_file',
      arguments: { path: '/etc/hostname' },
    });
    expect(result.isError).toBe(true);
    expect(mcpResultToModelOutput(result).content[0]).toMatchObject({
      type: 'text',
      text: expect.stringMatching(/denied|outside/i),
    });
  });
});
