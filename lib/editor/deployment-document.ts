/**
 * The whole-deployment backup format (`agent-studio.deployment`): every agent as its export
 * document (versions, labels, published version), every saved MCP client with its versions, and
 * every stored integration config. Secrets never appear in clear: they are sealed with a key
 * derived from a passphrase (see `lib/secrets/passphrase.ts`) or left out. docs/deployment-backup.md
 * describes the format for people who read or write it by hand.
 */
import { z } from 'zod';
import { agentIdSchema } from './agent-input';
import { isoTime, readableVersionSchema, snapshotSchemaVersionSchema } from './export-document';

export const deploymentFormat = 'agent-studio.deployment';

/** Version of the envelope below; snapshots inside carry the agent snapshot `schemaVersion`. */
export const currentDeploymentFormatVersion = 2;

const count = z.number().int().min(0);

/** The most a sealed backup's key derivation may take, in bytes of memory and in scrypt's N·r·p. */
const maxScryptMemoryBytes = 64 * 2 ** 20;
const maxScryptWork = 4 * 2 ** 15 * 8;
const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/, 'base64url text');

export const sealedSecretsSchema = z
  .object({
    mode: z.literal('sealed'),
    cipher: z.literal('aes-256-gcm'),
    kdf: z
      .object({
        name: z.literal('scrypt'),
        salt: base64url.min(16).max(128),
        // Bounded so a crafted file cannot make the importing server spend minutes or gigabytes.
        cost: z
          .number()
          .int()
          .min(2 ** 14)
          .max(2 ** 20)
          .refine((value) => (value & (value - 1)) === 0, 'a power of two'),
        blockSize: z.number().int().min(1).max(16),
        parallelization: z.number().int().min(1).max(4),
      })
      .strict()
      // Each bound alone still allows 2 GiB a try: the memory (128·N·r bytes) and the work (N·r·p)
      // are bounded together, at 2× and 4× what this studio writes (N 2^15, r 8, p 1: 32 MiB).
      .refine(({ cost, blockSize }) => 128 * cost * blockSize <= maxScryptMemoryBytes, {
        message: `scrypt needs 128·cost·blockSize bytes; at most ${maxScryptMemoryBytes / 2 ** 20} MiB is accepted`,
      })
      .refine(({ cost, blockSize, parallelization }) => cost * blockSize * parallelization <= maxScryptWork, {
        message: `cost·blockSize·parallelization may be at most ${maxScryptWork} (4× the default's work)`,
      }),
    /** A known text sealed with the same key: a wrong passphrase is one clear error, not one per secret. */
    check: z.string().min(1),
  })
  .strict();

const secretsSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('omitted') }).strict(),
  sealedSecretsSchema,
]);

/** Where a secret was, when the backup left it out (`servers.<server>.env.<NAME>`, `credentials.<field>`). */
const omittedSecrets = z.array(z.string().max(400)).optional();

export const backupMcpClientVersionSchema = z
  .object({
    versionNumber: z.number().int().min(1),
    schemaVersion: z.literal(1, { error: 'This studio reads saved MCP client schemaVersion 1' }),
    snapshot: z.record(z.string(), z.unknown()),
    /** sha256 of the canonical snapshot as it is stored on import (secrets in clear, or left out). */
    configHash: z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 hex digest'),
    changedFields: z.array(z.string()),
    changeMessage: z.string().max(2000).nullable(),
    authorId: z.string().max(256).nullable(),
    createdAt: isoTime,
    omittedSecrets,
  })
  .strict();

export const backupMcpClientSchema = z
  .object({
    id: agentIdSchema,
    authorId: z.string().max(256).nullable(),
    createdAt: isoTime,
    updatedAt: isoTime,
    versions: z.array(backupMcpClientVersionSchema).min(1, 'A saved MCP client has at least one version'),
  })
  .strict();

export const backupIntegrationSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'Integration ids are slugs like agent ids'),
    /** The stored config (`PUT /api/integrations/:id` body), its credential secret sealed or left out. */
    config: z.record(z.string(), z.unknown()),
    createdAt: isoTime,
    updatedAt: isoTime,
    omittedSecrets,
  })
  .strict();

