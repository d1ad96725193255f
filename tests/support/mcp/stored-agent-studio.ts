/**
 * A studio on a temp SQLite file with three saved MCP clients on real npm servers, all created
 * through the HTTP API, and a published stored agent that references them:
 * - `everything`: server-everything over stdio (server `local`) with a server-level allow-list;
 * - `remote`: server-everything over Streamable HTTP on 127.0.0.1 (server `remote`, no allow-list)
 *   and the same URL as server `blocked` with an empty allow-list (passes nothing);
 * - `files`: server-filesystem on a temp folder holding `hello.txt` (server `fs`).
 * The agent (`mcp-agent`) also has the registry tool `weather`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTool } from '@/lib/tools';
import { call, createAndPublish, createTestStudio } from '../studio';
import {
  everythingServerPath,
  filesystemServerPath,
  startEverythingHttp,
  type RunningHttpServer,
  testStdioAllowedCommands,
} from './servers';

const node = process.execPath;

export const weather = createTool({
  id: 'weather',
  description: 'Current weather for a city',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  execute: async (input: unknown) => ({ city: (input as { city: string }).city, temperature: 21 }),
});

export const storedAgentClients = {
  everything: {
    id: 'everything',
    name: 'Everything (stdio)',
    servers: {
      local: {
        type: 'stdio',
        command: node,
        args: [everythingServerPath, 'stdio'],
        tools: {
          echo: {},
          'get-sum': { description: 'Adds a and b (server-level wording)' },
          'get-tiny-image': {},
          'get-resource-reference': {},
        },
      },
    },
  },
  remote: (url: string) => ({
    id: 'remote',
    name: 'Everything (Streamable HTTP)',
    servers: { remote: { type: 'http', url }, blocked: { type: 'http', url, tools: {} } },
  }),
  files: (directory: string) => ({
    id: 'files',
    name: 'Notes folder',
    servers: {
      fs: {
        type: 'stdio',
        command: node,
        args: [filesystemServerPath, directory],
        tools: { read_text_file: {}, read_file: {}, list_directory: {}, write_file: {} },
      },
    },
  }),
};

export const storedAgent = {
  id: 'mcp-agent',
  name: 'MCP agent',
  model: 'openai/gpt-4o',
  instructions: 'Use the tools.',
  tools: { weather: {} },
  mcpClients: {
    // Namespaced and bare keys, an agent description, and `get-env`, which the server-level
    // allow-list does not pass (a warning, and never callable).
    everything: {
      tools: {
        local_echo: { description: 'Agent wording: say it back' },
        'get-sum': {},
        'local_get-tiny-image': {},
        'local_get-resource-reference': {},
        'get-env': {},
      },
    },
    remote: { tools: {} },
    files: {
      tools: {
        fs_read_text_file: { description: 'Read a note from the notes folder' },
        read_file: {},
        fs_list_directory: {},
      },
    },
  },
};

export async function createStoredAgentStudio() {
  const handle = await createTestStudio({
    tools: { weather },
    settings: { stdioAllowedCommands: testStdioAllowedCommands, mcp: { listTimeoutMs: 15_000, callTimeoutMs: 15_000 } },
  });
  const directory = mkdtempSync(join(tmpdir(), 'studio-notes-'));
  writeFileSync(join(directory, 'hello.txt'), 'hello from disk');
  let everythingHttp: RunningHttpServer | undefined;
  const cleanup = async () => {
    await handle.cleanup();
    await everythingHttp?.stop();
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    everythingHttp = await startEverythingHttp({ mode: 'streamableHttp' });
    const versionIds: Record<string, string> = {};
    for (const body of [
      storedAgentClients.everything,
      storedAgentClients.remote(everythingHttp.url),
      storedAgentClients.files(directory),
    ]) {
      const created = await call(handle.studio, 'POST', '/api/mcp-clients', body);
      if (created.status !== 201)
        throw new Error(`saving MCP client ${body.id} failed: ${JSON.stringify(created.body)}`);
      versionIds[body.id] = created.body.version.id as string;
    }
    await createAndPublish(handle.studio, storedAgent);
    return { studio: handle.studio, directory, everythingHttp, versionIds, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
