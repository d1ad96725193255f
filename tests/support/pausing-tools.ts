/**
 * Tools of the test configuration that make a run wait, so tests through the production server
 * (the browser's Playground above all) can approve, decline and resume calls:
 * - `issue-refund` requires approval before it runs;
 * - `schedule-callback` suspends with a question and resumes with `{ day, urgent? }`;
 * - `ask-order-number` (browser tests only) asks a question the way `ask_user` does but takes only
 *   answers shaped like an order number, so a typed answer can be refused.
 */
import { z } from 'zod';
import { createTool } from '../../lib/tools';

export const issueRefundTool = createTool({
  id: 'issue-refund',
  description: 'Refunds an order; a person approves every refund first',
  inputSchema: z.object({ orderId: z.string(), amount: z.number().positive() }),
  requireApproval: true,
  execute: async ({ orderId, amount }) => ({ refunded: true, orderId, amount }),
});

export const scheduleCallbackTool = createTool({
  id: 'schedule-callback',
  description: 'Schedules a call back to the customer on the day they choose',
  inputSchema: z.object({ phone: z.string() }),
  suspendSchema: z.object({ question: z.string() }),
  resumeSchema: z.object({
    day: z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']),
    urgent: z.boolean().optional(),
  }),
  execute: async ({ phone }, context) => {
    const answer = context.agent?.resumeData as { day: string; urgent?: boolean } | undefined;
    if (!answer) {
      await context.agent?.suspend({ question: `Which weekday should we call ${phone}?` });
      return undefined;
    }
    return { scheduled: true, phone, day: answer.day, urgent: answer.urgent ?? false };
  },
});

export const askOrderNumberTool = createTool({
  id: 'ask-order-number',
  description: 'Asks the customer which order they mean',
  inputSchema: z.object({}),
  suspendSchema: z.object({ question: z.string() }),
  resumeSchema: z.string().regex(/^[A-Z]-\d+$/, 'An order number is a capital letter, a dash and digits, such as A-17'),
  execute: async (_input, context) => {
    const answer = context.agent?.resumeData as string | undefined;
    if (answer === undefined) {
      await context.agent?.suspend({ question: 'Which order is it about?' });
      return undefined;
    }
    return { orderNumber: answer };
  },
});

export const pausingTools = { [issueRefundTool.id]: issueRefundTool, [scheduleCallbackTool.id]: scheduleCallbackTool };
