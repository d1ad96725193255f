/**
 * One call of one resolved tool outside a model run (`POST /api/agents/:id/tools/:name/execute`):
 * only a name in this request's resolved set may be called, whatever a server or registry offers
 * beyond it. The answer is `callTool`'s: `{ output, isError }`, where `output` is
 * what the model would get (the validation-error value, `{ message }` for a thrown execute, the MCP
 * result for MCP tools, whose `isError` results come back with `isError: true`).
 */
import { StudioError } from '../errors';
import type { Logger } from '../logger';
import type { ResolvedTool } from '../resolver';
import { callTool, type ToolCallResult } from '../tools';

/** How many names a "no such tool" message lists before it says "and N more". */
const namesInMessage = 20;

function toolNotResolved({
  agentId,
  toolName,
  names,
}: {
  agentId: string;
  toolName: string;
  names: string[];
}): StudioError {
  const shown = names.slice(0, namesInMessage).join(', ');
  const more = names.length > namesInMessage ? ` and ${names.length - namesInMessage} more` : '';
  const offered =
    names.length === 0
      ? 'it has no tools for this request context'
      : `its tools for this request context are ${shown}${more}`;
  return new StudioError('not_found', `Agent "${agentId}" has no tool "${toolName}": ${offered}.`, {
    agentId,
    tool: toolName,
  });
}

export async function callResolvedTool({
  agentId,
  tools,
  toolName,
  input,
  requestContext,
  signal,
  logger,
}: {
  agentId: string;
  tools: Readonly<Record<string, ResolvedTool>>;
  toolName: string;
  input: unknown;
  requestContext: Record<string, unknown>;
  signal?: AbortSignal;
  logger: Logger;
}): Promise<ToolCallResult> {
  const resolved = Object.hasOwn(tools, toolName) ? tools[toolName] : undefined;
  if (!resolved) throw toolNotResolved({ agentId, toolName, names: Object.keys(tools).sort() });
  // A client tool (no execute) answers isError with a message saying it runs elsewhere, as
  // `POST /api/tools/:id/execute` does.
  return callTool({
    tool: resolved.tool,
    input,
    context: { requestContext, abortSignal: signal },
    logger,
  });
}
