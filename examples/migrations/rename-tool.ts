/**
 * Renames a registered tool id in every agent, in every variant of `tools` (a record of entries,
 * the older list of ids, or a list of variants holding either), keeping each entry's description
 * and rules, and in `defaultOptions` (`activeTools`, `toolChoice`). Instructions text is left
 * alone: read the dry run's diff and reword it separately if it names the tool.
 *
 *   agent-studio migrate examples/migrations/rename-tool.ts           # dry run: a diff per agent
 *   agent-studio migrate examples/migrations/rename-tool.ts --apply   # one new version per agent
 *
 * Edit `from` and `to` below for your own rename.
 */
import type { DraftSnapshot, MigrationContext } from '@/lib/migrations';

export const from = 'search-knowledge-base';
export const to = 'knowledge-search';

export const changeMessage = `Rename tool ${from} to ${to}`;

type Selection = NonNullable<DraftSnapshot['tools']>;

function renameInSelection(selection: unknown, oldId: string, newId: string): unknown {
  if (Array.isArray(selection)) {
    if (!selection.includes(oldId)) return selection;
    return [...new Set(selection.map((id) => (id === oldId ? newId : id)))];
  }
  if (typeof selection !== 'object' || selection === null || !(oldId in selection)) return selection;
  // Rebuilt key by key so the renamed entry keeps its place; an entry already under the new id wins.
  const keepsNew = newId in selection;
  return Object.fromEntries(
    Object.entries(selection).flatMap(([id, entry]) => {
      if (id !== oldId) return [[id, entry] as const];
      return keepsNew ? [] : [[newId, entry] as const];
    }),
  );
}

const isVariantList = (value: unknown): value is Array<{ value: unknown }> =>
  Array.isArray(value) && value.length > 0 && typeof value[0] === 'object' && value[0] !== null && 'value' in value[0];

/** `tools` with the id renamed, whatever its shape. Pure: returns a new value. */
export function renameToolInTools(tools: Selection, oldId: string, newId: string): Selection {
  if (isVariantList(tools))
    return tools.map((variant) => ({ ...variant, value: renameInSelection(variant.value, oldId, newId) })) as Selection;
  return renameInSelection(tools, oldId, newId) as Selection;
}

export function renameToolInSnapshot(snapshot: DraftSnapshot, oldId: string, newId: string): void {
  if (snapshot.tools !== undefined) snapshot.tools = renameToolInTools(snapshot.tools, oldId, newId);
  const options = snapshot.defaultOptions;
  if (options?.activeTools?.includes(oldId))
    options.activeTools = options.activeTools.map((name) => (name === oldId ? newId : name));
  const choice = options?.toolChoice;
  if (options && typeof choice === 'object' && choice.toolName === oldId)
    options.toolChoice = { ...choice, toolName: newId };
}

export default function renameTool({ agents }: MigrationContext): void {
  for (const agent of agents) renameToolInSnapshot(agent.snapshot, from, to);
}
