/** The agent editor's tabs by value, as `?tab=<value>` may name one to open first. */
export const editorTabs: readonly string[] = [
  'basics',
  'tools',
  'conditions',
  'preview',
  'versions',
  'playground',
  'runs',
  'tests',
];
