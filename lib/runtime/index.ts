/** The runtime: resolve agents per request (and, later, load and run them). */
export { createRuntime, type Resolution, type ResolveOptions, type Runtime, type RuntimeDependencies } from './runtime';
export { createCodeAgentRegistry, type CodeAgentRegistry } from './code-agent-registry';
export { findVersionFor, type AgentVersionReader } from './find-version';
export { createResolutionMemo, type MemoisedResolution, type ResolutionMemo } from './resolution-memo';
