import { storedAgentIssues, type AgentSnapshot } from '@/lib/snapshots';
import { createAgentBodySchema } from '@/lib/schemas';

/**
 * The New agent form validates with the API's own create schema, plus the stored-agent rule the
 * service applies (a name, a model and non-empty instructions), through the same function.
 */
export const newAgentFormSchema = createAgentBodySchema
  .pick({ id: true, name: true, description: true, instructions: true, model: true })
  .superRefine((value, context) => {
    for (const issue of storedAgentIssues(value as AgentSnapshot)) {
      context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  });
