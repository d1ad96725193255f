/**
 * Export and import of one saved MCP client with all its versions: `{ format:
 * 'agent-studio.mcp-client', schemaVersion, client, secrets, versions }`. Secrets never leave in
 * clear: they are left out (env values emptied, URL credentials removed, their paths listed in
 * `omittedSecrets`), or re-encrypted for a target deployment's `SECRETS_KEY` when the exporter
 * gives it. An import passes the same checks as a save, the stdio allow-list included, for every
 * version, and reports every problem with its path before anything is written.
 */
import { z } from 'zod';
import { invalidInput, issuesFromZod, StudioError, type Issue } from '../errors';
import {
  decryptSecret,
  encryptSecret,
  SecretDecryptionError,
  secretsKeyFromSetting,
  type SecretsKey,
} from '../secrets';
import { recordIdSchema } from '../schemas/agent-bodies';
import { changedFieldsIssues } from '../versions';
import { recordAudit, recordImport } from './audit';
import { defaultActor, type EditorContext } from './context';
import { isoTime, readableVersionSchema } from './export-document';
import { omitSecrets, transformSecrets } from './mcp-client-secrets';
import {
  currentMcpClientSchemaVersion,
  maxMcpClientVersionsPerImport,
  mcpClientFields,
  mcpClientSnapshotSchema,
  type McpClientSnapshot,
  type McpClientWriter,
} from '../schemas/mcp-client-snapshot';
import {
  mcpClientVersions,
  parseClientVersionRow,
  readClientVersionWithoutSecrets,
  type StoredMcpClientVersion,
} from './mcp-client-versions';
import { approvalOnImport } from './mcp-client-approval';
import { checkStdioServers } from './mcp-client-writes';
import type { StdioPolicy } from '../mcp/stdio-rules';
import { stdioPolicyInForce } from './stdio-launch-specs';
import { existingClient } from './not-found';
import { appendVersion } from './version-writer';

export const mcpClientExportFormat = 'agent-studio.mcp-client';

export const mcpClientExportSchema = z
  .object({
    format: z.literal(mcpClientExportFormat, { error: `format must be "${mcpClientExportFormat}"` }),
    schemaVersion: readableVersionSchema({
      latest: currentMcpClientSchemaVersion,
      tooNew: `This studio reads schemaVersion up to ${currentMcpClientSchemaVersion}; upgrade it to import newer exports`,
    }),
    client: z
      .object({
        id: recordIdSchema('MCP client'),
        authorId: z.string().max(256).nullable().default(null),
        createdAt: isoTime.optional(),
        updatedAt: isoTime.optional(),
      })
      .strict(),
    secrets: z
      .enum(['omitted', 'encrypted'])
      .meta({ description: '`encrypted`: secret values are encrypted for the importing deployment' }),
    omittedSecrets: z
      .array(z.string())
      .default([])
      .meta({ description: 'Paths of the secrets left out, to enter again after importing' }),
    versions: z
      .array(
        z
          .object({
            versionNumber: z.number().int().min(1),
            snapshot: z.record(z.string(), z.unknown()),
            changedFields: z.array(z.string()).default([]),
            changeMessage: z.string().max(2000).nullable().default(null),
            authorId: z.string().max(256).nullable().default(null),
            createdAt: isoTime.optional(),
          })
          .strict(),
      )
      .min(1, 'An export holds at least one version')
      .max(maxMcpClientVersionsPerImport, `An import holds at most ${maxMcpClientVersionsPerImport} versions`),
  })
  .strict()
  .meta({ id: 'McpClientExport' });

export type McpClientExport = z.output<typeof mcpClientExportSchema>;

/** Bound to the client and version it belongs to, so a value cannot be moved within a document. */
const exportLocation = (clientId: string, versionNumber: number, path: string) =>
  `mcp_client_export|${clientId}|${versionNumber}|${path}`;

export async function exportMcpClient(
  context: EditorContext,
  { id: clientId, targetSecretsKey, actor = defaultActor }: { id: string; targetSecretsKey?: string; actor?: string },
): Promise<McpClientExport> {
  const record = await existingClient(context, clientId);
  const target: SecretsKey | undefined = targetSecretsKey ? secretsKeyFromSetting(targetSecretsKey) : undefined;
  const omitted: string[] = [];
  const versions: McpClientExport['versions'] = [];
  for (let number = 1; number <= record.latestVersionNumber; number += 1) {
    const row = await context.mcpClients.versionByNumber(clientId, number);
    if (!row) continue;
    // Left out, an env value this key cannot read does not matter (./mcp-client-versions).
    const version = target ? parseClientVersionRow(context, row) : readClientVersionWithoutSecrets(context, row);
    const plain = version.snapshot as McpClientSnapshot;
    let snapshot: McpClientSnapshot;
    if (target) {
      snapshot = transformSecrets(plain, (plaintext, path) =>
        encryptSecret({ key: target, plaintext, location: exportLocation(clientId, number, path) }),
      );
    } else {
      const stripped = omitSecrets(plain);
      snapshot = stripped.snapshot;
      omitted.push(...stripped.omitted.map((path) => `versions.${versions.length}.snapshot.${path}`));
    }
    versions.push({
      versionNumber: version.versionNumber,
      snapshot: snapshot as unknown as Record<string, unknown>,
      changedFields: version.changedFields,
      changeMessage: version.changeMessage,
      authorId: version.authorId,
      createdAt: version.createdAt,
    });
  }
  // Secrets leaving the deployment, even encrypted for another key, are an act on the record.
  if (target)
    await context.storage.transaction(() =>
      recordAudit(context, {
        actor,
        action: 'mcp_client.export_secrets',
        entityId: clientId,
        details: { secrets: 'encrypted', versions: versions.length },
      }),
    );
  return {
    format: mcpClientExportFormat,
    schemaVersion: currentMcpClientSchemaVersion,
    client: { id: record.id, authorId: record.authorId, createdAt: record.createdAt, updatedAt: record.updatedAt },
    secrets: target ? 'encrypted' : 'omitted',
    omittedSecrets: omitted,
    versions,
  };
}

