/**
 * A snapshot's fields as people call them: the editor's tabs, its "unsaved changes" line,
 * Preview's explanation and the readable comparison of two versions all use these words.
 */
export const agentFieldLabels = {
  name: 'Name',
  description: 'Description',
  instructions: 'Instructions',
  model: 'Model',
  tools: 'Tools',
  mcpClients: 'MCP clients',
  integrationTools: 'Integration tools',
  toolProviders: 'Tool providers',
  agents: 'Sub-agents',
  workflows: 'Workflows',
  toolPolicies: 'Approval policies',
  requestContextSchema: 'Request context fields',
  defaultOptions: 'Default options',
} as const;

export type AgentFieldWithLabel = keyof typeof agentFieldLabels;

/** Stored field names as the editor shows them (a name it does not know stays as it is). */
export function fieldLabelsOf(fields: readonly string[]): string[] {
  const labels: Record<string, string> = agentFieldLabels;
  return fields.map((field) => labels[field] ?? field);
}
