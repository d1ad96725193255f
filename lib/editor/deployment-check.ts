/**
 * Everything wrong with a deployment backup, at once, before anything is written: the envelope,
 * each agent as an export document (snapshots upgraded and checked), each saved MCP client
 * version and integration config with the same checks as a save (the stdio allow-list included),
 * the sealed secrets against the passphrase, every `configHash` against its snapshot, and the
 * declared counts against the content. Issue paths point into the backup file.
 */
import { currentSnapshotSchemaVersion } from '../snapshots';
import { issuesFromZod, type CheckResult, type Issue } from '../errors';
import { derivePassphraseKey, openSealedSecret, SecretDecryptionError } from '../secrets';
import type { EditorContext } from './context';
import { stdioPolicyInForce } from './stdio-launch-specs';
import {
  checkBackupIntegrations,
  checkBackupMcpClients,
  repeatedKeys,
  type CheckedBackupIntegration,
  type CheckedBackupMcpClient,
} from './deployment-check-sources';
import { isRecord } from '../is-record';

export type { CheckedBackupIntegration, CheckedBackupMcpClient } from './deployment-check-sources';
import { sealCheckText } from './deployment-export';
import { deploymentDocumentSchema, type DeploymentCounts, type DeploymentDocument } from './deployment-document';
import type { SecretsOnImport } from './deployment-secrets';
import { exportFormat, type ExportDocument, type ExportedTestCase } from './export-document';
import { checkImportDocument, type CheckedVersion } from './import-checks';

export interface CheckedBackupAgent {
  agent: ExportDocument['agent'];
  versions: CheckedVersion[];
  /** Written with the agent when the restore creates it. */
  testCases: ExportedTestCase[];
}

export interface CheckedBackup {
  agents: CheckedBackupAgent[];
  mcpClients: CheckedBackupMcpClient[];
  integrations: CheckedBackupIntegration[];
  counts: DeploymentCounts;
  /** Where secrets were left out (by the export or by this import), as paths into the backup. */
  secretsLeftOut: string[];
  /** True when no secret comes in: comparisons with the target then ignore its secrets too. */
  secretsOmitted: boolean;
  /** The backup's older agent snapshot schemaVersion when its snapshots were upgraded. */
  upgradedFrom: number | null;
}

export type BackupCheck = CheckResult<CheckedBackup>;

async function secretsFor(
  document: DeploymentDocument,
  { passphrase, withoutSecrets }: { passphrase?: string; withoutSecrets?: boolean },
  issues: Issue[],
): Promise<SecretsOnImport | undefined> {
  const secrets = document.secrets;
  if (secrets.mode === 'omitted' || withoutSecrets) return { mode: 'omit' };
  if (passphrase === undefined) {
    issues.push({
      path: 'passphrase',
      message: "This backup's secrets are sealed: give its passphrase, or import withoutSecrets to leave them out",
    });
    return undefined;
  }
  const key = await derivePassphraseKey({ passphrase, kdf: secrets.kdf });
  try {
    if (openSealedSecret({ key, value: secrets.check }) === sealCheckText) return { mode: 'open', key };
  } catch (error) {
    if (!(error instanceof SecretDecryptionError)) throw error;
  }
  issues.push({ path: 'passphrase', message: 'The passphrase does not open this backup' });
  return undefined;
}

function checkAgents(
  { agents: entries, schemaVersion }: { agents: unknown[]; schemaVersion: number },
  issues: Issue[],
): CheckedBackupAgent[] {
  const agents: CheckedBackupAgent[] = [];
  entries.forEach((value, index) => {
    const prefix = `agents.${index}`;
    const entry = isRecord(value) ? value : {};
    const check = checkImportDocument({ format: exportFormat, schemaVersion, ...entry }, { rules: 'as-stored' });
    if (!check.ok) {
      issues.push(...check.issues.map((issue) => ({ path: `${prefix}.${issue.path}`, message: issue.message })));
      return;
    }
    agents.push({ agent: check.value.agent, versions: check.value.versions, testCases: check.value.testCases });
  });
  for (const { index, key } of repeatedKeys(agents, (entry) => entry.agent.id))
    issues.push({ path: `agents.${index}.agent.id`, message: `Agent "${key}" appears twice` });
  return agents;
}

function checkCounts(document: DeploymentDocument, issues: Issue[]) {
  const actual: DeploymentCounts = {
    agents: document.agents.length,
    agentVersions: document.agents.reduce(
      (sum, entry) => sum + (Array.isArray(entry.versions) ? entry.versions.length : 0),
      0,
    ),
    agentLabels: document.agents.reduce((sum, entry) => {
      const labels = (entry.agent as { labels?: unknown } | undefined)?.labels;
      return sum + (Array.isArray(labels) ? labels.length : 0);
    }, 0),
    mcpClients: document.mcpClients.length,
    mcpClientVersions: document.mcpClients.reduce((sum, client) => sum + client.versions.length, 0),
    integrations: document.integrations.length,
  };
  for (const [name, value] of Object.entries(actual) as Array<[keyof DeploymentCounts, number]>) {
    if (document.counts[name] !== value)
      issues.push({
        path: `counts.${name}`,
        message: `The backup says ${document.counts[name]} but holds ${value}: it was cut short or edited`,
      });
  }
}

export async function checkDeploymentBackup(
  context: EditorContext,
  { backup, passphrase, withoutSecrets }: { backup: unknown; passphrase?: string; withoutSecrets?: boolean },
): Promise<BackupCheck> {
  const envelope = deploymentDocumentSchema.safeParse(backup);
  if (!envelope.success) {
    // The agents are checked anyway, so one answer lists the problems of their snapshots too.
    const issues = issuesFromZod(envelope.error);
    const raw = (typeof backup === 'object' && backup !== null ? backup : {}) as Record<string, unknown>;
    const declared = raw.schemaVersion;
    const schemaVersion =
      Number.isInteger(declared) && (declared as number) >= 1 && (declared as number) <= currentSnapshotSchemaVersion
        ? (declared as number)
        : currentSnapshotSchemaVersion;
    if (Array.isArray(raw.agents)) checkAgents({ agents: raw.agents, schemaVersion }, issues);
    return { ok: false, issues };
  }
  const document = envelope.data;
  const issues: Issue[] = [];
  const secretsLeftOut: string[] = [];
  checkCounts(document, issues);
  const secrets = await secretsFor(document, { passphrase, withoutSecrets }, issues);
  const agents = checkAgents(document, issues);
  const mcpClients = checkBackupMcpClients(context, {
    document,
    stdioPolicy: await stdioPolicyInForce(context),
    secrets,
    issues,
    secretsLeftOut,
  });
  const integrations = await checkBackupIntegrations(context, { document, secrets, issues, secretsLeftOut });
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    value: {
      agents,
      mcpClients,
      integrations,
      counts: document.counts,
      secretsLeftOut,
      secretsOmitted: secrets?.mode !== 'open',
      upgradedFrom: document.schemaVersion < currentSnapshotSchemaVersion ? document.schemaVersion : null,
    },
  };
}
