import type { EditedField } from './types';

/** The edited fields as people call them, for "unsaved changes: Tools, Approval policies". */
export const fieldWords: Record<EditedField, string> = {
  name: 'Name',
  description: 'Description',
  instructions: 'Instructions',
  model: 'Model',
  tools: 'Tools',
  mcpClients: 'MCP clients',
  integrationTools: 'Integration tools',
  toolProviders: 'Tool providers',
  toolPolicies: 'Approval policies',
  requestContextSchema: 'Request context fields',
};

/** Changed fields in words; `unfinishedRules` adds the rules still being typed, which the form does not hold yet. */
export function changesInWords(changed: readonly EditedField[], unfinishedRules = false): string[] {
  const words = changed.map((field) => fieldWords[field]);
  return unfinishedRules ? [...words, 'a rule not yet complete'] : words;
}
