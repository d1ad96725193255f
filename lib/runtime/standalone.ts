/**
 * `new Agent(...)` used on its own, outside a studio: the same run session, with the agent's own
 * tools, instructions rendered for each run's request context, runs kept in memory (a paused run
 * continues through the same agent object) and models from the built-in providers with keys from
 * the environment (read by `lib/env.ts`). A studio runs its agents' sub-agents the same way, with
 * its own models and task store. Registered in a studio, `studio.runtime.loadAgent(id)` runs it
 * with stored runs and the editor's published overrides instead.
 */
import type { StandaloneAgentDefinition } from './run-types';
import { processEnvironment, settingsFromEnvironment } from '../env';
import { silentLogger } from '../logger';
import { createOutbound } from '../net';
import { mergeTools, planResolution, renderInstructions, resolvedToolsHash, type LoadedSources } from '../resolver';
import { codeAgentCallables } from './callable-tools';
import { freezeRequestContext } from '../tools';
import { agentToolSources } from './agent-tool-sources';
import { createMemoryTaskStore, type TaskStore } from './task-store';
import { taskNote } from './task-tools';
import { createModelRegistry, type LanguageModelObject, type ModelRegistry } from './model-registry';
import type { RunEnvironment } from './run-environment';
import { createMemoryRunStore } from './run-store';
import { createRunnableAgent, type RunnableAgent } from './runnable-agent';
import { createRunner } from './runner';

/** The models a studio's agents run with (what a sub-agent needs of its parent's registry). */
type RunModels = Pick<ModelRegistry, 'resolve' | 'excerpt'>;

/** Lone agents and the runnable form of each (one per agent object, so its paused runs stay reachable). */
export interface StandaloneAgents {
  runnableOf(agent: StandaloneAgentDefinition): RunnableAgent;
}

/**
 * The hash of the tools the model is offered, as a studio resolves the same agent defined in code:
 * its own tools, then its sub-agents and workflows. The same agent has the same hash in or out of a studio.
 */
function toolsHash(agent: StandaloneAgentDefinition, runnableOf: StandaloneAgents['runnableOf']): string {
  const plan = planResolution({
    version: undefined,
    codeAgent: { id: agent.id, tools: agent.tools },
    requestContext: {},
  });
  const loaded: LoadedSources = {
    registry: { get: () => undefined },
    mcpClients: new Map(),
    integrations: new Map(),
    toolProviders: new Map(),
    callables: codeAgentCallables({ agent, runnableOf }),
  };
  return resolvedToolsHash(mergeTools({ plan, loaded }).tools);
}

/** The built-in providers with keys from the environment, reached through the outbound guard. */
function environmentModels(): RunModels {
  const settings = settingsFromEnvironment(processEnvironment());
  const outbound = createOutbound({ lookup: settings.outbound.lookup });
  return createModelRegistry({ settings, fetch: outbound.configured.fetch });
}

/**
 * Runs code agents on their own, with runs in memory. `models`: the models to use (a studio's,
 * for its agents' sub-agents); by default the built-in providers with keys from the environment,
 * made on the first run. The agents' task lists are kept in `taskStore` (in memory by default).
 */
export function createStandaloneAgents({
  models: given,
  taskStore = createMemoryTaskStore(),
}: { models?: RunModels; taskStore?: TaskStore } = {}): StandaloneAgents {
  const runnables = new WeakMap<StandaloneAgentDefinition, RunnableAgent>();
  let made: RunModels | undefined = given;
  const models = () => (made ??= environmentModels());

  function runnableOf(agent: StandaloneAgentDefinition): RunnableAgent {
    const existing = runnables.get(agent);
    if (existing) return existing;
    const extraSources = agentToolSources({ agent, runnableOf, taskStore });
    const hash = toolsHash(agent, runnableOf);
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
      extraSources,
      hooks: agent.hooks,
      transformPolicy: agent.transform,
      stepNote: agent.taskTools ? taskNote(taskStore) : undefined,
      defaultOptions: agent.defaultOptions,
    });
    const runner = createRunner({
      store: createMemoryRunStore(),
      models: { resolve: (model) => models().resolve(model), excerpt: (text) => models().excerpt(text) },
      logger: silentLogger,
      loadEnvironment: async (record) => environment(record.requestContext),
    });
    const runnable = createRunnableAgent({ id: agent.id, runner, environment });
    runnables.set(agent, runnable);
    return runnable;
  }
  return { runnableOf };
}
