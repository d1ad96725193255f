/** Settings' tabs, by the name in the address (`?tab=users`) and the name on the tab. */
export const settingsTabs = [
  ['audit', 'Audit log'],
  ['users', 'Users'],
  ['keys', 'API keys'],
  ['stdio', 'Stdio launch specs'],
  ['providers', 'Model providers'],
] as const;
export type SettingsTab = (typeof settingsTabs)[number][0];

export const tabOf = (value: unknown): SettingsTab =>
  settingsTabs.some(([tab]) => tab === value) ? (value as SettingsTab) : 'audit';
