/**
 * What a continuation of a paused run asks for, and the checks made before the run is claimed: the
 * run must be the caller's (403 otherwise, checked first so a stranger learns nothing of its
 * state), the calls it answers must be pending and of its kind (409 otherwise), resume data must
 * pass the tool's `resumeSchema` (400 with the standard message).
 */
import { invalidInput, StudioError } from '../errors';
import { elicitationAnswerSchema, readElicitationSuspension } from '../mcp/convert';
import { createValidationError, normalizeSchema, type NormalizedSchema } from '../tools';
import type { RunTools } from './run-tools';
import type { ContinuationParty, PendingKind, StoredPendingCall } from './run-types';
import type { RunRecord } from './run-record';

export type Continuation =
  | { action: 'approve'; toolCallId: string }
  | { action: 'decline'; toolCallId: string }
  | { action: 'resume'; toolCallId?: string; resumeData: unknown }
  | { action: 'tool-results'; results: Array<{ toolCallId: string; output: unknown; modelOutput?: unknown }> };

/**
 * Whether `party` may continue the run: the run's `resourceId`, when it has one, must be named
 * exactly; a run started by a known caller continues only for that caller or an admin. A party with
 * no caller is code in the process, or any request with sign-in off.
 */
function refusal(record: RunRecord, { resourceId, caller }: ContinuationParty): string | undefined {
  if (record.resourceId !== undefined && resourceId !== record.resourceId) {
    return `Run "${record.runId}" belongs to another resource: a continuation must name the resourceId the run was started with.`;
  }
  if (record.createdBy !== undefined && caller !== undefined && !caller.admin && caller.id !== record.createdBy) {
    return `Run "${record.runId}" was started by another caller: only the same API key or user, or an admin, may continue it.`;
  }
  return undefined;
}

export function mayContinue(record: RunRecord, party: ContinuationParty): boolean {
  return refusal(record, party) === undefined;
}

/** 403 `forbidden` unless `party` may continue the run. */
export function checkContinuationParty(record: RunRecord, party: ContinuationParty): void {
  const why = refusal(record, party);
  if (why !== undefined) throw new StudioError('forbidden', why, { runId: record.runId });
}

const kindOf: Record<Continuation['action'], PendingKind> = {
  approve: 'approval',
  decline: 'approval',
  resume: 'suspended',
  'tool-results': 'client',
};

const waitsFor: Record<PendingKind, string> = {
  approval: 'an approval',
  suspended: 'resume data',
  client: 'a client result',
};

function notPending(record: RunRecord, toolCallId: string, expected: PendingKind): StudioError {
  const { pending } = record.state;
  const call = pending.find((candidate) => candidate.toolCallId === toolCallId);
  const why = call ? `it waits for ${waitsFor[call.kind]}` : 'it is not pending';
  return new StudioError(
    'conflict',
    `Run "${record.runId}" cannot take ${waitsFor[expected]} for tool call "${toolCallId}": ${why}.`,
    {
      runId: record.runId,
      toolCallId,
      pending: pending.map(({ toolCallId: id, kind }) => ({ toolCallId: id, kind })),
    },
  );
}

function pendingCall(record: RunRecord, toolCallId: string, kind: PendingKind): StoredPendingCall {
  const call = record.state.pending.find((candidate) => candidate.toolCallId === toolCallId && candidate.kind === kind);
  if (!call) throw notPending(record, toolCallId, kind);
  return call;
}

/** The pending calls a continuation answers. */
export function pendingTargets(record: RunRecord, continuation: Continuation): StoredPendingCall[] {
  const kind = kindOf[continuation.action];
  if (continuation.action === 'tool-results') {
    return continuation.results.map(({ toolCallId }) => pendingCall(record, toolCallId, kind));
  }
  if (continuation.action === 'resume' && continuation.toolCallId === undefined) {
    const suspended = record.state.pending.filter((call) => call.kind === 'suspended');
    // Waiting for something else (an approval, a client's result): the same conflict as naming that call.
    const [other] = record.state.pending;
    if (suspended.length === 0 && other) throw notPending(record, other.toolCallId, 'suspended');
    if (suspended.length !== 1) {
      throw invalidInput([
        {
          path: 'toolCallId',
          message: `Run "${record.runId}" has ${suspended.length} suspended calls: name the one to resume.`,
        },
      ]);
    }
    return suspended;
  }
  return [pendingCall(record, continuation.toolCallId!, kind)];
}

/**
 * An MCP server's question (docs/mcp.md, "Elicitation") is answered `{ action: 'accept', content }`
 * with content fitting the server's requested schema, or `{ action: 'decline' | 'cancel' }`. A
 * requested schema ajv cannot compile is not the caller's fault: content need only be an object.
 */
function elicitationResumeSchema(call: StoredPendingCall): NormalizedSchema | undefined {
  const asked = readElicitationSuspension(call.suspendPayload);
  if (!asked) return undefined;
  const normalized = (schema: Record<string, unknown> | undefined) =>
    normalizeSchema({ schema: elicitationAnswerSchema(schema), toolId: call.toolName, role: 'resumeSchema' });
  try {
    const schema = normalized(asked.requestedSchema);
    // Compiled on first use: a schema ajv refuses must fail here, not while checking the answer.
    schema.validate(undefined);
    return schema;
  } catch {
    return normalized(undefined);
  }
}

/** Resume data failing the tool's `resumeSchema` is the caller's mistake: 400 with the standard message. */
export function checkResumeData(tools: RunTools, call: StoredPendingCall, resumeData: unknown): void {
  const tool = tools.executable[call.toolName];
  const schema = elicitationResumeSchema(call) ?? tool?.schemas.resume;
  if (!tool || !schema) return;
  const result = schema.validate(resumeData);
  if (result.success) return;
  const error = createValidationError({ kind: 'resume', toolId: tool.id, issues: result.issues, value: resumeData });
  throw new StudioError('invalid_input', error.message, {
    issues: error.validationErrors.map((issue) => ({
      path: `resumeData${issue.path === 'root' ? '' : `.${issue.path}`}`,
      message: issue.message,
    })),
  });
}
