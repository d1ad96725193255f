/**
 * Lists every tool of a connected server, following `nextCursor` to the end within one deadline.
 */
import type { McpConnection } from './connect-server';
import { raceSignal, type Deadline } from './deadline';
import { createMcpError, rpcErrorCodes } from './sdk';
import type { McpListedTool } from './types';

/** A server that keeps paginating past this is treated as broken rather than listed forever. */
const maxPages = 1_000;

export async function listAllTools({
  connection,
  deadline,
  onRequest,
}: {
  connection: McpConnection;
  deadline: Deadline;
  /** Called once per `tools/list` request (for the pool's counters). */
  onRequest?: () => void;
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
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (!cursor) return tools;
    if (seenCursors.has(cursor))
      throw await createMcpError(rpcErrorCodes.InvalidRequest, `tools/list returned the cursor "${cursor}" twice`);
    seenCursors.add(cursor);
  }
  throw await createMcpError(rpcErrorCodes.InvalidRequest, `tools/list did not end after ${maxPages} pages`);
}
