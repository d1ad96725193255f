/** Field diffs between two snapshots, and the resolved-tool diff for one request context. */
import { sameJson } from '../canonical-json';

export interface FieldDiff {
  field: string;
  /** `null` when the field is absent in that version. */
  previous: unknown;
  current: unknown;
}

export function diffSnapshots({
  previous,
  current,
  fields,
}: {
  previous: Record<string, unknown>;
  current: Record<string, unknown>;
  /** Known fields in display order; fields outside the list follow, sorted. */
  fields: readonly string[];
}): FieldDiff[] {
  const extra = [...new Set([...Object.keys(previous), ...Object.keys(current)])]
    .filter((field) => !fields.includes(field))
    .sort();
  const diffs: FieldDiff[] = [];
  for (const field of [...fields, ...extra]) {
    const before = previous[field];
    const after = current[field];
    if (before === undefined && after === undefined) continue;
    if (before !== undefined && after !== undefined && sameJson(before, after)) continue;
    diffs.push({ field, previous: before ?? null, current: after ?? null });
  }
  return diffs;
}

/** What the resolved-tool diff compares of each tool. */
export interface ComparableTool {
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  source: string;
  /** The version's approval policy for the tool (`toolPolicies`), when it has one. */
  approval?: unknown;
}

export type ToolChange = 'description' | 'inputSchema' | 'outputSchema' | 'source' | 'approval';

export interface ResolvedToolsDiff {
  added: string[];
  removed: string[];
  changed: Array<{ name: string; changes: ToolChange[] }>;
}

const comparedProperties: ToolChange[] = ['description', 'inputSchema', 'outputSchema', 'source', 'approval'];

export function diffResolvedTools({
  previous,
  current,
}: {
  previous: Readonly<Record<string, ComparableTool>>;
  current: Readonly<Record<string, ComparableTool>>;
}): ResolvedToolsDiff {
  const added = Object.keys(current)
    .filter((name) => !(name in previous))
    .sort();
  const removed = Object.keys(previous)
    .filter((name) => !(name in current))
    .sort();
  const changed: ResolvedToolsDiff['changed'] = [];
  for (const name of Object.keys(current).sort()) {
    const before = previous[name];
    const after = current[name]!;
    if (!before) continue;
    const changes = comparedProperties.filter(
      (property) => !sameJson(before[property] ?? null, after[property] ?? null),
    );
    if (changes.length > 0) changed.push({ name, changes });
  }
  return { added, removed, changed };
}
