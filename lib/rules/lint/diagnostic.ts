/**
 * What the rule linter answers (docs/resolution.md, "The rule linter"): one diagnostic per finding,
 * with the place in the version it concerns, e.g. `tools[2].rules.conditions[0]`.
 */
import type { Issue } from '../../errors';

export type DiagnosticSeverity = 'error' | 'warning';

export const diagnosticCodes = [
  'unknown_field',
  'undeclared_field',
  'type_mismatch',
  'never_matches',
  'always_matches',
  'shadowed_variant',
  'duplicate_variant',
  'ignored_tool_rules',
  'rule_budget',
] as const;

export type DiagnosticCode = (typeof diagnosticCodes)[number];

/** A finding; it is an `Issue` too, so errors travel in a 400's `details.issues` unchanged. */
export interface Diagnostic extends Issue {
  severity: DiagnosticSeverity;
  code: DiagnosticCode;
}

export const isLintError = (diagnostic: Diagnostic) => diagnostic.severity === 'error';

const identifier = /^[A-Za-z_$][\w$-]*$/;

/**
 * A path one step further: an index as `[2]`, a plain key as `.key`, any other key quoted as
 * `["a.b"]` (tool ids may hold dots).
 */
export function childPath(path: string, segment: string | number): string {
  if (typeof segment === 'number') return `${path}[${segment}]`;
  if (identifier.test(segment)) return path === '' ? segment : `${path}.${segment}`;
  return `${path}[${JSON.stringify(segment)}]`;
}
