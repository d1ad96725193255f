/**
 * Everything wrong with an import document, at once: the envelope, every snapshot (after upgrading
 * it from the document's schemaVersion), and the references between versions, labels and the
 * published version (and, for a restore, each version's `configHash`).
 */
import {
  callableKeyIssues,
  checkAgentSnapshot,
  currentSnapshotSchemaVersion,
  snapshotFields,
  storedAgentIssues,
  upgradeSnapshot,
  type AgentSnapshot,
} from '../snapshots';
import { issuesFromZod, type CheckResult, type Issue } from '../errors';
import { changedFieldsIssues, checkWritableLabelName, configHash } from '../versions';
import { exportDocumentSchema, type ExportDocument, type ExportedTestCase } from './export-document';
import { knownInputsFor, lintErrors, toolRulesIssues, type KnownInputs } from './version-lint';
import type { ToolSourceLookup } from './publish-sources';
import { isRecord } from '../is-record';

export type CheckedVersion = Omit<ExportDocument['versions'][number], 'snapshot'> & { snapshot: AgentSnapshot };

export type ImportCheck = CheckResult<{
  agent: ExportDocument['agent'];
  versions: CheckedVersion[];
  testCases: ExportedTestCase[];
  upgradedFrom?: number;
}>;

/** A version's `configHash`, when the document gives one, must be the hash of its snapshot as written. */
function configHashIssues(rawVersions: unknown[]): Issue[] {
  return rawVersions.flatMap((version, index) => {
    const written = asRecord(version);
    if (typeof written?.configHash !== 'string' || written.configHash === configHash(written.snapshot)) return [];
    return [
      { path: `versions.${index}.configHash`, message: 'Does not match the snapshot: the file was edited or damaged' },
    ];
  });
}

const asRecord = (value: unknown): Record<string, unknown> | undefined => (isRecord(value) ? value : undefined);

/**
 * `rules: 'as-a-save'` (an agent import: a document someone may have written) refuses per-tool
 * rules, sub-agent and workflow keys that make no tool name, and rule-linter errors as a save would; `'as-stored'` (a whole-deployment restore, which
 * must reproduce the source exactly) keeps the history as it was written, since refusing it would
 * make a backup taken before a linter check unrestorable. Publishing still refuses a version with a
 * linter error, and `agent lint` reports it. A restore also refuses a `configHash` that does not
 * match its snapshot (the file was damaged); an agent import, a document people and migration
 * scripts edit, stores the hash of the snapshot as given.
 */
/** The known input schemas of each version of an import document, gathered before it is checked. */
export async function knownImportInputs(
  sources: ToolSourceLookup,
  document: unknown,
): Promise<(versionIndex: number) => KnownInputs> {
  const versions = asRecord(document)?.versions;
  const snapshots = Array.isArray(versions)
    ? versions.map((version) => asRecord(asRecord(version)?.snapshot) ?? {})
    : [];
  const known = await Promise.all(snapshots.map((snapshot) => knownInputsFor(sources, snapshot)));
  return (versionIndex) => known[versionIndex] ?? sources;
}

export function checkImportDocument(
  document: unknown,
  {
    rules = 'as-a-save',
    known,
  }: {
    rules?: 'as-a-save' | 'as-stored';
    /**
     * The tools whose input schemas are known for the document's version at an index, as a save
     * checks approval policies against them (see `knownImportInputs`).
     */
    known?: (versionIndex: number) => KnownInputs;
  } = {},
): ImportCheck {
  const envelope = exportDocumentSchema.safeParse(document);
  const issues: Issue[] = envelope.success ? [] : issuesFromZod(envelope.error);
  const raw = asRecord(document) ?? {};
  const declared = raw.schemaVersion;
  const schemaVersion =
    Number.isInteger(declared) && (declared as number) >= 1 && (declared as number) <= currentSnapshotSchemaVersion
      ? (declared as number)
      : currentSnapshotSchemaVersion;
  const stored = (asRecord(raw.agent)?.source ?? 'stored') === 'stored';

  const snapshots: AgentSnapshot[] = [];
  const rawVersions = Array.isArray(raw.versions) ? raw.versions : [];
  rawVersions.forEach((version, index) => {
    const snapshot = asRecord(version)?.snapshot;
    if (asRecord(snapshot) === undefined) return;
    const prefix = ['versions', index, 'snapshot'];
    const upgraded = upgradeSnapshot({ snapshot, schemaVersion });
    if (!upgraded.ok) {
      issues.push(...upgraded.issues.map((issue) => ({ path: prefix.join('.'), message: issue.message })));
      return;
    }
    const check = checkAgentSnapshot(upgraded.value.snapshot, prefix);
    if (!check.ok) issues.push(...check.issues);
    else if (stored) issues.push(...storedAgentIssues(check.value, prefix));
    if (check.ok) {
      snapshots[index] = check.value;
      const at = `${prefix.join('.')}.`;
      if (rules === 'as-a-save')
        issues.push(
          ...toolRulesIssues(check.value.tools, at),
          ...callableKeyIssues(check.value, at),
          ...lintErrors(check.value, at, known?.(index)),
        );
    }
  });
  // The references are checked even when a snapshot has problems, so one answer lists them all.
  if (!envelope.success) return { ok: false, issues };
  if (rules === 'as-stored') issues.push(...configHashIssues(rawVersions));
  // A restore keeps the history as it was stored; an import names only fields a version has.
  else
    envelope.data.versions.forEach(({ changedFields }, index) =>
      issues.push(
        ...changedFieldsIssues({ changedFields, fields: snapshotFields, path: `versions.${index}.changedFields` }),
      ),
    );

  const { agent } = envelope.data;
  const numbers = new Set<number>();
  envelope.data.versions.forEach((version, index) => {
    if (numbers.has(version.versionNumber))
      issues.push({
        path: `versions.${index}.versionNumber`,
        message: `Version ${version.versionNumber} appears twice`,
      });
    numbers.add(version.versionNumber);
  });
  if (agent.activeVersionNumber !== null && !numbers.has(agent.activeVersionNumber)) {
    issues.push({
      path: 'agent.activeVersionNumber',
      message: `Version ${agent.activeVersionNumber} is not in the document`,
    });
  }
  const labelNames = new Set<string>();
  agent.labels.forEach((label, index) => {
    const check = checkWritableLabelName(label.name);
    if (!check.ok)
      issues.push(...check.issues.map((issue) => ({ path: `agent.labels.${index}.name`, message: issue.message })));
    if (labelNames.has(label.name))
      issues.push({ path: `agent.labels.${index}.name`, message: `Label "${label.name}" appears twice` });
    labelNames.add(label.name);
    if (!numbers.has(label.versionNumber))
      issues.push({
        path: `agent.labels.${index}.versionNumber`,
        message: `Version ${label.versionNumber} is not in the document`,
      });
  });
  if (issues.length > 0) return { ok: false, issues };

  const versions = envelope.data.versions
    .map((version, index) => ({ ...version, snapshot: snapshots[index]! }))
    .sort((left, right) => left.versionNumber - right.versionNumber);
  const testCases = envelope.data.testCases ?? [];
  return schemaVersion < currentSnapshotSchemaVersion
    ? { ok: true, value: { agent, versions, testCases, upgradedFrom: schemaVersion } }
    : { ok: true, value: { agent, versions, testCases } };
}
