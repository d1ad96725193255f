/**
 * `new Agent(...)` used on its own, outside a studio: the same loop, with the agent's own tools,
 * instructions rendered for each run's request context, runs kept in memory (a paused run continues
 * through the same agent object) and models from the built-in providers with keys from the
 * environment (read by `lib/env.ts`). Registered in a studio, `studio.runtime.loadAgent(id)` runs it
 * with stored runs and the editor's published overrides instead.
 */
import type { StandaloneAgentDefinition } from '../agents/run-types';
import { processEnvironment, settingsFromEnvironment } from '../env';
import { silentLogger } from '../logger';
import { createOutbound } from '../net';
import { renderInstructions, resolvedToolsHash, type ResolvedTool } from '../resolver';
import { freezeRequestContext } from '../tools';
import { agentToolSources } from './agent-tool-sources';
import { createMemoryTaskStore } from './task-store';
import { taskNote } from './task-tools';
import { createModelRegistry, type LanguageModelObject, type ModelRegistry } from './model-registry';
import type { RunEnvironment } from './run-environment';
import { createMemoryRunStore } from './run-store';
import { createRunnableAgent, type RunnableAgent } from './runnable-agent';
import { createRunner } from './runner';

const runnables = new WeakMap<StandaloneAgentDefinition, RunnableAgent>();
// Sub-agents of studio agents run with the studio's models: one cache per registry.
/** The models a studio's agents run with (what a sub-agent needs of its parent's registry). */
type RunModels = Pick<ModelRegistry, 'resolve' | 'excerpt'>;
const runnablesByModels = new WeakMap<RunModels, WeakMap<StandaloneAgentDefinition, RunnableAgent>>();
let environmentModels: RunModels | undefined;
// An agent on its own keeps its task lists in memory, shared by the agents of the process.
const standaloneTasks = createMemoryTaskStore();

function toolsHash(agent: StandaloneAgentDefinition): string {
  const described: Record<string, ResolvedTool> = {};
  for (const [name, tool] of Object.entries(agent.tools)) {
    described[name] = {
      name,
      description: tool.description,
      inputSchema: tool.inputJsonSchema,
      ...(tool.outputJsonSchema ? { outputSchema: tool.outputJsonSchema } : {}),
      source: 'code',
      origin: { toolId: tool.id },
      tool,
    };
  }
  return resolvedToolsHash(described);
}

/**
 * The runnable form of a code agent on its own (one per agent object, so its paused runs stay
 * reachable). `registry`: the models to use instead of the built-in providers with keys from the
 * environment (a studio's, for its agents' sub-agents).
 */
export function standaloneAgent(agent: StandaloneAgentDefinition, registry?: RunModels): RunnableAgent {
  let cache = runnables;
  if (registry) {
    cache = runnablesByModels.get(registry) ?? new WeakMap();
    runnablesByModels.set(registry, cache);
  }
  const existing = cache.get(agent);
  if (existing) return existing;
  const models = () => {
    if (registry) return registry;
    if (environmentModels) return environmentModels;
    const settings = settingsFromEnvironment(processEnvironment());
    // Outside a studio too, providers reach their APIs only through the outbound guard.
    const outbound = createOutbound({ lookup: settings.outbound.lookup });
    return (environmentModels = createModelRegistry({ settings, fetch: outbound.configured.fetch }));
  };
  const extraSources = agentToolSources({
    agent,
    runnableOf: (subAgent) => standaloneAgent(subAgent, registry),
    taskStore: standaloneTasks,
  });
  const hash = toolsHash(agent);
  const environment = (requestContext: Record<string, unknown>): RunEnvironment => ({
    agentId: agent.id,
    versionId: null,
    versionNumber: null,
    resolvedToolsHash: hash,
    instructions: renderInstructions({
      instructions: agent.instructions,
      requestContext: freezeRequestContext(requestContext),
    }),
    model: typeof agent.model === 'string' ? models().resolve(agent.model) : (agent.model as LanguageModelObject),
    tools: { ...agent.tools },
    ...(extraSources.length > 0 ? { extraSources } : {}),
    ...(agent.hooks ? { hooks: agent.hooks } : {}),
    ...(agent.transform ? { transformPolicy: agent.transform } : {}),
    ...(agent.taskTools ? { stepNote: taskNote(standaloneTasks) } : {}),
    ...(agent.defaultOptions ? { defaultOptions: agent.defaultOptions } : {}),
  });
  const runner = createRunner({
    store: createMemoryRunStore(),
    models: { resolve: (model) => models().resolve(model), excerpt: (text) => models().excerpt(text) },
    logger: silentLogger,
    loadEnvironment: async (record) => environment(record.requestContext),
  });
  const runnable = createRunnableAgent({ id: agent.id, runner, environment });
  cache.set(agent, runnable);
  return runnable;
}
