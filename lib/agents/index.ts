/** Code-defined agents: `new Agent({...})`, checked once and runnable on their own. */
export {
  Agent,
  AgentDefinitionError,
  type AgentHooks,
  type AgentModel,
  type AgentOptions,
  type LanguageModelLike,
} from './agent';
export { createCodeAgentRegistry } from './code-agent-registry';
