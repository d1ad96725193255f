/**
 * PURE: MCP elicitation as a run suspension. When a server asks for input during a tool call
 * (`elicitation/create`, form mode), the call suspends with `{ kind: 'elicitation', serverName,
 * message, requestedSchema }`; it is resumed with the answer the server gets: `{ action: 'accept',
 * content }`, `{ action: 'decline' }` or `{ action: 'cancel' }`. See docs/mcp.md, "Elicitation".
 */

/** What a server asks in a form-mode `elicitation/create`. */
export interface McpElicitationRequest {
  message: string;
  /** A flat object schema of primitive fields (the MCP spec's restricted subset). */
  requestedSchema: Record<string, unknown>;
}

/** The client's answer, as the server receives it. */
export type McpElicitationAnswer =
  { action: 'accept'; content: Record<string, unknown> } | { action: 'decline' } | { action: 'cancel' };

/** The suspend payload of a call waiting for an elicitation answer. */
export interface McpElicitationSuspension extends McpElicitationRequest {
  kind: 'elicitation';
  serverName: string;
}

export function elicitationSuspension(request: McpElicitationRequest, serverName: string): McpElicitationSuspension {
  return { kind: 'elicitation', serverName, message: request.message, requestedSchema: request.requestedSchema };
}

/** The elicitation a suspend payload carries, or `undefined` for any other suspension. */
export function readElicitationSuspension(payload: unknown): McpElicitationSuspension | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const candidate = payload as Partial<McpElicitationSuspension>;
  if (candidate.kind !== 'elicitation' || typeof candidate.message !== 'string') return undefined;
  if (typeof candidate.requestedSchema !== 'object' || candidate.requestedSchema === null) return undefined;
  return candidate as McpElicitationSuspension;
}

/**
 * The JSON Schema resume data must match: an `action`, and with `accept` a `content` fitting the
 * server's schema (so a field error names `content.<field>`). Without a usable server schema,
 * `content` need only be an object.
 */
export function elicitationAnswerSchema(requestedSchema: Record<string, unknown> | undefined): Record<string, unknown> {
  return {
    type: 'object',
    properties: { action: { enum: ['accept', 'decline', 'cancel'] } },
    required: ['action'],
    if: { properties: { action: { const: 'accept' } } },
    then: { properties: { content: requestedSchema ?? { type: 'object' } }, required: ['content'] },
  };
}

/** Resume data (already checked against `elicitationAnswerSchema`) as the server's answer. */
export function toElicitationAnswer(resumeData: unknown): McpElicitationAnswer {
  const { action, content } = (resumeData ?? {}) as { action?: unknown; content?: unknown };
  if (action === 'accept' && typeof content === 'object' && content !== null) {
    return { action, content: content as Record<string, unknown> };
  }
  return { action: action === 'decline' ? 'decline' : 'cancel' };
}
