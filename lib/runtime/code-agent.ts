/**
 * A code agent as the studio reads it: what `new Agent({...})` (lib/agents) holds once its options
 * are checked, and the registry of those given to `createStudio({ agents })`. The runtime takes
 * these shapes rather than the class, so it does not import lib/agents, which runs an agent on its
 * own through ./standalone.ts.
 */
import type { EditorSetting } from '../versions';
import type { StandaloneAgentDefinition } from './run-types';

export interface CodeAgent extends StandaloneAgentDefinition {
  readonly name: string;
  readonly agents: Readonly<Record<string, CodeAgent>>;
  /** What the web editor may override (docs/resolution.md, "Code agents"). */
  readonly editor?: EditorSetting;
  readonly requestContextSchema?: Record<string, unknown>;
  /** The model as a `provider/model` string, for the API and run records. */
  readonly modelName: string;
}

/** The code agents of one studio, keyed by id (lib/agents builds it from `createStudio({ agents })`). */
export interface CodeAgentRegistry {
  get(id: string): CodeAgent | undefined;
  /** Every code agent, sorted by id. */
  list(): CodeAgent[];
}
