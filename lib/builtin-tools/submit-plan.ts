/**
 * `submit_plan`: the model submits a plan (markdown) for the user to approve or reject. The plan is
 * written to the run's files and the call suspends with `{ title?, plan, path }`; it resumes with
 * `{ action: 'approved' | 'rejected', feedback? }`, which the model reads.
 */
import { definedFields } from '../defined-fields';
import { createTool } from '../tools';
import { builtInModelOutput, errorResult } from './error-result';

export interface PlanDecision {
  action: 'approved' | 'rejected';
  feedback?: string;
}

function slug(title: string | undefined): string {
  const cut = (title ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return cut || 'plan';
}

export const submitPlanTool = createTool({
  id: 'submit_plan',
  description:
    'Submit a plan (markdown) for the user to approve or reject before you carry it out; wait for the decision.',
  inputSchema: {
    type: 'object',
    properties: { title: { type: 'string' }, plan: { type: 'string', minLength: 1 } },
    required: ['plan'],
    additionalProperties: false,
  },
  resumeSchema: {
    type: 'object',
    properties: { action: { type: 'string', enum: ['approved', 'rejected'] }, feedback: { type: 'string' } },
    required: ['action'],
    additionalProperties: false,
  },
  toModelOutput: (output: unknown) =>
    builtInModelOutput(output, (value) => {
      const { action, feedback } = value as PlanDecision;
      const said = feedback ? ` Feedback: ${feedback}` : '';
      return {
        type: 'text',
        value: action === 'approved' ? `The user approved the plan.${said}` : `The user rejected the plan.${said}`,
      };
    }),
  execute: async (input, context) => {
    const { title, plan } = input as { title?: string; plan: string };
    const decision = context.agent?.resumeData as PlanDecision | undefined;
    if (decision) return definedFields({ action: decision.action, feedback: decision.feedback || undefined });
    const files = context.agent?.files;
    if (!files) return errorResult('submit_plan runs inside an agent run, which keeps the plan with the run.');
    const path = files.write({ path: `plans/${slug(title)}-${context.agent!.toolCallId}.md`, content: plan });
    await context.agent?.suspend(definedFields({ title: title || undefined, plan, path }));
    return undefined;
  },
});
