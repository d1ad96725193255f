/**
 * Conversation messages as the AI SDK takes them (`ModelMessage`), checked against the SDK's own
 * schema so a run or a test case never reaches the model with a message it refuses. Every problem
 * is reported at its path (`3.role`, `0.content.1.text`).
 */
import { modelMessageSchema } from 'ai';
import { z } from 'zod';
import { explainZodIssues } from '../errors';
import { jsonObjectSchema } from '../rules';

const messageRoles = ['system', 'user', 'assistant', 'tool'] as const;

/** Problems reported for one message at the most (the SDK's union can name many for one mistake). */
const issuesPerMessage = 5;

export const modelMessagesSchema = z
  .array(jsonObjectSchema)
  .min(1)
  .max(1_000)
  .superRefine((messages, context) => {
    messages.forEach((message, index) => {
      // The SDK's schema is a union by role: name a wrong role directly instead of "Invalid input".
      if (!messageRoles.includes(message.role as (typeof messageRoles)[number])) {
        context.addIssue({
          code: 'custom',
          path: [index, 'role'],
          message: `Expected one of ${messageRoles.join(', ')}`,
        });
        return;
      }
      const parsed = modelMessageSchema.safeParse(message);
      if (parsed.success) return;
      for (const issue of explainZodIssues(parsed.error.issues).slice(0, issuesPerMessage)) {
        context.addIssue({
          code: 'custom',
          path: [index, ...issue.path.map((segment) => segment as string | number)],
          message: issue.message,
        });
      }
    });
  });
