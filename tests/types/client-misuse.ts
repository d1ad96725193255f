/**
 * Compile-time checks of the typed client: every `@ts-expect-error` line misuses it, so if its
 * types ever get looser the directive is unused and `tsc` fails. Checked by `npm run typecheck`
 * and by tests/unit/client/client-types.test.ts. Never run.
 */
import { createStudioClient, StudioApiError } from '@/lib/client';

const client = createStudioClient({ url: 'http://localhost:3000' });

export async function typedUses() {
  const page = await client.listAgents({ query: { limit: 5 } });
  const firstId: string | undefined = page.items[0]?.id;
  const saved = await client.updateAgent({
    params: { id: 'support-bot' },
    body: { baseVersionNumber: 3, instructions: 'Answer briefly.', changeMessage: 'Shorter' },
  });
  const created: boolean = saved.created;
  const versionNumber: number = saved.version.versionNumber;
  const resolution = await client.resolveAgent({ params: { id: 'support-bot' }, body: { requestContext: {} } });
  const toolNames: string[] = resolution.tools.map((tool) => tool.name);
  const health = await client.getHealth();
  const run = await client.generateAgent({ params: { id: 'support-bot' }, body: { prompt: 'Hi' } });
  const runStatus: 'finished' | 'paused' = run.status;
  const chunkTypes: string[] = [];
  for await (const chunk of await client.streamAgent({ params: { id: 'support-bot' }, body: { prompt: 'Hi' } }))
    chunkTypes.push(chunk.type === 'text-delta' ? chunk.payload.text : chunk.type);
  try {
    await client.publishAgentVersion({ params: { id: 'support-bot', n: 2 } });
  } catch (error) {
    if (error instanceof StudioApiError && error.code === 'version_conflict') return error.details;
  }
  return { firstId, created, versionNumber, toolNames, health, runStatus, chunkTypes };
}

export async function misuses() {
  // @ts-expect-error getAgent needs the agent id
  await client.getAgent();
  // @ts-expect-error the id goes in params
  await client.getAgent({ params: {} });
  // @ts-expect-error a version number is a number
  await client.getAgentVersion({ params: { id: 'support-bot', n: 'one' } });
  // @ts-expect-error a save needs baseVersionNumber
  await client.updateAgent({ params: { id: 'support-bot' }, body: { instructions: 'Hi' } });
  // @ts-expect-error unknown body fields are refused, as the API refuses them
  await client.createAgent({ body: { id: 'x', name: 'X', model: 'a/b', instructions: 'i', colour: 'red' } });
  // @ts-expect-error the model is a "provider/model" string
  await client.createAgent({ body: { id: 'x', model: 5 } });
  // @ts-expect-error limit is a number
  await client.listAgents({ query: { limit: '5' } });
  // @ts-expect-error the import mode is create or append
  await client.importAgent({ query: { mode: 'replace' }, body: {} });
  // @ts-expect-error there is no such operation
  await client.listAgentz();
  // @ts-expect-error /api/mcp speaks JSON-RPC: use the MCP SDK's client
  await client.handleMcpMessage();
  // @ts-expect-error a run needs a body with the prompt or messages
  await client.generateAgent({ params: { id: 'x' } });
  // @ts-expect-error the selector is one of versionId, versionNumber, label, status
  await client.generateAgent({ params: { id: 'x' }, body: { prompt: 'Hi', selector: { status: 'latest' } } });
  const events = await client.streamAgent({ params: { id: 'x' }, body: { prompt: 'Hi' } });
  // @ts-expect-error a stream is read chunk by chunk: it has no text of its own
  const streamedText: string = events.text;
  // @ts-expect-error approving names the call by toolCallId
  await client.approveRun({ params: { runId: 'r' }, body: { callId: 'c' } });
  const saved = await client.updateAgent({ params: { id: 'x' }, body: { baseVersionNumber: 1 } });
  // @ts-expect-error results are typed: created is a boolean
  const created: string = saved.created;
  const page = await client.listAgentVersions({ params: { id: 'x' } });
  // @ts-expect-error a version number is a number
  const number: string = page.items[0]!.versionNumber;
  return { created, number, streamedText };
}
