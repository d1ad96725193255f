/**
 * A sub-agent as a tool the model calls (`agent-<key>`): it runs the sub-agent on the prompt and
 * answers its final text. Every chunk of the sub-agent's run goes out as a `data-tool-agent` chunk
 * of the calling run, carrying the sub-agent's own id beside the calling tool's name, so a UI can
 * show the sub-agent working.
 */
import { createTool, type Tool } from '../tools';
import { definedFields } from '../defined-fields';
import type { StandaloneAgentDefinition } from './run-types';
import type { RunnableAgent } from './runnable-agent';

export interface SubAgentInput {
  prompt: string;
  threadId?: string;
  resourceId?: string;
  instructions?: string;
  maxSteps?: number;
}

const inputSchema = {
  type: 'object',
  properties: {
    prompt: { type: 'string', description: 'What to ask the agent.' },
    threadId: { type: 'string', description: 'Conversation thread for the agent to continue.' },
    resourceId: { type: 'string', description: 'Owner of the thread (a user or tenant id).' },
    instructions: { type: 'string', description: 'Extra instructions for this call only.' },
    maxSteps: { type: 'integer', minimum: 1, description: 'Model calls the agent may make.' },
  },
  required: ['prompt'],
  additionalProperties: false,
} as const;

const outputSchema = {
  type: 'object',
  properties: {
    text: { type: 'string' },
    subAgentThreadId: { type: 'string' },
    subAgentResourceId: { type: 'string' },
  },
  required: ['text'],
} as const;

export function createSubAgentTool({
  name,
  agent,
  runnable,
}: {
  /** The name the model sees (`agent-<key>`). */
  name: string;
  agent: Pick<StandaloneAgentDefinition, 'id' | 'description'>;
  /** The agent to run for one call (a stored one is loaded for the call's request context). */
  runnable: (call: { requestContext: Record<string, unknown> }) => RunnableAgent | Promise<RunnableAgent>;
}): Tool {
  return createTool({
    id: name,
    description: agent.description ?? `Ask the agent "${agent.id}".`,
    inputSchema,
    outputSchema,
    execute: async (input, context) => {
      const { prompt, threadId, resourceId, instructions, maxSteps } = input as SubAgentInput;
      const messages = [
        ...(instructions ? [{ role: 'system' as const, content: instructions }] : []),
        { role: 'user' as const, content: prompt },
      ];
      const requestContext = { ...context.requestContext };
      const stream = (await runnable({ requestContext })).stream(messages, {
        requestContext,
        abortSignal: context.abortSignal,
        threadId,
        resourceId,
        maxSteps,
      });
      const writer = context.agent?.writer;
      for await (const chunk of stream.fullStream as unknown as AsyncIterable<unknown>) {
        await writer?.write({ type: 'data-tool-agent', id: agent.id, data: chunk });
      }
      const result = await stream.result;
      if (result.status === 'paused') {
        const waiting = (result.pending ?? []).map((call) => `${call.toolName} (${call.kind})`).join(', ');
        throw new Error(
          `The agent "${agent.id}" paused waiting for ${waiting} in its run ${result.runId}; a sub-agent must finish without waiting for approval or resume data.`,
        );
      }
      return definedFields({ text: result.text, subAgentThreadId: threadId, subAgentResourceId: resourceId });
    },
  });
}
