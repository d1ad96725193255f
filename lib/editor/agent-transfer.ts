/**
 * Export and import (docs/storage.md), the format migration scripts use. Import checks the
 * whole document first and reports every problem with its path; only a clean document is written,
 * in one transaction. A new agent keeps version numbers, snapshots, changed fields, messages,
 * authors, times, its published version and its labels; `mode: 'append'` adds the document's
 * versions after an existing agent's latest instead.
 */
import { randomUUID } from 'node:crypto';
import { definedFields } from '../defined-fields';
import { currentSnapshotSchemaVersion, snapshotFields, type AgentSnapshot } from '../snapshots';
import { invalidInput, StudioError } from '../errors';
import { applyChanges, configHash, type VersionSelector } from '../versions';
import { agentSummary, agentWithVersion, findVersion } from './agent-reads';
import { agentVersions, parseVersionRow, type StoredAgentVersion } from './agent-version';
import { recordImport } from './audit';
import { defaultActor, type EditorContext } from './context';
import { checkImportDocument, knownImportInputs, type CheckedVersion } from './import-checks';
import { importSourceIssues } from './import-source-checks';
import { exportFormat, type ExportDocument } from './export-document';
import { exportedTestCases, importTestCases } from './test-case-transfer';
import { appendVersion } from './version-writer';
import { refuseUnpublishableImports } from './publish-checks';

export async function exportAgent(
  context: EditorContext,
  { id: agentId, selector }: { id: string; selector?: VersionSelector },
): Promise<ExportDocument> {
  const summary = await agentSummary(context, agentId);
  const versions: StoredAgentVersion[] = selector
    ? [(await findVersion(context, { agentId, selector, fallback: 'latest' })).version]
    : (await context.versions.all(agentId)).map((row) => parseVersionRow(context, row));
  const labels = await context.labels.list(agentId);
  const included = new Set(versions.map((version) => version.versionNumber));
  const testCases = await exportedTestCases(context, agentId);
  return definedFields({
    format: exportFormat,
    schemaVersion: currentSnapshotSchemaVersion,
    agent: {
      id: summary.id,
      source: summary.source,
      metadata: JSON.parse(summary.metadata) as Record<string, unknown>,
      authorId: summary.authorId,
      createdAt: summary.createdAt,
      updatedAt: summary.updatedAt,
      activeVersionNumber:
        summary.activeVersionNumber !== null && included.has(summary.activeVersionNumber)
          ? summary.activeVersionNumber
          : null,
      labels: labels
        .filter((label) => included.has(label.versionNumber))
        .map((label) => ({ name: label.name, versionNumber: label.versionNumber })),
    },
    versions: versions.map((version) => ({
      versionNumber: version.versionNumber,
      snapshot: version.snapshot as Record<string, unknown>,
      configHash: currentConfigHash(version),
      changedFields: version.changedFields,
      changeMessage: version.changeMessage,
      authorId: version.authorId,
      createdAt: version.createdAt,
    })),
    testCases,
  });
}

/** The hash of a version's snapshot in the current format (an upgraded snapshot's stored hash is of the old one). */
export function currentConfigHash(version: StoredAgentVersion): string {
  return version.schemaVersion === currentSnapshotSchemaVersion ? version.configHash : configHash(version.snapshot);
}

export type ImportMode = 'create' | 'append';

export async function importAgent(
  context: EditorContext,
  {
    document,
    mode = 'create',
    actor = defaultActor,
    dryRun = false,
  }: { document: unknown; mode?: ImportMode; actor?: string; dryRun?: boolean },
) {
  const checked = checkImportDocument(document, { known: await knownImportInputs(context.toolSources, document) });
  if (!checked.ok)
    throw invalidInput(
      checked.issues,
      `The import document has ${checked.issues.length} problem(s); nothing was imported (see details.issues).`,
    );
  const { agent, versions, testCases, upgradedFrom } = checked.value;
  if (agent.source === 'code' && context.codeAgents.get(agent.id)?.editor === false) {
    throw new StudioError(
      'forbidden',
      `Agent "${agent.id}" is defined in code with editor: false; its overrides cannot be imported.`,
      { agentId: agent.id },
    );
  }
  const sourceIssues = importSourceIssues(context, { agent, versions: versionsInDocumentOrder(document, versions) });
  if (sourceIssues.length > 0)
    throw invalidInput(
      sourceIssues,
      'The import document does not fit the agents defined in code here; nothing was imported.',
    );
  // A dry run does all of it, answer included, inside a transaction that is rolled back.
  return context.storage.transaction(
    async () => {
      const existing = await context.agents.get(agent.id);
      if (existing && mode !== 'append') {
        throw new StudioError(
          'conflict',
          `An agent with id "${agent.id}" already exists; import with mode=append to add versions to it.`,
          { agentId: agent.id },
        );
      }
      const imported = existing
        ? await appendImported(context, {
            agentId: agent.id,
            latestVersionNumber: existing.latestVersionNumber,
            versions,
            actor,
          })
        : await createImported(context, { agent, versions });
      if (!existing && agent.activeVersionNumber !== null) {
        const published = imported.find((version) => version.versionNumber === agent.activeVersionNumber)!;
        await refuseUnpublishableImports(context, [
          { agentId: agent.id, versionNumber: published.versionNumber, snapshot: published.snapshot },
        ]);
      }
      const cases = await importTestCases(context, { agentId: agent.id, testCases });
      await recordImport(context, {
        actor,
        entity: 'agent',
        entityId: agent.id,
        details: {
          mode: existing ? 'append' : 'create',
          versionNumbers: imported.map((version) => version.versionNumber),
          upgradedFrom: upgradedFrom ?? null,
          testCases: testCases.length > 0 ? cases : undefined,
        },
      });
      const latest = parseVersionRow(context, (await context.versions.latest(agent.id))!);
      return {
        ...(await agentWithVersion(context, agent.id, latest)),
        mode: existing ? ('append' as const) : ('create' as const),
        importedVersionNumbers: imported.map((version) => version.versionNumber),
        /** The document's older schemaVersion when its snapshots were upgraded, else null. */
        upgradedFrom: upgradedFrom ?? null,
        dryRun,
      };
    },
    { rehearse: dryRun },
  );
}

