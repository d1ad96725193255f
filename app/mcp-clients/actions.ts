'use server';
/**
 * Writes and on-demand reads of saved MCP clients, as server actions over the editor service. The
 * service parses every input with the API's own schemas (stdio allow-list and secret rules
 * included), so the form shows exactly the errors the API would answer.
 */
import type { CreateMcpClientInput, UpdateMcpClientInput } from '@/lib/schemas';
import { currentStudio } from '@/lib/studio-handle';
import { checkServerWrite, type Principal, type ServerMap } from '@/lib/auth';
import { runAction } from '../_server/run-action';

type Body<T> = Omit<T, 'actor' | 'internalAddresses'>;

/** The API's rules for what a save may store (a stdio server, or a loopback or private URL, needs admin), and who writes. */
const serverWriter = (principal: Principal, serversToStore: () => Promise<readonly ServerMap[]>) =>
  checkServerWrite(principal, { serversToStore, internalTargetOf: currentStudio().outbound.internalTarget });

export async function createMcpClient(input: Body<CreateMcpClientInput>) {
  return runAction('editor', async ({ principal }) => {
    const writer = await serverWriter(principal, async () => [input.servers]);
    const { client } = await currentStudio().editor.mcpClients.create({ ...input, ...writer });
    return { id: client.id };
  });
}

export async function saveMcpClient(input: Body<UpdateMcpClientInput>) {
  return runAction('editor', async ({ principal }) => {
    const clients = currentStudio().editor.mcpClients;
    // Servers left out stay as they are: the saved version will still have them.
    const writer = await serverWriter(principal, async () => [
      input.servers ?? (await clients.getById(input.id)).version.servers,
    ]);
    const { created, version } = await clients.update({ ...input, ...writer });
    return { created, versionNumber: version.versionNumber };
  });
}

export async function restoreMcpClient(input: { id: string; versionNumber: number }) {
  return runAction('editor', async ({ principal }) => {
    const clients = currentStudio().editor.mcpClients;
    const writer = await serverWriter(principal, async () => [
      (await clients.getById(input.id, { versionNumber: input.versionNumber })).version.servers,
    ]);
    const { version } = await clients.restore({ ...input, ...writer });
    return { versionNumber: version.versionNumber };
  });
}

export async function listMcpClientVersions({ id, cursor }: { id: string; cursor?: string }) {
  return runAction('runtime', () => currentStudio().editor.mcpClients.listVersions(id, { limit: 100, cursor }));
}

/** Lets the stdio servers of an imported client start: admin only, like the API's route. */
export async function approveMcpClient({ id }: { id: string }) {
  return runAction('admin', async ({ actor }) => {
    const { client } = await currentStudio().editor.mcpClients.approve(id, { actor });
    return { approval: client.approval };
  });
}
