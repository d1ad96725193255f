/**
 * The audit log in words, for the Settings page: what each action did ("Saved a version"), what
 * it was about ("MCP client") and its details as labelled values with field names as the editor
 * shows them. Empty values and ids that a version number or a name already stands for are left
 * out. Pure; the stored rows keep their codes for the API and its filters.
 */
import { agentFieldLabels } from '../snapshots';
import type { ApiKeyAuditAction, UserAuditAction } from '../auth';
import type { AuditAction } from './audit';

/** Actions written outside the editor service: integrations and the users and keys of signed-in studios. */
type OtherAuditAction = 'integration.save' | 'integration.delete' | UserAuditAction | ApiKeyAuditAction;

export type KnownAuditAction = AuditAction | OtherAuditAction;

/** Every action as the audit log says it, in the order the "What" filter offers them. */
export const auditActionWords: Record<KnownAuditAction, string> = {
  'agent.create': 'Created an agent',
  'agent.save': 'Saved a version',
  'agent.restore': 'Restored a version',
  'agent.publish': 'Published a version',
  'agent.unpublish': 'Unpublished an agent',
  'agent.metadata': "Changed an agent's metadata",
  'agent.publish_gate': 'Changed the tests needed to publish',
  'agent.label.set': 'Set a label',
  'agent.label.delete': 'Removed a label',
  'agent.version.delete': 'Deleted a version',
  'agent.version.retention': 'Removed old versions',
  'agent.import': 'Imported an agent',
  'agent.delete': 'Deleted an agent',
  'agent.test_case.create': 'Added a test case',
  'agent.test_case.update': 'Changed a test case',
  'agent.test_case.delete': 'Deleted a test case',
  'mcp_client.create': 'Created an MCP client',
  'mcp_client.save': 'Saved an MCP client',
  'mcp_client.restore': 'Restored an MCP client version',
  'mcp_client.approve': "Approved an MCP client's commands",
  'mcp_client.import': 'Imported an MCP client',
  'mcp_client.export_secrets': 'Exported an MCP client with its secrets',
  'mcp_client.delete': 'Deleted an MCP client',
  'stdio_launch_spec.create': 'Approved a launch spec',
  'stdio_launch_spec.delete': 'Removed a launch spec',
  'model_provider.save': 'Saved a model provider',
  'integration.save': 'Saved an integration',
  'integration.import': 'Imported an integration',
  'integration.delete': 'Deleted an integration',
  'deployment.export_secrets': 'Exported a backup with its secrets',
  'deployment.import': 'Restored a backup',
  'user.setup': 'Set up the first admin',
  'user.create': 'Added a user',
  'user.update': "Changed a user's role or access",
  'user.invite': 'Invited a user',
  'user.invitation.withdraw': 'Withdrew an invitation',
  'user.invitation.accept': 'Accepted an invitation',
  'user.password_change': 'Changed their password',
  'api_key.create': 'Created an API key',
  'api_key.revoke': 'Revoked an API key',
};

const entityWords: Record<string, string> = {
  agent: 'Agent',
  mcp_client: 'MCP client',
  stdio_launch_spec: 'Launch spec',
  model_provider: 'Model provider',
  integration: 'Integration',
  deployment: 'Deployment',
  user: 'User',
  api_key: 'API key',
};

