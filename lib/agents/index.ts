/** Agents. For now: the stored snapshot (schema, types, format upgrades). */
export * from './snapshot';
export * from './snapshot-json-schema';
export * from './snapshot-upgrades';
export {
  Agent,
  AgentDefinitionError,
  type AgentHooks,
  type AgentModel,
  type AgentOptions,
  type LanguageModelLike,
} from './agent';
