/**
 * A runner over an in-memory run store with a hand-built environment: the run loop with scripted
 * models and real tools, without a database or resolution.
 */
import type { AgentHooks } from '@/lib/agents';
import type { DefaultOptions } from '@/lib/snapshots';
import { parseSettings } from '@/lib/env';
import { silentLogger, type Logger } from '@/lib/logger';
import {
  createMemoryRunStore,
  createModelRegistry,
  createRunnableAgent,
  createRunner,
  type LanguageModelObject,
  type RunChunk,
  type RunEnvironment,
  type RunObserver,
} from '@/lib/runtime';
import type { Tool } from '@/lib/tools';
import type { ScriptedModel } from '@/tests/support/scripted-model';

export function createTestRunner({
  model,
  tools = {},
  hooks,
  defaultOptions,
  instructions = 'You are a test agent.',
  logger = silentLogger,
  observer,
}: {
  model: LanguageModelObject;
  tools?: Record<string, Tool>;
  hooks?: AgentHooks;
  defaultOptions?: DefaultOptions;
  instructions?: string;
  logger?: Logger;
  observer?: RunObserver;
}) {
  const store = createMemoryRunStore();
  const environment: RunEnvironment = {
    agentId: 'test-agent',
    versionId: 'version-1',
    versionNumber: 1,
    resolvedToolsHash: 'hash-1',
    instructions,
    model,
    tools,
    ...(hooks ? { hooks } : {}),
    ...(defaultOptions ? { defaultOptions } : {}),
  };
  const runner = createRunner({
    store,
    models: createModelRegistry({
      settings: parseSettings({}),
      fetch: async () => {
        throw new Error('no network in unit tests');
      },
    }),
    logger,
    loadEnvironment: async () => environment,
    observer,
  });
  const agent = createRunnableAgent({ id: 'test-agent', runner, environment: () => environment });
  return { store, runner, agent, environment };
}

/** Every chunk of a stream, in order. */
export async function readChunks(stream: ReadableStream<RunChunk>): Promise<RunChunk[]> {
  const chunks: RunChunk[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<RunChunk>) chunks.push(chunk);
  return chunks;
}

/** The prompt messages of the model's call N (0-based), streaming or not. */
export function promptOf(model: ScriptedModel, index: number) {
  return model.prompts[index] as Array<{ role: string; content: unknown }>;
}

/** The tool-result parts the model received in call N. */
export function toolResultsSeen(model: ScriptedModel, index: number) {
  return promptOf(model, index)
    .filter((message) => message.role === 'tool')
    .flatMap((message) => message.content as Array<{ toolCallId: string; output: unknown }>);
}
