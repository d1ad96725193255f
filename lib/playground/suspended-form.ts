/**
 * Which form a chat UI offers for a suspended tool call, from what the call carries: its suspend
 * payload and its `resumeSchema`. A question (`{ question, options?, selectionMode? }`, what
 * `ask_user` suspends with) whose schema takes text or a list of texts gets a question form; a plan
 * (`{ title?, plan, path? }`, what `submit_plan` suspends with) whose schema takes `{ action:
 * 'approved' | 'rejected', feedback? }` gets a plan view with Approve / Reject. Anything else,
 * including a payload a display transform replaced, gets the generic resume-data form.
 *
 * The choice goes by shape rather than by tool name: the name is the agent's key for the tool (a
 * code agent may call `ask_user` anything), and a tool of one's own that asks the same way gets the
 * same form.
 */
import { z } from 'zod';
import { checkFailed, type CheckResult } from '../errors';
import { readElicitationSuspension } from '../mcp/convert';
import type { JsonSchema } from '../tools';
import { isRecord } from '../is-record';

const questionPayload = z.object({
  question: z.string().min(1),
  options: z.array(z.object({ label: z.string().min(1), description: z.string().optional() })).optional(),
  selectionMode: z.enum(['single_select', 'multi_select']).optional(),
});

const planPayload = z.object({
  title: z.string().optional(),
  plan: z.string(),
  path: z.string().optional(),
});

export type QuestionOption = { label: string; description?: string };

export type SuspendedForm =
  | {
      kind: 'question';
      question: string;
      options: QuestionOption[];
      /** `multi` answers a list of labels; `single` one label, or free text where `freeText` allows it. */
      choice: 'single' | 'multi';
      /** Whether a typed answer is accepted besides (or instead of) the options. */
      freeText: boolean;
    }
  | { kind: 'plan'; title?: string; plan: string; path?: string; feedbackRequired: boolean }
  | { kind: 'elicitation'; serverName: string; message: string; requestedSchema: JsonSchema }
  | { kind: 'data' };

type SchemaObject = Record<string, unknown>;

const asObject = (value: unknown): SchemaObject | undefined => (isRecord(value) ? value : undefined);

/** The schema itself and the alternatives of its `anyOf` / `oneOf`, where answers of each kind are listed. */
function alternatives(schema: SchemaObject): SchemaObject[] {
  const branches = [schema.anyOf, schema.oneOf].flatMap((list) => (Array.isArray(list) ? list : []));
  return [schema, ...branches.flatMap((branch) => (asObject(branch) ? [asObject(branch)!] : []))];
}

const hasType = (schema: SchemaObject, type: string) =>
  schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));

function takesText(schema: SchemaObject): boolean {
  return alternatives(schema).some((branch) => hasType(branch, 'string'));
}

function takesTextList(schema: SchemaObject): boolean {
  return alternatives(schema).some((branch) => {
    if (!hasType(branch, 'array')) return false;
    const items = asObject(branch.items);
    return items === undefined || hasType(items, 'string');
  });
}

function planDecisionSchema(schema: SchemaObject): { feedbackRequired: boolean } | undefined {
  const properties = asObject(schema.properties);
  const action = asObject(properties?.action);
  const actions = Array.isArray(action?.enum) ? action.enum : [];
  if (!actions.includes('approved') || !actions.includes('rejected')) return undefined;
  const required = Array.isArray(schema.required) ? schema.required : [];
  return { feedbackRequired: required.includes('feedback') };
}

export function suspendedForm({
  suspendPayload,
  resumeSchema,
}: {
  suspendPayload?: unknown;
  resumeSchema?: JsonSchema;
}): SuspendedForm {
  // Answered `{ action, content? }`, checked by the server against the requested schema.
  const elicitation = readElicitationSuspension(suspendPayload);
  if (elicitation) {
    const { serverName, message, requestedSchema } = elicitation;
    return { kind: 'elicitation', serverName, message, requestedSchema };
  }
  const schema = asObject(resumeSchema);
  if (!schema) return { kind: 'data' };

  const question = questionPayload.safeParse(suspendPayload);
  if (question.success) {
    const { question: text, options = [], selectionMode } = question.data;
    const choice = selectionMode === 'multi_select' ? 'multi' : 'single';
    if (choice === 'multi' ? takesTextList(schema) : takesText(schema)) {
      // Only a selection mode binds the answer to the options; without one the options are suggestions.
      return { kind: 'question', question: text, options, choice, freeText: !selectionMode || options.length === 0 };
    }
  }

  const plan = planPayload.safeParse(suspendPayload);
  const decision = planDecisionSchema(schema);
  if (plan.success && decision) {
    const { title, plan: text, path } = plan.data;
    return {
      kind: 'plan',
      plan: text,
      title: title || undefined,
      path: path || undefined,
      feedbackRequired: decision.feedbackRequired,
    };
  }
  return { kind: 'data' };
}

type QuestionForm = Extract<SuspendedForm, { kind: 'question' }>;
type PlanForm = Extract<SuspendedForm, { kind: 'plan' }>;

/**
 * The resume data of a question form: one label or the typed text (which wins when both are
 * given), or for several choices the list of labels plus any typed text. An unanswered single
 * choice is refused here; an empty list is a valid answer to "which of these".
 */
export function questionAnswer(
  form: QuestionForm,
  { chosen, typed }: { chosen: string[]; typed: string },
): CheckResult<string | string[]> {
  const text = form.freeText ? typed.trim() : '';
  if (form.choice === 'multi') return { ok: true, value: text ? [...chosen, text] : chosen };
  if (text) return { ok: true, value: text };
  if (chosen[0] !== undefined) return { ok: true, value: chosen[0] };
  const message =
    form.options.length === 0
      ? 'Type an answer.'
      : form.freeText
        ? 'Choose an option or type an answer.'
        : 'Choose an option.';
  return checkFailed(message);
}

/** The resume data of a plan decision: `{ action, feedback? }`, feedback left out when empty unless the tool requires it. */
export function planDecision(
  form: PlanForm,
  { action, feedback }: { action: 'approved' | 'rejected'; feedback: string },
): CheckResult<{ action: 'approved' | 'rejected'; feedback?: string }> {
  const text = feedback.trim();
  if (form.feedbackRequired && !text) return checkFailed('Write feedback for the decision.', 'feedback');
  return { ok: true, value: text ? { action, feedback: text } : { action } };
}
