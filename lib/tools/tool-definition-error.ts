/**
 * A mistake in how a tool is defined or registered (a programmer error, so it is thrown): an
 * unsupported schema, an async validator, a registry key that differs from the tool's id. It is
 * raised at creation or startup so it never reaches a model.
 */
export class ToolDefinitionError extends Error {
  readonly toolId: string | undefined;

  constructor(message: string, { toolId, cause }: { toolId?: string; cause?: unknown } = {}) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ToolDefinitionError';
    this.toolId = toolId;
  }
}
