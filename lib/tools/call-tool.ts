/**
 * A direct call from outside an agent run (the HTTP execute route, the CLI through it, MCP):
 * the tool's own steps, answered as `{ output, isError }` where `output` is the tool result the
 * model would be given: the output, the validation-error value, or `{ message }` when execute threw.
 * An output whose `toModelOutput` reports an error (`error-text` / `error-json`, e.g. an MCP
 * `isError` result) is a tool error too.
 */
import type { Logger } from '../logger';
import type { ToolContextInput } from './execution-context';
import { executeTool } from './execute-tool';
import { createModelOutput, type ToolModelOutput } from './model-output';
import type { Tool } from './tool-types';
import { errorMessage } from '../errors';

export interface ToolCallResult {
  output: unknown;
  isError: boolean;
  /** Only for tools with `toModelOutput`: the shaped view the model receives instead of `output`. */
  modelOutput?: ToolModelOutput;
}

export async function callTool({
  tool,
  input,
  context,
  logger,
}: {
  tool: Tool;
  input: unknown;
  context?: ToolContextInput;
  logger: Logger;
}): Promise<ToolCallResult> {
  try {
    const execution = await executeTool({ tool, input, context });
    if (execution.status === 'invalid') return { output: execution.error, isError: true };
    // A suspending tool's return value is answered like an output: a direct call has no run to pause.
    const { output } = execution;
    if (!tool.toModelOutput) return { output, isError: false };
    const modelOutput = await createModelOutput({ tool, output });
    return { output, isError: modelOutput.type === 'error-text' || modelOutput.type === 'error-json', modelOutput };
  } catch (error) {
    logger.warn('A tool call failed', { toolId: tool.id, error });
    return { output: { message: errorMessage(error) }, isError: true };
  }
}
