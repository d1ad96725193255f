/**
 * A new run's `toolChoice` and `activeTools` must name tools the run offers. Checked before anything
 * is stored: otherwise the AI SDK drops an unknown name from `activeTools` without a word, and a
 * forced tool the model was never offered fails the run as if the model had broken the rule.
 */
import { invalidInput, type Issue } from '../errors';
import type { DefaultOptions } from '../snapshots';
import type { ToolChoice } from './run-types';

interface Chosen {
  toolChoice?: ToolChoice;
  activeTools?: string[];
}

export function checkRunToolNames({
  names,
  request,
  defaults,
}: {
  /** Every tool the run offers. */
  names: readonly string[];
  request: Chosen;
  defaults: DefaultOptions;
}): void {
  const offered = new Set(names);
  const unknown = (name: string) => `This run offers no tool "${name}"`;
  // A version's default is named as such: the caller can override it in the request.
  const fromVersion = (option: string) => ` (the version's defaultOptions.${option}; give ${option} to override it)`;
  const issues: Issue[] = [];
  const choice = request.toolChoice ?? defaults.toolChoice;
  if (typeof choice === 'object' && !offered.has(choice.toolName)) {
    const fromDefaults = request.toolChoice === undefined;
    issues.push({
      path: 'toolChoice.toolName',
      message: unknown(choice.toolName) + (fromDefaults ? fromVersion('toolChoice') : ''),
    });
  }
  const active = request.activeTools ?? defaults.activeTools ?? [];
  active.forEach((name, index) => {
    if (offered.has(name)) return;
    const fromDefaults = request.activeTools === undefined;
    issues.push({
      path: `activeTools.${index}`,
      message: unknown(name) + (fromDefaults ? fromVersion('activeTools') : ''),
    });
  });
  if (issues.length > 0) throw invalidInput(issues);
}