/** Code words made readable, for an action or a detail this page does not know yet. */
const spelledOut = (code: string) => {
  const words = code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function auditActionInWords(action: string): string {
  return (auditActionWords as Record<string, string>)[action] ?? spelledOut(action);
}

export function auditEntityInWords(entity: string): string {
  return entityWords[entity] ?? spelledOut(entity);
}

export interface AuditDetail {
  label: string;
  value: string;
}

const mcpClientFieldLabels: Record<string, string> = { name: 'Name', description: 'Description', servers: 'Servers' };
const agentLabels: Record<string, string> = agentFieldLabels;

/** Ids that the version number or name beside them already stands for. */
const leftOut = new Set(['versionId', 'testCaseId', 'updatedAt', 'id']);

const detailLabels: Record<string, string> = {
  versionNumber: 'Version',
  previousVersionNumber: 'Before',
  fromVersionNumber: 'Copied from version',
  latestVersionNumber: 'Latest version',
  publishedVersionNumber: 'Published version',
  versionNumbers: 'Versions',
  deletedVersionIds: 'Versions removed',
  maximum: 'Versions kept at most',
  changedFields: 'Changed',
  droppedFields: 'Not saved (defined in code)',
  changed: 'Changed',
  keys: 'Metadata',
  label: 'Label',
  labels: 'Labels',
  labelsMoved: 'Labels moved',
  message: 'Message',
  override: 'Published without passing tests because',
  source: 'Defined',
  mode: 'Imported',
  created: 'New',
  name: 'Name',
  command: 'Command',
  args: 'Arguments',
  envNames: 'Environment variables',
  launches: 'Commands',
  server: 'Server',
  servers: 'Servers',
  key: 'API key',
  baseUrl: 'Base URL',
  type: 'Type',
  role: 'Role',
  email: 'Email',
  disabled: 'Signing in refused',
  scope: 'Scope',
  expiresAt: 'Expires',
  previous: 'Before',
  secrets: 'Secrets',
  versions: 'Versions',
  counts: 'Contents',
  agentVersions: 'Agent versions',
  agentLabels: 'Agent labels',
  mcpClients: 'MCP clients',
  mcpClientVersions: 'MCP client versions',
  summary: 'Changes',
  prefer: 'Where the two differed, kept',
  differences: 'Differences',
  upgradedFrom: 'Upgraded from format',
  unpublishes: 'Unpublishes',
  testCases: 'Test cases',
  before: 'Before',
  after: 'After',
  requireEvaluation: 'Tests needed to publish',
  minPassRate: 'Share of tests that must pass',
};

/** Values stored as codes, in words (`undefined`: leave the detail out). */
const valueWords: Record<string, Record<string, string | undefined>> = {
  source: { stored: 'in the studio', code: 'in code' },
  mode: { create: 'as a new agent', append: 'after its existing versions', deployment: 'from a backup' },
  key: { saved: 'saved', cleared: 'removed', unchanged: undefined },
  prefer: { backup: "the backup's", target: "this deployment's" },
  secrets: { sealed: 'sealed with a passphrase', encrypted: 'encrypted', omitted: 'left out' },
};

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);

/** One value in words, or `undefined` when there is nothing worth saying. */
function valueText(key: string, value: unknown, fieldLabels: Record<string, string>): string | undefined {
  if (isEmpty(value)) return undefined;
  if (key === 'changedFields' || key === 'droppedFields')
    return (value as unknown[]).map((field) => fieldLabels[String(field)] ?? String(field)).join(', ');
  if (key === 'deletedVersionIds' && Array.isArray(value)) return String(value.length);
  if (key === 'previousVersionNumber' || key === 'publishedVersionNumber') return `version ${String(value)}`;
  if (key === 'minPassRate' && typeof value === 'number') return `${Math.round(value * 100)}%`;
  if (key === 'args' && Array.isArray(value)) return value.join(' ');
  if (key === 'override' && typeof value === 'object')
    return valueText('reason', (value as { reason?: unknown }).reason, fieldLabels);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') {
    const words = valueWords[key];
    return words && value in words ? words[value] : value;
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    const parts = value.map((item) => valueText(key, item, fieldLabels)).filter((part) => part !== undefined);
    return parts.length ? parts.join(typeof value[0] === 'object' ? '; ' : ', ') : undefined;
  }
  if (typeof value === 'object') {
    const parts = detailsOf(value as Record<string, unknown>, fieldLabels);
    return parts.length ? parts.map((part) => `${part.label.toLowerCase()} ${part.value}`).join(', ') : undefined;
  }
  return String(value);
}

function detailsOf(details: Record<string, unknown>, fieldLabels: Record<string, string>): AuditDetail[] {
  return Object.entries(details).flatMap(([key, value]) => {
    if (leftOut.has(key)) return [];
    const text = valueText(key, value, fieldLabels);
    return text === undefined ? [] : [{ label: detailLabels[key] ?? spelledOut(key), value: text }];
  });
}

/** An entry's details as labelled values, field names as the editor shows them. */
export function auditDetailsInWords(entry: { entity: string; details: Record<string, unknown> }): AuditDetail[] {
  return detailsOf(entry.details, entry.entity === 'mcp_client' ? mcpClientFieldLabels : agentLabels);
}
