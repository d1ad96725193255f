/**
 * The rule linter at the write boundary (docs/resolution.md, "The rule linter"): a save or an
 * import whose rules hold an error, or whose tool entries carry their own `rules`, is refused with
 * 400 `invalid_input` and every finding in `details.issues`; warnings come back to the caller.
 */
import { invalidInput, type Issue } from '../errors';
import {
  isLintError,
  lintVersion,
  toolRulesPathsOf,
  type Diagnostic,
  type LintableSnapshot,
  type ToolInputSchemaLookup,
} from '../rules';
import type { ToolSourceLookup } from './publish-sources';

/** Which tools' input schemas the linter checks approval policies' `args.*` against. */
export type KnownInputs = Pick<ToolSourceLookup, 'inputSchemaOf'> | undefined;

/**
 * The input schemas a snapshot's approval policies are checked against: every tool its sources
 * offer whose schema the studio knows without a network call (see `ToolSourceLookup.inputSchemasFor`).
 */
export async function knownInputsFor(sources: ToolSourceLookup, snapshot: LintableSnapshot): Promise<KnownInputs> {
  if (!sources.inputSchemasFor) return sources;
  return { inputSchemaOf: await sources.inputSchemasFor(snapshot) };
}

const inputSchemasOf =
  (known: KnownInputs): ToolInputSchemaLookup =>
  (name) =>
    known?.inputSchemaOf?.(name);

const toolRulesMessage = 'rules act on variants; add a variant';

/** Per-tool `rules` in a `tools` value about to be written, each as an issue naming its entry. */
export function toolRulesIssues(tools: unknown, prefix = ''): Issue[] {
  return toolRulesPathsOf(tools).map((path) => ({
    path: `${prefix}${path}`,
    message: `The tool entry at ${path.replace(/\.rules$/, '')} has its own rules: ${toolRulesMessage}`,
  }));
}

/** The linter's errors for a snapshot about to be written, paths under `prefix` (e.g. `versions[2].snapshot.`). */
export function lintErrors(snapshot: LintableSnapshot, prefix = '', known?: KnownInputs): Diagnostic[] {
  return lintVersion({ snapshot, inputSchemaOf: inputSchemasOf(known) })
    .filter(isLintError)
    .map((diagnostic) => ({ ...diagnostic, path: `${prefix}${diagnostic.path}` }));
}

/**
 * Refuses a snapshot whose provided `tools` carry per-tool rules or whose rules hold a linter
 * error; answers the warnings. `providedTools` is what this write sets (per-tool rules already
 * stored in earlier versions are kept, with a warning).
 */
export function checkRulesForWrite({
  snapshot,
  providedTools,
  known,
}: {
  snapshot: LintableSnapshot;
  providedTools: unknown;
  /** The tools whose input schemas are known (approval policies' `args.*` are checked against them). */
  known?: KnownInputs;
}): Diagnostic[] {
  const refused = toolRulesIssues(providedTools);
  const diagnostics = lintVersion({ snapshot, inputSchemaOf: inputSchemasOf(known) });
  const errors = diagnostics.filter(isLintError);
  if (refused.length > 0 || errors.length > 0) {
    const issues = [...refused, ...errors];
    throw invalidInput(
      issues,
      issues.length === 1
        ? undefined
        : `The rules have ${issues.length} problems; nothing was saved (see details.issues).`,
    );
  }
  return diagnostics;
}
