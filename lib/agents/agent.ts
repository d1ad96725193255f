/**
 * `new Agent({...})`: a code-defined agent. The options are checked once, here, so a definition
 * mistake stops startup with a clear message instead of surfacing in a request. Registered through
 * `createStudio({ agents })`; its `editor` setting says what the web editor may override
 * (docs/resolution.md, "Code agents"). On its own it runs with `generate()` / `stream()` through
 * the runtime's standalone run (runs in memory); in a studio, `studio.runtime.loadAgent(id)` runs it
 * with stored runs and published overrides. This module is server code: the editor's browser code
 * reads the stored snapshot from lib/snapshots, never from here.
 */
import type { ModelMessage } from 'ai';
import type {
  AgentHooks,
  AgentTransformPolicy,
  AgentModel,
  AgentStream,
  ContinueRequest,
  LanguageModelLike,
  RunOptions,
  RunResult,
  RunnableAgent,
} from '../runtime/run-types';
import type { CodeAgent } from '../runtime/code-agent';
import { createStandaloneAgents } from '../runtime/standalone';
import { modelNamePattern, type DefaultOptions, type Instructions } from '../snapshots';
import { isValidToolName, type Tool } from '../tools';
import type { Workflow } from '../workflows';
import type { EditorSetting } from '../versions';
import { isRecord } from '../is-record';

export type { AgentHooks, AgentModel, LanguageModelLike };

export interface AgentOptions {
  /** `^[a-z0-9][a-z0-9_-]{0,63}$`; an override record in the editor lives under this id. */
  id: string;
  name: string;
  description?: string;
  instructions: Instructions;
  /** `provider/model` (e.g. `openai/gpt-4o`) or a model object. */
  model: AgentModel;
  /** The key is the name the model sees. */
  tools?: Record<string, Tool>;
  /** Sub-agents, exposed as `agent-<key>` tools. */
  agents?: Record<string, Agent>;
  /** Workflows, exposed as `workflow-<key>` tools. */
  workflows?: Record<string, Workflow>;
  hooks?: AgentHooks;
  /** What the UI stream and the transcript show for tools without a transform of their own. */
  transform?: AgentTransformPolicy;
  /** The built-in task tools (`task_write`, `task_update`, `task_complete`, `task_check`). */
  taskTools?: boolean;
  /** What the editor may change. Omitted: instructions and every tool field. */
  editor?: EditorSetting;
  /** A JSON Schema describing the request context. */
  requestContextSchema?: Record<string, unknown>;
  defaultOptions?: DefaultOptions;
}

export const agentIdPattern = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export class AgentDefinitionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AgentDefinitionError';
  }
}

function checkEditorSetting(id: string, editor: unknown) {
  if (editor === undefined || typeof editor === 'boolean') return;
  const fail = () => {
    throw new AgentDefinitionError(
      `Agent ${id}: editor must be true, false or { instructions?: boolean, tools?: boolean | { description?: boolean } }.`,
    );
  };
  if (!isRecord(editor)) fail();
  const { instructions, tools, ...rest } = editor as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || (instructions !== undefined && typeof instructions !== 'boolean')) fail();
  if (tools === undefined || typeof tools === 'boolean') return;
  if (
    !isRecord(tools) ||
    Object.keys(tools).some((key) => key !== 'description') ||
    (tools.description !== undefined && typeof tools.description !== 'boolean')
  )
    fail();
}

/** Each key of `agents` / `workflows` must make the tool name the model sees, never be renamed. */
function checkCallableKeys(id: string, options: AgentOptions) {
  for (const [field, prefix] of [
    ['agents', 'agent'],
    ['workflows', 'workflow'],
  ] as const) {
    for (const key of Object.keys(options[field] ?? {})) {
      if (!isValidToolName(`${prefix}-${key}`))
        throw new AgentDefinitionError(
          `Agent ${id}: ${field}[${JSON.stringify(key)}] cannot name a tool: "${prefix}-${key}" must be 1-64 characters of a-z, A-Z, 0-9, "_" and "-".`,
        );
    }
  }
}

