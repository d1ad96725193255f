/**
 * Which instructions a resolution uses, pure. A stored agent uses its
 * version's. A code agent uses its override record's when the `editor` setting gives the editor the
 * instructions and the version holds some, otherwise its own; one that declares
 * `editor: { instructions: true }` fails closed instead of falling back (never empty instructions).
 */
import { hasInstructions, type Instructions } from '../snapshots';
import { checkFailed, type CheckResult } from '../errors';
import { codeAgentModes } from './editor-modes';
import type { CodeAgentInput, VersionInput } from './plan-resolution';

export type ChosenInstructions = CheckResult<{ instructions: Instructions; from: 'version' | 'code' }>;

const noInstructions = () => checkFailed('There are no non-empty instructions to use', 'instructions');

function usable(value: unknown): value is Instructions {
  return (typeof value === 'string' || Array.isArray(value)) && hasInstructions(value as Instructions);
}

export function chooseInstructions({
  version,
  codeAgent,
}: {
  version: VersionInput | undefined;
  codeAgent?: CodeAgentInput & { instructions: Instructions };
}): ChosenInstructions {
  const stored = version?.snapshot.instructions;
  if (!codeAgent)
    return usable(stored) ? { ok: true, value: { instructions: stored, from: 'version' } } : noInstructions();
  const modes = codeAgentModes(codeAgent.editor);
  if (modes.readsRecord && modes.instructionsFromRecord && usable(stored))
    return { ok: true, value: { instructions: stored, from: 'version' } };
  if (modes.failsClosed) return noInstructions();
  return { ok: true, value: { instructions: codeAgent.instructions, from: 'code' } };
}
