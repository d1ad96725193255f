/** Stored field names in the words the editor's tabs and its comparison use. */
import { describe, expect, it } from 'vitest';
import { fieldLabelsOf } from '@/lib/snapshots';

describe('fieldLabelsOf', () => {
  it('names fields as the comparison does', () => {
    expect(fieldLabelsOf(['tools', 'requestContextSchema', 'toolPolicies', 'mcpClients'])).toEqual([
      'Tools',
      'Request context fields',
      'Approval policies',
      'MCP clients',
    ]);
  });

  it('keeps a name it does not know', () => {
    expect(fieldLabelsOf(['somethingNew'])).toEqual(['somethingNew']);
  });
});
