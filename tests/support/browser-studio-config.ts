/**
 * The configuration of the browser tests' server: the test configuration (the application's tools
 * and the prompt-scripted model `test/scripted`) plus two tools that make a run wait, so the
 * Playground's Approve / Decline and its answer form can be walked in a real browser. Kept apart
 * from the test configuration so the other suites see exactly the application's tools.
 */
import { z } from 'zod';
import type { StudioOptions } from '../../lib';
import { createTool } from '../../lib/tools';
import testStudioConfig from './test-studio-config';

const issueRefund = createTool({
  id: 'issue-refund',
  description: 'Refunds an order; a person approves every call first',
  inputSchema: z.object({ orderId: z.string().min(1), amount: z.number().positive() }),
  requireApproval: true,
  execute: async ({ orderId, amount }) => ({ refunded: true, orderId, amount }),
});

const askUser = createTool({
  id: 'ask-user',
  description: 'Asks the person chatting a question and waits for the answer',
  inputSchema: z.object({ question: z.string().min(1) }),
  suspendSchema: z.object({ question: z.string() }),
  resumeSchema: z.object({ answer: z.string().min(1).describe('What to tell the agent') }),
  execute: async ({ question }, context) => {
    const resumeData = context.agent?.resumeData as { answer: string } | undefined;
    if (!resumeData) {
      await context.agent?.suspend({ question });
      return undefined;
    }
    return { question, answer: resumeData.answer };
  },
});

const browserStudioConfig: StudioOptions = {
  ...testStudioConfig,
  tools: { ...testStudioConfig.tools, [issueRefund.id]: issueRefund, [askUser.id]: askUser },
};

export default browserStudioConfig;
