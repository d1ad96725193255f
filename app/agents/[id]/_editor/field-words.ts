import { agentFieldLabels } from '@/lib/snapshots';
import type { EditedField } from './types';

/** The edited fields as people call them, for "unsaved changes: Tools, Approval policies". */
export const fieldWords: Record<EditedField, string> = agentFieldLabels;

/** Changed fields in words; `unfinishedRules` adds the rules still being typed, which the form does not hold yet. */
export function changesInWords(changed: readonly EditedField[], unfinishedRules = false): string[] {
  const words = changed.map((field) => fieldWords[field]);
  return unfinishedRules ? [...words, 'a rule not yet complete'] : words;
}
