/**
 * Agents as MCP tools (when `STUDIO_EXPOSE_AGENTS_OVER_MCP` is on): one tool per agent that can run
 * (a stored agent with a published version, or a code agent), named `agent-<id>`, with input
 * `{ prompt, requestContext? }` and the agent's final text as output. The list is read on every
 * `tools/list`, so a newly published agent appears without a restart.
 */
import type { CallToolResult, Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { toModelToolName } from '../../tools';
import { errorMessage } from '../../errors';

export interface RunnableAgentSummary {
  id: string;
  name?: string | null;
  description?: string | null;
}

export interface AgentMcpTools {
  list(): Promise<McpTool[]>;
  /** The agent behind a listed tool name, if any. */
  agentFor(toolName: string): Promise<string | undefined>;
  call(request: { agentId: string; input: unknown; abortSignal: AbortSignal }): Promise<CallToolResult>;
}

const inputSchema = {
  type: 'object' as const,
  properties: {
    prompt: { type: 'string', minLength: 1, description: 'What to ask the agent.' },
    requestContext: {
      type: 'object',
      description: 'The request context the agent runs with (tenant, user, ...).',
      additionalProperties: true,
    },
  },
  required: ['prompt'],
  additionalProperties: false,
};

export const agentToolName = (agentId: string) => toModelToolName(`agent-${agentId}`);

/** What a call reads of the run it started. */
interface PausableRunResult {
  status: string;
  runId: string;
  text: string;
  pending?: Array<{ toolCallId: string; toolName: string; kind: string }>;
}

const failure = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

export function createAgentMcpTools({
  listAgents,
  runAgent,
  reservedNames,
}: {
  listAgents(): Promise<RunnableAgentSummary[]>;
  runAgent(request: {
    agentId: string;
    prompt: string;
    requestContext: Record<string, unknown>;
    abortSignal: AbortSignal;
  }): Promise<PausableRunResult>;
  /** Names already taken by the listed code tools (those win). */
  reservedNames: ReadonlySet<string>;
}): AgentMcpTools {
  const listed = async () => (await listAgents()).filter((agent) => !reservedNames.has(agentToolName(agent.id)));
  return {
    async list() {
      return (await listed()).map((agent) => ({
        name: agentToolName(agent.id),
        title: agent.name ?? agent.id,
        description: agent.description ?? `Ask the agent "${agent.name ?? agent.id}".`,
        inputSchema,
      }));
    },
    async agentFor(toolName) {
      return (await listed()).find((agent) => agentToolName(agent.id) === toolName)?.id;
    },
    async call({ agentId, input, abortSignal }) {
      const { prompt, requestContext } = (input ?? {}) as { prompt?: unknown; requestContext?: unknown };
      if (typeof prompt !== 'string' || prompt.trim() === '') {
        return failure('prompt: give the agent a non-empty string to answer.');
      }
      if (
        requestContext !== undefined &&
        (typeof requestContext !== 'object' || requestContext === null || Array.isArray(requestContext))
      ) {
        return failure('requestContext: must be a JSON object.');
      }
      try {
        const result = await runAgent({
          agentId,
          prompt,
          requestContext: (requestContext ?? {}) as Record<string, unknown>,
          abortSignal,
        });
        if (result.status === 'paused') return failure(pausedRunMessage(result));
        return { content: [{ type: 'text', text: result.text }] };
      } catch (error) {
        return failure(errorMessage(error));
      }
    },
  };
}

/** The continuation each kind of waiting call takes (`POST /api/runs/{runId}/<action>`). */
const continuationOf: Record<string, string> = {
  approval: 'approve (or decline) with { toolCallId }',
  suspended: 'resume with { toolCallId, resumeData }',
  client: 'tool-results with { results }',
};

/**
 * What an MCP caller reads of a run that paused: the run and the calls it waits for, and how to
 * continue it over the HTTP API, so the run is not left waiting for an answer nobody can give.
 */
function pausedRunMessage(result: PausableRunResult): string {
  const calls = (result.pending ?? []).map(
    (call) =>
      `${call.toolName} (${call.kind}, toolCallId ${call.toolCallId}): ${continuationOf[call.kind] ?? 'resume'}`,
  );
  return (
    `The agent paused in run ${result.runId}, waiting for ${calls.join('; ')}. ` +
    `Continue it through the HTTP API: POST /api/runs/${result.runId}/<action> as named for each call.`
  );
}
