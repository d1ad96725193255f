/**
 * Which snapshot fields a code agent's override record may hold, from its `editor` setting
 * (docs/resolution.md, "Code agents"). Fields the editor does not own are dropped when saved and listed in
 * `droppedFields`; `id`, `name` and `model` always come from code.
 */
export type EditorSetting =
  | boolean
  | {
      instructions?: boolean;
      tools?: boolean | { description?: boolean };
    };

/** The snapshot fields that become tools: owned together by the `tools` part of the setting. */
export const toolFields = ['tools', 'mcpClients', 'integrationTools', 'toolProviders', 'agents', 'workflows'] as const;

const alwaysFromCode = ['name', 'model'];

export type FieldOwnership = { allowed: false } | { allowed: true; isOwned: (field: string) => boolean };

export function editorOwnership(setting: EditorSetting | undefined): FieldOwnership {
  if (setting === false) return { allowed: false };
  // Omitted: the editor owns instructions and every tool field.
  const normalized = setting === undefined ? { instructions: true, tools: true } : setting === true ? {} : setting;
  const ownsInstructions = normalized.instructions === true;
  const tools = normalized.tools;
  const ownsAllTools = tools === true;
  const ownsDescriptions = typeof tools === 'object' && tools.description === true;
  return {
    allowed: true,
    isOwned(field) {
      if (alwaysFromCode.includes(field)) return false;
      if (field === 'instructions') return ownsInstructions;
      if ((toolFields as readonly string[]).includes(field))
        return ownsAllTools || (ownsDescriptions && field === 'tools');
      return true;
    },
  };
}

/** Splits provided fields into the ones kept and the ones dropped (in the given order). */
export function partitionOwnedFields<T extends Record<string, unknown>>({
  provided,
  ownership,
}: {
  provided: T;
  ownership: Extract<FieldOwnership, { allowed: true }>;
}): { kept: Partial<T>; droppedFields: string[] } {
  const kept: Record<string, unknown> = {};
  const droppedFields: string[] = [];
  for (const [field, value] of Object.entries(provided)) {
    if (value === undefined) continue;
    if (ownership.isOwned(field)) kept[field] = value;
    else droppedFields.push(field);
  }
  return { kept: kept as Partial<T>, droppedFields };
}
