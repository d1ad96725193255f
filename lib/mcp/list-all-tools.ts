/**
 * Lists every tool of a connected server, following `nextCursor` to the end within one deadline.
 * Schema patterns RE2 cannot run are left out of the listed schemas and reported through
 * `onPatternDropped` (runnable-patterns.ts).
 */
import type { McpConnection } from './connect-server';
import { raceSignal, type Deadline } from './deadline';
import { withRunnablePatterns, type DroppedPattern } from './runnable-patterns';
import { createMcpError, rpcErrorCodes } from './sdk';
import type { McpListedTool } from './types';

/** A server that keeps paginating past this is treated as broken rather than listed forever. */
const maxPages = 1_000;

export async function listAllTools({
  connection,
  deadline,
  onRequest,
  onPatternDropped,
}: {
  connection: McpConnection;
  deadline: Deadline;
  /** Called once per `tools/list` request (for the pool's counters). */
  onRequest?: () => void;
  /** Called for each schema pattern left out because RE2 cannot run it (for the log). */
  onPatternDropped?: (dropped: DroppedPattern) => void;
}): Promise<McpListedTool[]> {
  // A server that does not declare the tools capability offers no tools: that is an empty list,
  // not a failure, and asking would only earn a "method not found".
  if (!connection.client.getServerCapabilities()?.tools) return [];
  const tools: McpListedTool[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page += 1) {
    onRequest?.();
    const result = await raceSignal(
      connection.client.listTools(cursor === undefined ? undefined : { cursor }, {
        signal: deadline.signal,
        timeout: deadline.remainingMs(),
      }),
      deadline.signal,
    );
    const runnable = withRunnablePatterns(result.tools);
    for (const dropped of runnable.dropped) onPatternDropped?.(dropped);
    tools.push(...runnable.tools);
    cursor = result.nextCursor;
    if (!cursor) return tools;
    if (seenCursors.has(cursor))
      throw await createMcpError(rpcErrorCodes.InvalidRequest, `tools/list returned the cursor "${cursor}" twice`);
    seenCursors.add(cursor);
  }
  throw await createMcpError(rpcErrorCodes.InvalidRequest, `tools/list did not end after ${maxPages} pages`);
}
