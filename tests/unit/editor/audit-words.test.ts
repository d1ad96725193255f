/**
 * The audit log in words: every action has a sentence, details are labelled values with field
 * names as the editor shows them, and empty values and ids that a number stands for are left out.
 */
import { describe, expect, it } from 'vitest';
import {
  auditActionInWords,
  auditActionWords,
  auditDetailsInWords,
  auditEntityInWords,
} from '@/lib/editor/audit-words';

describe('audit actions in words', () => {
  it('says every action in plain words, with no code in it', () => {
    for (const [action, words] of Object.entries(auditActionWords)) {
      expect(words, action).toMatch(/^[A-Z][a-z' A-Z]+$/);
      expect(words, action).not.toMatch(/[._]/);
    }
    expect(auditActionInWords('agent.save')).toBe('Saved a version');
    expect(auditActionInWords('mcp_client.create')).toBe('Created an MCP client');
    expect(auditActionInWords('stdio_launch_spec.create')).toBe('Approved a launch spec');
    expect(auditActionInWords('user.invite')).toBe('Invited a user');
    expect(auditActionInWords('api_key.revoke')).toBe('Revoked an API key');
    expect(auditActionInWords('user.update')).toBe("Changed a user's role or access");
    expect(auditEntityInWords('api_key')).toBe('API key');
  });

  it('spells out an action or entity it does not know instead of showing its code', () => {
    expect(auditActionInWords('agent.some_new_thing')).toBe('Agent some new thing');
    expect(auditEntityInWords('stdio_launch_spec')).toBe('Launch spec');
    expect(auditEntityInWords('mcp_client')).toBe('MCP client');
  });
});

describe('audit details in words', () => {
  it('names changed fields as the comparison does', () => {
    expect(
      auditDetailsInWords({
        entity: 'agent',
        details: { changedFields: ['tools', 'requestContextSchema', 'toolPolicies'], versionNumber: 5 },
      }),
    ).toEqual([
      { label: 'Changed', value: 'Tools, Request context fields, Approval policies' },
      { label: 'Version', value: '5' },
    ]);
  });

  it('leaves out the id of a key or user, which the row names already', () => {
    expect(
      auditDetailsInWords({
        entity: 'api_key',
        details: { id: '0b6c8f3e-1d2a-4c5b-9e7f-123456789abc', name: 'orders-service', scope: 'runtime' },
      }),
    ).toEqual([
      { label: 'Name', value: 'orders-service' },
      { label: 'Scope', value: 'runtime' },
    ]);
  });

  it('names the fields of an MCP client', () => {
    expect(auditDetailsInWords({ entity: 'mcp_client', details: { changedFields: ['servers'] } })).toEqual([
      { label: 'Changed', value: 'Servers' },
    ]);
  });

  it('leaves out empty values and ids a version number stands for', () => {
    expect(
      auditDetailsInWords({
        entity: 'agent',
        details: {
          versionNumber: 1,
          versionId: '5bbc0bcf-8d3a-4a57-9d43-0d5c1f1e2a11',
          previousVersionNumber: null,
          droppedFields: [],
          source: 'stored',
        },
      }),
    ).toEqual([
      { label: 'Version', value: '1' },
      { label: 'Defined', value: 'in the studio' },
    ]);
  });

  it('says a publish over an earlier version and a label move in words', () => {
    expect(
      auditDetailsInWords({
        entity: 'agent',
        details: { versionNumber: 4, versionId: 'x', previousVersionNumber: 2, override: { reason: 'Hotfix' } },
      }),
    ).toEqual([
      { label: 'Version', value: '4' },
      { label: 'Before', value: 'version 2' },
      { label: 'Published without passing tests because', value: 'Hotfix' },
    ]);
    expect(
      auditDetailsInWords({ entity: 'agent', details: { label: 'prod', versionNumber: 3, previousVersionNumber: 1 } }),
    ).toEqual([
      { label: 'Label', value: 'prod' },
      { label: 'Version', value: '3' },
      { label: 'Before', value: 'version 1' },
    ]);
  });

  it('says settings stored as codes in words', () => {
    expect(
      auditDetailsInWords({ entity: 'model_provider', details: { key: 'unchanged', baseUrl: 'https://a.example/v1' } }),
    ).toEqual([{ label: 'Base URL', value: 'https://a.example/v1' }]);
    expect(
      auditDetailsInWords({ entity: 'agent', details: { before: { requireEvaluation: false, minPassRate: 1 } } }),
    ).toEqual([{ label: 'Before', value: 'tests needed to publish no, share of tests that must pass 100%' }]);
    expect(auditDetailsInWords({ entity: 'agent', details: { deletedVersionIds: ['a', 'b'], maximum: 10 } })).toEqual([
      { label: 'Versions removed', value: '2' },
      { label: 'Versions kept at most', value: '10' },
    ]);
    expect(
      auditDetailsInWords({ entity: 'stdio_launch_spec', details: { command: 'npx', args: ['-y', 'server'] } }),
    ).toEqual([
      { label: 'Command', value: 'npx' },
      { label: 'Arguments', value: '-y server' },
    ]);
  });
});
