/**
 * What a code agent's `editor` setting (docs/resolution.md, "Code agents") means for resolution.
 * Derived from `editorOwnership` in lib/versions, the same function that decides which fields an
 * override record may hold, so what the editor can save and what the runtime reads never disagree.
 */
import { editorOwnership, type EditorSetting } from '../versions';

/**
 * - `stored`: a standalone stored agent (no code tools);
 * - `full`: code tools first, then every stored source on top;
 * - `description-only`: only stored `tools` is read, and only to reword tools the code agent has;
 * - `code`: the code agent's tools as defined (the stored tool fields are not read).
 */
export type ToolsMode = 'stored' | 'full' | 'description-only' | 'code';

export interface CodeAgentModes {
  /** False for `editor: false`: the override record is not even read. */
  readsRecord: boolean;
  /** Whether the override record's instructions replace the code's. */
  instructionsFromRecord: boolean;
  tools: Exclude<ToolsMode, 'stored'>;
  /**
   * Only an agent that declares `editor: { instructions: true }` fails closed when nothing usable is
   * published: its author said the editor writes the instructions, so the code's are not a fallback.
   */
  failsClosed: boolean;
}

export function codeAgentModes(editor: EditorSetting | undefined): CodeAgentModes {
  const ownership = editorOwnership(editor);
  if (!ownership.allowed)
    return { readsRecord: false, instructionsFromRecord: false, tools: 'code', failsClosed: false };
  const tools = ownership.isOwned('mcpClients') ? 'full' : ownership.isOwned('tools') ? 'description-only' : 'code';
  const failsClosed = typeof editor === 'object' && editor !== null && editor.instructions === true;
  return { readsRecord: true, instructionsFromRecord: ownership.isOwned('instructions'), tools, failsClosed };
}