function checkOptions(options: AgentOptions) {
  const { id, name, instructions, model, tools } = options as unknown as Record<string, unknown>;
  if (typeof id !== 'string' || !agentIdPattern.test(id)) {
    throw new AgentDefinitionError(
      `Agent ids are 1-64 characters of a-z, 0-9, "_" and "-", starting with a letter or digit (got ${JSON.stringify(id)}).`,
    );
  }
  if (typeof name !== 'string' || name.trim() === '')
    throw new AgentDefinitionError(`Agent ${id}: name must be a non-empty string.`);
  const instructionsOk =
    typeof instructions === 'string' ||
    (Array.isArray(instructions) &&
      instructions.every((block) => isRecord(block) && typeof block.content === 'string'));
  if (!instructionsOk)
    throw new AgentDefinitionError(`Agent ${id}: instructions must be a string or a list of { type, content } blocks.`);
  const modelOk =
    (typeof model === 'string' && modelNamePattern.test(model)) ||
    (isRecord(model) && typeof model.provider === 'string' && typeof model.modelId === 'string');
  if (!modelOk)
    throw new AgentDefinitionError(
      `Agent ${id}: model must be a "provider/model" string such as "openai/gpt-4o", or a model object.`,
    );
  if (tools !== undefined) {
    if (!isRecord(tools))
      throw new AgentDefinitionError(
        `Agent ${id}: tools must be a record of tools (the key is the name the model sees).`,
      );
    for (const [key, tool] of Object.entries(tools)) {
      if (
        !isRecord(tool) ||
        typeof tool.id !== 'string' ||
        typeof tool.description !== 'string' ||
        !isRecord(tool.schemas)
      ) {
        throw new AgentDefinitionError(
          `Agent ${id}: tools[${JSON.stringify(key)}] is not a tool; create it with createTool({ id, description, ... }).`,
        );
      }
    }
  }
  checkCallableKeys(id, options);
  checkEditorSetting(id, options.editor);
}

export class Agent implements CodeAgent {
  readonly id: string;
  readonly name: string;
  readonly description?: string;
  readonly instructions: Instructions;
  readonly model: AgentModel;
  readonly tools: Readonly<Record<string, Tool>>;
  readonly agents: Readonly<Record<string, Agent>>;
  readonly workflows: Readonly<Record<string, Workflow>>;
  readonly hooks?: AgentHooks;
  readonly transform?: AgentTransformPolicy;
  readonly taskTools?: boolean;
  readonly editor?: EditorSetting;
  readonly requestContextSchema?: Record<string, unknown>;
  readonly defaultOptions?: DefaultOptions;

  constructor(options: AgentOptions) {
    checkOptions(options);
    this.id = options.id;
    this.name = options.name;
    if (options.description !== undefined) this.description = options.description;
    this.instructions = options.instructions;
    this.model = options.model;
    this.tools = Object.freeze({ ...options.tools });
    this.agents = Object.freeze({ ...options.agents });
    this.workflows = Object.freeze({ ...options.workflows });
    if (options.hooks !== undefined) this.hooks = options.hooks;
    if (options.transform !== undefined) this.transform = options.transform;
    if (options.taskTools !== undefined) this.taskTools = options.taskTools;
    if (options.editor !== undefined) this.editor = options.editor;
    if (options.requestContextSchema !== undefined) this.requestContextSchema = options.requestContextSchema;
    if (options.defaultOptions !== undefined) this.defaultOptions = options.defaultOptions;
  }

  /** Runs the agent on its own until it finishes or pauses. */
  async generate(input: string | ModelMessage[], options?: RunOptions): Promise<RunResult> {
    return this.runnable().generate(input, options);
  }

  /** Runs the agent on its own, handing out the typed chunks as they happen. */
  stream(input: string | ModelMessage[], options: RunOptions = {}): AgentStream {
    return this.runnable().stream(input, options);
  }

  /** Continues a paused run of this agent: approve, decline, resume or send client tool results. */
  async approveToolCall(request: ContinueRequest & { toolCallId: string }): Promise<RunResult> {
    return this.runnable().approveToolCall(request);
  }

  async declineToolCall(request: ContinueRequest & { toolCallId: string }): Promise<RunResult> {
    return this.runnable().declineToolCall(request);
  }

  async resumeGenerate(resumeData: unknown, request: ContinueRequest & { toolCallId?: string }): Promise<RunResult> {
    return this.runnable().resumeGenerate(resumeData, request);
  }

  async submitToolResults(
    request: ContinueRequest & { results: Array<{ toolCallId: string; output: unknown; modelOutput?: unknown }> },
  ): Promise<RunResult> {
    return this.runnable().submitToolResults(request);
  }

  /** How this agent runs on its own: made on its first run, kept so its paused runs stay reachable. */
  private standalone: RunnableAgent | undefined;

  private runnable(): RunnableAgent {
    this.standalone ??= createStandaloneAgents().runnableOf(this);
    return this.standalone;
  }

  /** The model as a `provider/model` string, for the API and run records. */
  get modelName(): string {
    return typeof this.model === 'string' ? this.model : `${this.model.provider}/${this.model.modelId}`;
  }
}
