/**
 * Reading a direct tool call's answer (`tool.execute`) in tests: the case a test expects, or a
 * failure naming the case that came instead.
 */
import type { ToolExecution, ToolValidationError } from '@/lib/tools';

export function outputOf<TOutput>(execution: ToolExecution<TOutput>): TOutput {
  if (execution.status !== 'output') throw new Error(`expected an output, got ${JSON.stringify(execution)}`);
  return execution.output;
}

export function validationErrorOf(execution: ToolExecution): ToolValidationError {
  if (execution.status !== 'invalid') throw new Error(`expected a validation error, got ${JSON.stringify(execution)}`);
  return execution.error;
}
