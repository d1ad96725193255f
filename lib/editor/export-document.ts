/**
 * The export format (docs/storage.md): `{ format: 'agent-studio.agent', schemaVersion,
 * agent, versions, testCases? }`. Snapshots are written in the current format; import checks the envelope
 * here and each snapshot with the snapshot schema, reporting every problem with its path.
 */
import { z } from 'zod';
import { currentSnapshotSchemaVersion } from '../snapshots';
import { jsonObjectSchema } from '../rules';
import { testCaseFieldsShape } from '../schemas';
import { agentIdSchema } from './agent-input';

export const exportFormat = 'agent-studio.agent';

/** Times in documents: ISO 8601 with a zone. */
export const isoTime = z.iso.datetime({ offset: true });

export const exportedVersionSchema = z
  .object({
    versionNumber: z.number().int().min(1),
    snapshot: z.record(z.string(), z.unknown()),
    configHash: z.string().optional(),
    changedFields: z.array(z.string()).default([]),
    changeMessage: z.string().max(2000).nullable().default(null),
    authorId: z.string().max(256).nullable().default(null),
    createdAt: isoTime.optional(),
  })
  .strict();

/** A version of a document's format that this studio reads: any from 1 up to its own `latest`. */
export const readableVersionSchema = ({ latest, tooNew }: { latest: number; tooNew: string }) =>
  z.number().int().min(1).max(latest, tooNew);

/** The snapshot format a document was written in: any up to this studio's. */
export const snapshotSchemaVersionSchema = readableVersionSchema({
  latest: currentSnapshotSchemaVersion,
  tooNew: `This studio reads schemaVersion up to ${currentSnapshotSchemaVersion}; upgrade it to import newer exports`,
});

/** A test case in a document: its fields and times, without its id (import gives it a new one). */
export const exportedTestCaseSchema = z
  .object({ ...testCaseFieldsShape, createdAt: isoTime.optional(), updatedAt: isoTime.optional() })
  .strict();

export const exportDocumentSchema = z
  .object({
    format: z.literal(exportFormat, { error: `format must be "${exportFormat}"` }),
    schemaVersion: snapshotSchemaVersionSchema,
    agent: z
      .object({
        id: agentIdSchema,
        source: z.enum(['stored', 'code']).default('stored'),
        metadata: jsonObjectSchema.default({}),
        authorId: z.string().max(256).nullable().default(null),
        createdAt: isoTime.optional(),
        updatedAt: isoTime.optional(),
        activeVersionNumber: z.number().int().min(1).nullable().default(null),
        labels: z.array(z.object({ name: z.string(), versionNumber: z.number().int().min(1) }).strict()).default([]),
      })
      .strict(),
    versions: z.array(exportedVersionSchema).min(1, 'An export holds at least one version'),
    /** The agent's test cases; documents written before test cases existed have none. */
    testCases: z.array(exportedTestCaseSchema).max(10_000).optional(),
  })
  .strict()
  .meta({ id: 'AgentExport' });

export type ExportDocument = z.output<typeof exportDocumentSchema>;
export type ExportedVersion = z.output<typeof exportedVersionSchema>;
export type ExportedTestCase = z.output<typeof exportedTestCaseSchema>;
