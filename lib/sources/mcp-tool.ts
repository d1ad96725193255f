/**
 * An MCP tool as an executable tool: `createTool` around the listed JSON Schema (so bad input gets
 * the same validation-error value as any tool) with an `execute` that calls through the pool, on the
 * connection of the same pool key the list came from. Built once per listed tool and description,
 * because compiling a schema costs far more than a resolution.
 */
import { createHash } from 'node:crypto';
import {
  mcpResultToToolOutput,
  type McpCallToolResult,
  type McpNeutralTool,
  type McpPool,
  type McpPoolKey,
  type McpServerConfig,
  serverSecrets,
} from '../mcp';
import { redactErrorMessage, redactSecrets } from '../secrets';
import { callerAbortSignal, createTool, type Tool } from '../tools';

export interface McpToolFactory {
  toolFor(request: { key: McpPoolKey; server: McpServerConfig; tool: McpNeutralTool }): Tool | undefined;
}

/** sha256 of a caller token: keys and fingerprints never hold the token itself. */
export function tokenHash(token: string | undefined): string {
  return token === undefined ? '' : createHash('sha256').update(token).digest('hex');
}

export function createMcpToolFactory({ pool }: { pool: McpPool }): McpToolFactory {
  // Keyed first by the listed schema object: a refreshed list brings new objects, so stale tools
  // fall away with the old list.
  const built = new WeakMap<object, Map<string, Tool | null>>();

  const build = ({
    key,
    server,
    tool,
  }: {
    key: McpPoolKey;
    server: McpServerConfig;
    tool: McpNeutralTool;
  }): Tool | null => {
    try {
      return createTool({
        id: tool.name,
        description: tool.description || tool.name,
        inputSchema: tool.inputSchema as Record<string, unknown>,
        ...(tool.annotations === undefined ? {} : { mcp: { annotations: tool.annotations } }),
        // isError results reach the model as tool errors (and `callTool` answers isError: true).
        toModelOutput: (result: McpCallToolResult) => mcpResultToToolOutput(result),
        execute: (input, context) => {
          // A run's signal goes to the call (the SDK then sends notifications/cancelled); a call
          // given none passes none, which spares the pool a signal of its own per call.
          const signal = callerAbortSignal(context);
          // The one place a result leaves the server: its own secrets are taken out here, before
          // the model, the stream, the run record or a log can see them (docs/mcp.md, "Secrets").
          const secrets = serverSecrets({ server, authToken: key.authToken });
          return pool
            .callTool({
              key,
              server,
              name: tool.bareName,
              arguments: (input ?? {}) as Record<string, unknown>,
              ...(signal ? { signal } : {}),
            })
            .then(
              (result) => redactSecrets(result, secrets),
              (error: unknown) => Promise.reject(redactErrorMessage(error, secrets)),
            );
        },
      });
    } catch {
      return null;
    }
  };

  return {
    toolFor(request) {
      const schema = request.tool.inputSchema as object;
      let byKey = built.get(schema);
      if (!byKey) {
        byKey = new Map();
        built.set(schema, byKey);
      }
      const { key, tool } = request;
      const id = [
        key.clientId,
        key.clientVersionId,
        key.serverName,
        tokenHash(key.authToken),
        tool.bareName,
        tool.name,
        tool.description,
      ].join('\0');
      let entry = byKey.get(id);
      if (entry === undefined) {
        entry = build(request);
        byKey.set(id, entry);
      }
      return entry ?? undefined;
    },
  };
}