export const deploymentCountsSchema = z
  .object({
    agents: count,
    agentVersions: count,
    agentLabels: count,
    mcpClients: count,
    mcpClientVersions: count,
    integrations: count,
  })
  .strict();

export const deploymentDocumentSchema = z
  .object({
    format: z.literal(deploymentFormat, { error: `format must be "${deploymentFormat}"` }),
    formatVersion: readableVersionSchema({
      latest: currentDeploymentFormatVersion,
      tooNew: `This studio reads deployment backups up to formatVersion ${currentDeploymentFormatVersion}; upgrade it to import newer ones`,
    }),
    schemaVersion: snapshotSchemaVersionSchema,
    exportedAt: isoTime,
    studioVersion: z.string().max(100),
    secrets: secretsSchema,
    /** Each the `agent` and `versions` of an `agent-studio.agent` export document. */
    agents: z.array(z.record(z.string(), z.unknown())),
    mcpClients: z.array(backupMcpClientSchema),
    integrations: z.array(backupIntegrationSchema),
    counts: deploymentCountsSchema,
  })
  .strict()
  .meta({ id: 'DeploymentBackup' });

export type DeploymentDocument = z.output<typeof deploymentDocumentSchema>;
export type DeploymentCounts = z.output<typeof deploymentCountsSchema>;
export type BackupMcpClient = z.output<typeof backupMcpClientSchema>;
export type BackupIntegration = z.output<typeof backupIntegrationSchema>;

/** How the secrets of an export travel: sealed with a passphrase, or left out. */
/** The two ways a backup's secrets travel, each described for the side that uses it. */
function secretsOptions({
  passphrase,
  withoutSecrets,
}: {
  passphrase: { schema: z.ZodString; description: string };
  withoutSecrets: string;
}) {
  return {
    passphrase: passphrase.schema.max(1024).optional().meta({ description: passphrase.description }),
    withoutSecrets: z.boolean().optional().meta({ description: withoutSecrets }),
  };
}

/** An export refuses a shorter one, so no backup was sealed with one: an import says so instead of trying it. */
const passphraseLength = z.string().min(12, 'A passphrase has at least 12 characters');

export const deploymentExportOptionsSchema = z
  .object(
    secretsOptions({
      passphrase: {
        schema: passphraseLength,
        description: 'Seals every secret with a key derived from it (scrypt); the importer needs it too',
      },
      withoutSecrets: 'Leave every secret out (MCP client env values, integration credentials)',
    }),
  )
  .strict()
  .refine((options) => !(options.passphrase !== undefined && options.withoutSecrets === true), {
    message: 'Give a passphrase or withoutSecrets, not both',
    path: ['withoutSecrets'],
  })
  .meta({ id: 'DeploymentExportOptions' });

export const deploymentImportBodySchema = z
  .object({
    // Checked (and upgraded from older format versions) by the import itself; documented as the current format.
    backup: z
      .unknown()
      .refine((value) => value !== undefined, 'Required: the backup document (format agent-studio.deployment)')
      .meta({
        $ref: '#/components/schemas/DeploymentBackup',
        description: 'A deployment backup (format agent-studio.deployment); older format versions are upgraded',
      }),
    ...secretsOptions({
      passphrase: {
        schema: passphraseLength,
        description: 'Opens the sealed secrets; they are re-encrypted with this studio’s key',
      },
      withoutSecrets: 'Import without the secrets, even if the backup holds them sealed',
    }),
    prefer: z
      .enum(['backup', 'target'])
      .optional()
      .meta({
        description:
          'Where this deployment differs from the backup (a published version, a label on another version, a version ' +
          'deleted here): backup makes it match the backup, target keeps what it has. Without it such differences refuse the import',
      }),
  })
  .strict()
  .meta({ id: 'DeploymentImportBody' });

export type DeploymentExportOptions = z.output<typeof deploymentExportOptionsSchema>;
export type DeploymentImportBody = z.output<typeof deploymentImportBodySchema>;
