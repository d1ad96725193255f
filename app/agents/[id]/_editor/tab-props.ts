import type { ContextField } from '@/lib/rules';
import type { ErrorAt } from '../../../_lib/form-errors';
import type { CodeAgentFacts, EditorValues, ToolCatalog } from './types';
import type { UnsavedDraft } from './unsaved-draft';
import type { useMcpTools } from './use-mcp-tools';

export type SetField = <Field extends keyof EditorValues>(field: Field, value: EditorValues[Field]) => void;

/**
 * What the tabs that edit the draft (Basics, Tools, Conditions) share. The editor builds it once
 * and each tab takes the part it needs, so adding a shared input is one change, not three.
 */
export interface DraftTabProps {
  values: EditorValues;
  setField: SetField;
  catalog: ToolCatalog;
  codeAgent: CodeAgentFacts | null;
  mcp: ReturnType<typeof useMcpTools>;
  /** Request-context fields the rule builder suggests. */
  fields: ContextField[];
  errorAt: (path: string) => ErrorAt;
  /** Opens the Conditions tab (the Tools tab sends people there to set a tool's condition). */
  showConditions?: () => void;
}

/** What the tabs about saved versions (Preview, Versions, Playground) share, built once by the tab list. */
export interface SavedTabProps {
  agentId: string;
  latestVersionNumber: number;
  /** The published version; null while none is. */
  activeVersionNumber: number | null;
  /** Whether the form holds unsaved changes (which these tabs see only as `unsavedDraft`). */
  dirty: boolean;
  /** The form's changes as a request's `draft` (null when no field changed): Preview and the Playground can try them. */
  unsavedDraft: UnsavedDraft | null;
  /** The form's values (the unsaved draft's fields, for its request-context controls and rules). */
  draftValues: EditorValues;
  announce: (text: string) => void;
}
