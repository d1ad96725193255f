/**
 * The per-agent publish gate: read and set (admins only, audited), and the check publishing makes
 * when the gate asks for an evaluation. Evaluations are looked up through `findPassingEvaluation`,
 * which the studio injects (none is found by default): the check asks for one of exactly this
 * configuration (`configHash`), made after the agent's test cases last changed, passing at least
 * `minPassRate` of them.
 */
import {
  defaultPublishGate,
  publishGateSchema,
  type PublishGate,
  type PublishOverride,
} from '../schemas/publish-gate-bodies';
import { recordAudit } from './audit';
import { defaultActor, type EditorContext } from './context';
import { existingAgent } from './not-found';
import type { LastEvaluation } from './publish-sources';
import { percentOfShare } from '../evaluation/test-case-words';

function parseGate(text: string | null): PublishGate {
  if (text === null) return { ...defaultPublishGate };
  const parsed = publishGateSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : { ...defaultPublishGate };
}

/** The record's column the gate is stored in (`null`: the default gate). */
export interface GateRecord {
  id: string;
  publishGate: string | null;
}

export async function readPublishGate(context: EditorContext, agentId: string): Promise<PublishGate> {
  const record = await existingAgent(context, agentId);
  return parseGate(record.publishGate);
}

export async function setPublishGate(
  context: EditorContext,
  { agentId, gate, actor = defaultActor }: { agentId: string; gate: PublishGate; actor?: string },
): Promise<PublishGate> {
  return context.storage.transaction(async () => {
    const record = await existingAgent(context, agentId);
    const before = parseGate(record.publishGate);
    await context.agents.setPublishGate({ id: agentId, publishGate: JSON.stringify(gate) });
    await recordAudit(context, {
      actor,
      action: 'agent.publish_gate',
      entityId: agentId,
      details: { before, after: gate },
    });
    return gate;
  });
}

export interface EvaluationProblem {
  code: 'evaluation_required';
  message: string;
}

/**
 * The gate's problem for this configuration, or `undefined` when the gate is off, a passing
 * evaluation exists, or an admin's override lets the version go live anyway.
 */
export async function evaluationProblem(
  context: EditorContext,
  { record, configHash, override }: { record: GateRecord; configHash: string; override?: PublishOverride },
): Promise<EvaluationProblem | undefined> {
  const gate = parseGate(record.publishGate);
  if (!gate.requireEvaluation || override) return undefined;
  const agentId = record.id;
  const found = await context.findPassingEvaluation({
    agentId,
    configHash,
    minPassRate: gate.minPassRate,
    testCasesChangedAt: await context.testCasesChangedAt(agentId),
  });
  if (found) return undefined;
  const newest = await context.findLastEvaluation({ agentId, configHash });
  return {
    code: 'evaluation_required',
    message: `The publish gate needs a finished evaluation of this exact configuration passing at least ${percentOfShare(gate.minPassRate)} of the current test cases; ${whyNoneCounts(newest, gate.minPassRate)}`,
  };
}

/** What was found instead of an evaluation that lets the version publish, and why it does not count. */
function whyNoneCounts(newest: LastEvaluation | undefined, minPassRate: number): string {
  if (!newest) return 'none was found';
  const { evaluationId, versionNumber, passed, failed } = newest;
  const total = passed + failed;
  const found = `the newest, evaluation ${evaluationId} of version ${versionNumber},`;
  const cases = `${passed} of ${total} test case${total === 1 ? '' : 's'}`;
  if (newest.stale)
    return `${found} does not count: it did not cover every current test case, or they changed after it started (it passed ${cases})`;
  if (total === 0) return `${found} ran no test case`;
  return `${found} passed ${cases} (${percentOfShare(passed / total)}), less than ${percentOfShare(minPassRate)}`;
}

/** What the gate asks of a configuration and how its evaluations went, for the Publish dialog. */
export interface GateEvaluation {
  /** The share of test cases that must pass, 0 to 1. */
  minPassRate: number;
  /**
   * A finished evaluation of this configuration that lets it publish, or else the newest finished
   * one; `null`: it was never tested.
   */
  last: LastEvaluation | null;
}

/** `undefined` when the agent's gate does not ask for an evaluation. */
export async function gateEvaluation(
  context: EditorContext,
  { record, configHash }: { record: GateRecord; configHash: string },
): Promise<GateEvaluation | undefined> {
  const gate = parseGate(record.publishGate);
  if (!gate.requireEvaluation) return undefined;
  const last = await context.findLastEvaluation({ agentId: record.id, configHash, minPassRate: gate.minPassRate });
  return { minPassRate: gate.minPassRate, last: last ?? null };
}