/** The checked versions (sorted by number) with their index in the document, for issue paths. */
function versionsInDocumentOrder(document: unknown, versions: CheckedVersion[]) {
  const written = (document as { versions: Array<{ versionNumber: number }> }).versions;
  const indexOf = new Map(written.map((version, index) => [version.versionNumber, index]));
  return versions.map((version) => ({ index: indexOf.get(version.versionNumber)!, snapshot: version.snapshot }));
}

/** Inside the caller's transaction: a new agent with the document's versions (numbers kept), published version and labels. */
export async function createImported(
  context: EditorContext,
  { agent, versions }: { agent: ExportDocument['agent']; versions: CheckedVersion[] },
) {
  const now = context.now();
  await context.agents.insert({
    id: agent.id,
    source: agent.source,
    activeVersionId: null,
    latestVersionNumber: 0,
    authorId: agent.authorId,
    metadata: JSON.stringify(agent.metadata),
    createdAt: agent.createdAt ?? now,
    updatedAt: agent.updatedAt ?? now,
  });
  const byNumber = new Map<number, StoredAgentVersion>();
  for (const version of versions) {
    byNumber.set(version.versionNumber, await writeImportedVersion(context, { agentId: agent.id, version, now }));
  }
  const active = agent.activeVersionNumber === null ? undefined : byNumber.get(agent.activeVersionNumber)!;
  await context.agents.setActiveVersion({
    id: agent.id,
    activeVersionId: active?.id ?? null,
    updatedAt: agent.updatedAt ?? now,
  });
  for (const label of agent.labels) {
    await insertImportedLabel(context, {
      agentId: agent.id,
      name: label.name,
      versionId: byNumber.get(label.versionNumber)!.id,
      now,
    });
  }
  return [...byNumber.values()];
}

/** Inside the caller's transaction: a document's version as it is (number, changes, author, time kept). */
export function writeImportedVersion(
  context: EditorContext,
  { agentId, version, now }: { agentId: string; version: CheckedVersion; now: string },
): Promise<StoredAgentVersion> {
  return appendVersion(context, agentVersions, {
    ownerId: agentId,
    versionNumber: version.versionNumber,
    snapshot: version.snapshot,
    changedFields: version.changedFields,
    changeMessage: version.changeMessage,
    actor: version.authorId,
    createdAt: version.createdAt ?? now,
    // Labels and the published version are set after every version is in.
    afterAppend: false,
  });
}

/** Inside the caller's transaction: a document's label, with a fresh revision token. */
export async function insertImportedLabel(
  context: EditorContext,
  { agentId, name, versionId, now }: { agentId: string; name: string; versionId: string; now: string },
) {
  await context.labels.insert({
    agentId,
    name,
    versionId,
    revisionToken: randomUUID(),
    createdAt: now,
    updatedAt: now,
  });
}

async function appendImported(
  context: EditorContext,
  {
    agentId,
    latestVersionNumber,
    versions,
    actor,
  }: { agentId: string; latestVersionNumber: number; versions: CheckedVersion[]; actor: string },
) {
  const appended: StoredAgentVersion[] = [];
  const current = parseVersionRow(context, (await context.versions.latest(agentId))!).snapshot as AgentSnapshot;
  const changesFrom = (base: AgentSnapshot, version: CheckedVersion) =>
    applyChanges({
      latest: base,
      provided: Object.fromEntries(snapshotFields.map((field) => [field, version.snapshot[field] ?? null])),
      fields: snapshotFields,
    });
  // The document's versions after the last one the agent already ends with: importing the same
  // document again adds nothing, and a longer one adds only what came since.
  const reached = versions.findLastIndex((version) => changesFrom(current, version).changedFields.length === 0);
  let latest = current;
  let next = latestVersionNumber + 1;
  for (const version of versions.slice(reached + 1)) {
    const { snapshot, changedFields } = changesFrom(latest, version);
    if (changedFields.length === 0) continue;
    const stored = await appendVersion(context, agentVersions, {
      ownerId: agentId,
      versionNumber: next,
      snapshot,
      changedFields,
      changeMessage: version.changeMessage ?? `Imported version ${version.versionNumber}`,
      // A new version written now: its author is who imports it, whoever the document names.
      actor,
    });
    appended.push(stored);
    latest = snapshot;
    next += 1;
  }
  return appended;
}
