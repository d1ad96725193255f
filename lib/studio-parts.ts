/**
 * Parts `createStudio` builds from its options and settings alone: the registries of what code
 * gives it (tools, agents, workflows, tool providers; each keyed by its own id, a wrong key or a
 * duplicate stops startup), the request policy, and what the API reads of the settings.
 */
import type { Agent } from './agents';
import type { Settings } from './env';
import { createRequestPolicy, type RequestPolicy } from './http';
import type { Editor } from './editor';
import type { Outbound } from './net';
import { createCodeAgentRegistry, createModelRegistry, type LanguageModelObject } from './runtime';
import { createToolProviderRegistry, type ToolProvider } from './tool-providers';
import { createToolRegistry, type Tool } from './tools';
import { createWorkflowRegistry, type Workflow } from './workflows';

/** The registries of what code gives the studio. */
export function createRegistries(options: {
  tools?: Record<string, Tool>;
  agents?: Record<string, Agent>;
  workflows?: Record<string, Workflow>;
  toolProviders?: Record<string, ToolProvider>;
}) {
  return {
    tools: createToolRegistry({ tools: options.tools }),
    agents: createCodeAgentRegistry({ agents: options.agents }),
    workflows: createWorkflowRegistry({ workflows: options.workflows }),
    toolProviders: createToolProviderRegistry({ toolProviders: options.toolProviders }),
  };
}

/** What the API reads of the settings: its limits, and whom it serves how. */
export function apiSettingsOf(settings: Settings) {
  return {
    bodyLimitBytes: settings.bodyLimitBytes,
    importBodyLimitBytes: settings.importBodyLimitBytes,
    toolProviderTimeoutMs: settings.mcp.listTimeoutMs,
    exposeAgentsOverMcp: settings.exposeAgentsOverMcp,
    rateLimits: settings.rateLimits,
    trustedProxies: settings.trustedProxy ?? 0,
  };
}

/** Which `Host` and `Origin` values the server answers, from the settings. */
export function requestPolicyOf(settings: Settings): RequestPolicy {
  return createRequestPolicy({
    allowedHosts: settings.allowedHosts,
    corsOrigins: settings.corsOrigins,
    listenHost: settings.host,
  });
}

/**
 * The model registry over the provider keys saved in Settings (read from storage now, and again
 * before a run after any write), which win over the environment's.
 */
export async function modelRegistryOf({
  models,
  settings,
  editor,
  outbound,
}: {
  models: Record<string, LanguageModelObject> | undefined;
  settings: Settings;
  editor: Editor;
  outbound: Outbound;
}) {
  await editor.modelProviders.refresh();
  return createModelRegistry({
    models,
    settings,
    providerSettings: editor.modelProviders,
    fetch: outbound.configured.fetch,
  });
}
