/**
 * The configuration of the browser tests' server: the test configuration (the application's tools,
 * the prompt-scripted model `test/scripted`, the tools that make runs wait and the code agent) plus
 * a small tool provider (toolkits and connections, no network) for the Integrations page and a tool
 * whose question refuses some answers, for the Playground's question form. Kept apart from the test
 * configuration so the other suites list exactly its tools and tool providers.
 */
import type { StudioOptions } from '../../lib';
import type { ToolProvider } from '../../lib/tool-providers';
import { createTool } from '../../lib/tools';
import { askOrderNumberTool } from './pausing-tools';
import testStudioConfig from './test-studio-config';

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
  tools: { ...testStudioConfig.tools, [askOrderNumberTool.id]: askOrderNumberTool },
  toolProviders: { ...testStudioConfig.toolProviders, [helpdesk.id]: helpdesk },
};

export default browserStudioConfig;
