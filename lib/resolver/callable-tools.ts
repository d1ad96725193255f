/**
 * Sub-agents and workflows in the merge, pure: each one found becomes `agent-<key>` /
 * `workflow-<key>`, added after every other source (so it replaces a same-named tool of any of
 * them, with `name_shadowed`); each one gone adds `agent_unknown` / `workflow_unknown`.
 */
import type { LoadedCallable } from './loaded-sources';
import { resolvedDescription, type ToolSet } from './tool-set';

/** The name the model sees before it is made valid for models: `agent-<key>` or `workflow-<key>`. */
export function callableToolName({ source, key }: Pick<LoadedCallable, 'source' | 'key'>): string {
  return `${source}-${key}`;
}

export function addCallables(set: ToolSet, callables: readonly LoadedCallable[]): void {
  for (const callable of callables) {
    const { source, key } = callable;
    if (callable.status === 'gone') {
      set.warn(
        source === 'agent'
          ? {
              code: 'agent_unknown',
              message: `Sub-agent "${key}" is left out: ${callable.reason}`,
              source,
              ref: `agents.${key}`,
            }
          : {
              code: 'workflow_unknown',
              message: `Workflow "${key}" is left out: ${callable.reason}`,
              source,
              ref: `workflows.${key}`,
            },
      );
      continue;
    }
    set.add({
      name: callableToolName(callable),
      tool: callable.tool,
      ...resolvedDescription(callable.tool, callable.description),
      source,
      origin: callable.origin,
      includedBy: callable.includedBy,
    });
  }
}
