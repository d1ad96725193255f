/**
 * Which tool call a server's `elicitation/create` belongs to. The protocol does not say: over stdio
 * a server's request carries no reference to the call it serves, and a pooled connection is shared
 * by the calls of different runs and callers. So a request goes to the connection's only open call,
 * and only when that call can ask someone; otherwise the server is answered `cancel`. It is never
 * guessed onto one of several calls, which could show one caller's question to another.
 */
import type { McpElicitationAnswer, McpElicitationRequest } from './convert';

export type McpElicitationHandler = (
  request: McpElicitationRequest,
  signal: AbortSignal,
) => Promise<McpElicitationAnswer>;

/** A tools/call in flight on a connection, with who answers its elicitations (if anyone). */
export interface OpenCall {
  onElicitation?: McpElicitationHandler;
}

export type ElicitationRoute =
  { handler: McpElicitationHandler } | { refused: 'no open call' | 'several open calls' | 'nobody to ask' };

export function routeElicitation(openCalls: ReadonlySet<OpenCall>): ElicitationRoute {
  if (openCalls.size === 0) return { refused: 'no open call' };
  if (openCalls.size > 1) return { refused: 'several open calls' };
  const [only] = openCalls;
  return only?.onElicitation ? { handler: only.onElicitation } : { refused: 'nobody to ask' };
}
