'use server';
/**
 * Writes and on-demand reads of saved MCP clients, as server actions over the editor service. The
 * service parses every input with the API's own schemas (stdio allow-list and secret rules
 * included), so the form shows exactly the errors the API would answer.
 */
import type { CreateMcpClientInput, UpdateMcpClientInput } from '@/lib/editor';
import { currentStudio } from '@/lib/studio-handle';
import { editorActor, runAction } from '../_server/run-action';

type Body<T> = Omit<T, 'actor'>;

export async function createMcpClient(input: Body<CreateMcpClientInput>) {
  return runAction(async () => {
    const { client } = await currentStudio().editor.mcpClients.create({ ...input, actor: editorActor });
    return { id: client.id };
  });
}

export async function saveMcpClient(input: Body<UpdateMcpClientInput>) {
  return runAction(async () => {
    const { created, version } = await currentStudio().editor.mcpClients.update({ ...input, actor: editorActor });
    return { created, versionNumber: version.versionNumber };
  });
}

export async function restoreMcpClient(input: { id: string; versionNumber: number }) {
  return runAction(async () => {
    const { version } = await currentStudio().editor.mcpClients.restore({ ...input, actor: editorActor });
    return { versionNumber: version.versionNumber };
  });
}

export async function deleteMcpClient({ id }: { id: string }) {
  return runAction(() => currentStudio().editor.mcpClients.delete(id, { actor: editorActor }));
}

export async function listMcpClientVersions({ id, cursor }: { id: string; cursor?: string }) {
  return runAction(() => currentStudio().editor.mcpClients.listVersions(id, { limit: 100, cursor }));
}
