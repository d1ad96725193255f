/**
 * An MCP tool as an executable tool: `createTool` around the listed JSON Schema (so bad input gets
 * the same validation-error value as any tool) with an `execute` that calls through the pool, on the
 * connection of the same pool key the list came from. Built once per listed tool and description,
 * because compiling a schema costs far more than a resolution.
 */
import { createHash } from 'node:crypto';
import {
  elicitationSuspension,
  mcpResultToToolOutput,
  readElicitationSuspension,
  toElicitationAnswer,
  type McpCallToolResult,
  type McpElicitationHandler,
  type McpNeutralTool,
  type McpPool,
  type McpPoolKey,
  type McpServerConfig,
  serverSecrets,
} from '../mcp';
import { redactErrorMessage, redactSecrets } from '../secrets';
import { callerAbortSignal, createTool, type Tool, type ToolExecutionContext } from '../tools';
import type { ElicitationWaits, ElicitingCallStep } from './mcp-elicitation-waits';

export interface McpToolFactory {
  toolFor(request: { key: McpPoolKey; server: McpServerConfig; tool: McpNeutralTool }): Tool | undefined;
}

/** sha256 of a caller token: keys and fingerprints never hold the token itself. */
export function tokenHash(token: string | undefined): string {
  return token === undefined ? '' : createHash('sha256').update(token).digest('hex');
}

/** What a resumed call answers when the server's question is no longer open in this process. */
export function elicitationGoneMessage(serverName: string): string {
  return (
    `MCP server "${serverName}" asked for input, but its request is no longer open: it went unanswered ` +
    'past the elicitation timeout (the server was answered cancel), its connection closed, or the ' +
    'process holding it restarted. The tool call did not complete; call the tool again to be asked again.'
  );
}

export function createMcpToolFactory({
  pool,
  waits,
}: {
  pool: McpPool;
  /** Calls held open while their run waits for an elicitation answer (absent: servers are answered cancel). */
  waits?: ElicitationWaits;
}): McpToolFactory {
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
        mcp: tool.annotations === undefined ? undefined : { annotations: tool.annotations },
        // isError results reach the model as tool errors (and `callTool` answers isError: true).
        toModelOutput: (result: McpCallToolResult) => mcpResultToToolOutput(result),
        execute: (input, context) => {
          // The one place a result leaves the server: its own secrets are taken out here, before
          // the model, the stream, the run record or a log can see them (docs/mcp.md, "Secrets").
          const secrets = serverSecrets({ server, authToken: key.authToken });
          const call = (extra: Pick<Parameters<McpPool['callTool']>[0], 'signal' | 'onElicitation'>) =>
            pool
              .callTool({
                key,
                server,
                name: tool.bareName,
                arguments: (input ?? {}) as Record<string, unknown>,
                ...extra,
              })
              .then(
                (result) => redactSecrets(result, secrets),
                (error: unknown) => Promise.reject(redactErrorMessage(error, secrets)),
              );
          // A run's signal goes to the call (the SDK then sends notifications/cancelled); a call
          // given none passes none, which spares the pool a signal of its own per call.
          const signal = callerAbortSignal(context);
          const waitKey = waits && waitKeyOf(context);
          if (!waits || !waitKey) return call(signal ? { signal } : {});
          return callInRun({ waits, waitKey, context, serverName: key.serverName, secrets, call });
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

/** A run's call is held under its run and tool call while the server waits for an answer. */
function waitKeyOf(context: ToolExecutionContext): string | undefined {
  const agent = context.agent;
  return agent?.runId === undefined ? undefined : `${agent.runId}\u0000${agent.toolCallId}`;
}

/**
 * A call inside a run: a new one starts (and may suspend the run with the server's question); a
 * resumed one brings the answer to the call still open in this process, which then goes on (and may
 * ask again). A resume finding nothing open fails the call with a clear error.
 */
async function callInRun({
  waits,
  waitKey,
  context,
  serverName,
  secrets,
  call,
}: {
  waits: ElicitationWaits;
  waitKey: string;
  context: ToolExecutionContext;
  serverName: string;
  secrets: string[];
  call(extra: { signal?: AbortSignal; onElicitation: McpElicitationHandler }): Promise<McpCallToolResult>;
}): Promise<McpCallToolResult> {
  const agent = context.agent!;
  const signal = callerAbortSignal(context);
  const asked = readElicitationSuspension(agent.suspendPayload);
  let step: ElicitingCallStep;
  if (agent.resumeData !== undefined && asked) {
    const answering = waits.answer({ key: waitKey, answer: toElicitationAnswer(agent.resumeData), signal });
    if (!answering) throw new Error(elicitationGoneMessage(serverName));
    step = await answering;
  } else {
    step = await waits.start({
      key: waitKey,
      signal,
      call: (onElicitation, callSignal) => call({ signal: callSignal, onElicitation }),
    });
  }
  if (step.status === 'done') return step.result;
  await agent.suspend(redactSecrets(elicitationSuspension(step.request, serverName), secrets));
  // A suspended call's output is never read (no output validation, no `toModelOutput`).
  return undefined as unknown as McpCallToolResult;
}
