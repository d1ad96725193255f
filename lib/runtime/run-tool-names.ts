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
  const choice = request.toolChoice ?? defaults.toolChoice;
  const chosen =
    typeof choice === 'object'
      ? [{ option: 'toolChoice' as const, path: 'toolChoice.toolName', name: choice.toolName }]
      : [];
  const active = (request.activeTools ?? defaults.activeTools ?? []).map((name, index) => ({
    option: 'activeTools' as const,
    path: `activeTools.${index}`,
    name,
  }));
  const named = [...chosen, ...active];
  if (named.length === 0) return;
  const offered = new Set(names);
  // A version's default is named as such: the caller can override it in the request.
  const whence = (option: keyof Chosen) =>
    request[option] === undefined ? ` (the version's defaultOptions.${option}; give ${option} to override it)` : '';
  const issues: Issue[] = named
    .filter(({ name }) => !offered.has(name))
    .map(({ option, path, name }) => ({ path, message: `This run offers no tool "${name}"${whence(option)}` }));
  if (issues.length > 0) throw invalidInput(issues);
}