interface CheckedImport {
  document: McpClientExport;
  snapshots: McpClientSnapshot[];
}

function checkImport(
  context: EditorContext,
  { document, stdioPolicy }: { document: unknown; stdioPolicy: StdioPolicy },
): CheckedImport {
  const envelope = mcpClientExportSchema.safeParse(document);
  if (!envelope.success) throw invalidInput(issuesFromZod(envelope.error));
  const parsed = envelope.data;
  const issues: Issue[] = [];
  const seen = new Set<number>();
  const snapshots = parsed.versions.map((version, index) => {
    const prefix = `versions.${index}`;
    if (seen.has(version.versionNumber))
      issues.push({ path: `${prefix}.versionNumber`, message: `Version ${version.versionNumber} appears twice` });
    seen.add(version.versionNumber);
    issues.push(
      ...changedFieldsIssues({
        changedFields: version.changedFields,
        fields: mcpClientFields,
        path: `${prefix}.changedFields`,
      }),
    );
    let raw = version.snapshot as unknown as McpClientSnapshot;
    if (parsed.secrets === 'encrypted' && raw.servers && typeof raw.servers === 'object') {
      raw = transformSecrets(raw, (value, path) => {
        try {
          return decryptSecret({
            key: context.secretsKey,
            value,
            location: exportLocation(parsed.client.id, version.versionNumber, path),
          });
        } catch (error) {
          if (!(error instanceof SecretDecryptionError)) throw error;
          issues.push({
            path: `${prefix}.snapshot.${path}`,
            message: "Cannot be decrypted: the export was encrypted for another deployment's SECRETS_KEY",
          });
          return '';
        }
      });
    }
    const snapshot = mcpClientSnapshotSchema.safeParse(raw);
    if (!snapshot.success) {
      // A secret that could not be decrypted is already explained; the schema would only add that it is empty.
      const explained = new Set(issues.map((issue) => issue.path));
      const schemaIssues = issuesFromZod(snapshot.error, ['versions', index, 'snapshot']);
      issues.push(...schemaIssues.filter((issue) => !explained.has(issue.path)));
      return raw;
    }
    return snapshot.data;
  });
  if (issues.length > 0)
    throw invalidInput(
      issues,
      `The import document has ${issues.length} problem(s); nothing was imported (see details.issues).`,
    );
  // The deployment's stdio rules apply to every version: any of them could be restored later.
  for (const snapshot of snapshots) checkStdioServers(snapshot.servers, stdioPolicy);
  return { document: parsed, snapshots };
}

export async function importMcpClient(
  context: EditorContext,
  { document, actor = defaultActor, internalAddresses = 'allowed' }: { document: unknown } & McpClientWriter,
): Promise<{ version: StoredMcpClientVersion; importedVersionNumbers: number[]; secretsToEnter: string[] }> {
  const { document: parsed, snapshots } = checkImport(context, {
    document,
    stdioPolicy: await stdioPolicyInForce(context),
  });
  const clientId = parsed.client.id;
  const order = parsed.versions
    .map((version, index) => ({ version, snapshot: snapshots[index]! }))
    .sort((left, right) => left.version.versionNumber - right.version.versionNumber);
  const latest = order[order.length - 1]!;
  const latestIndex = parsed.versions.indexOf(latest.version);
  return context.storage.transaction(async () => {
    if (await context.mcpClients.get(clientId))
      throw new StudioError('conflict', `An MCP client with id "${clientId}" already exists.`, { clientId });
    const now = context.now();
    await context.mcpClients.insert({
      id: clientId,
      latestVersionNumber: 0,
      authorId: parsed.client.authorId,
      createdAt: parsed.client.createdAt ?? now,
      updatedAt: parsed.client.updatedAt ?? now,
      // Imported configurations are not trusted: a stdio server waits for an admin's approval.
      approval: approvalOnImport(snapshots),
      internalAddresses,
    });
    let stored: StoredMcpClientVersion | undefined;
    for (const { version, snapshot } of order) {
      stored = await appendVersion(context, mcpClientVersions, {
        ownerId: clientId,
        versionNumber: version.versionNumber,
        snapshot,
        changedFields: version.changedFields,
        changeMessage: version.changeMessage ?? `Imported version ${version.versionNumber}`,
        actor: version.authorId ?? actor,
        createdAt: version.createdAt ?? now,
      });
    }
    await recordImport(context, {
      actor,
      entity: 'mcp_client',
      entityId: clientId,
      details: { versionNumbers: order.map(({ version }) => version.versionNumber), secrets: parsed.secrets },
    });
    const latestPrefix = `versions.${latestIndex}.snapshot.`;
    return {
      version: stored!,
      importedVersionNumbers: order.map(({ version }) => version.versionNumber),
      secretsToEnter: parsed.omittedSecrets
        .filter((path) => path.startsWith(latestPrefix))
        .map((path) => path.slice(latestPrefix.length)),
    };
  });
}
