/**
 * The configuration of the browser tests' server: the test configuration (the application's tools
 * and the prompt-scripted model `test/scripted`) plus two tools that make a run wait, so the
 * Playground's Approve / Decline and its answer form can be walked in a real browser, and a small
 * tool provider (toolkits and connections, no network) for the Integrations page. Kept apart from
 * the test configuration so the other suites see exactly the application's tools.
 */
import { z } from 'zod';
import type { StudioOptions } from '../../lib';
import type { ToolProvider } from '../../lib/tool-providers';
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

const helpdesk: ToolProvider = {
  id: 'helpdesk',
  name: 'Helpdesk hub',
  description: 'Ticketing and chat toolkits, acting through connected accounts',
  capabilities: { multipleConnectionsPerToolkit: true, defaultScope: 'per-author' },
  listToolkits: async () => [
    { slug: 'tickets', name: 'Tickets', description: 'Open and update support tickets' },
    { slug: 'chat', name: 'Team chat' },
  ],
  listTools: async ({ toolkit }) => [
    {
      slug: `${toolkit.toUpperCase()}_POST`,
      toolkit,
      description: `Post to ${toolkit}`,
      inputSchema: { type: 'object' },
    },
  ],
  listConnections: async ({ toolkit }) =>
    toolkit === 'tickets' ? [{ connectionId: 'tickets-support', kind: 'author', label: 'support desk' }] : [],
  resolveTools: async ({ slugs, connection }) =>
    Object.fromEntries(
      slugs.map((slug) => [
        slug,
        createTool({
          id: slug,
          description: `${slug} as ${connection.connectionId}`,
          execute: async () => ({ ok: true }),
        }),
      ]),
    ),
};

const browserStudioConfig: StudioOptions = {
  ...testStudioConfig,
  toolProviders: { ...testStudioConfig.toolProviders, [helpdesk.id]: helpdesk },
  tools: { ...testStudioConfig.tools, [issueRefund.id]: issueRefund, [askUser.id]: askUser },
};

export default browserStudioConfig;
