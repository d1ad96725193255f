/**
 * Error results of the built-in tools: a refusal the model reads as an error (`error-text`) and can
 * act on, instead of a thrown error, while the run's chunks and records keep `{ error: true, message }`.
 */
export interface ErrorResult {
  error: true;
  message: string;
}

export const errorResult = (message: string): ErrorResult => ({ error: true, message });

export const isErrorResult = (value: unknown): value is ErrorResult =>
  typeof value === 'object' && value !== null && (value as { error?: unknown }).error === true;

/** `toModelOutput` of a built-in tool: error results as `error-text`, other outputs as given. */
export function builtInModelOutput(
  output: unknown,
  shape: (output: unknown) => { type: 'text'; value: string } | { type: 'json'; value: unknown } = (value) => ({
    type: 'json',
    value,
  }),
) {
  return isErrorResult(output) ? { type: 'error-text' as const, value: output.message } : shape(output);
}
