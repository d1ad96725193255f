/**
 * What a restore does where the target already holds something the backup says otherwise: a
 * published version, a label on another version, a version deleted here. Such a difference is
 * never settled silently. Without a choice it is listed and the import is refused; `prefer:
 * 'backup'` makes the target match the backup; `prefer: 'target'` keeps the target's and says so.
 * (Versions both hold with different configurations stay conflicts whatever the choice.)
 */
import type { Issue } from '../errors';

/** Which side wins where the target and the backup differ; unset: neither, the import is refused. */
export type DeploymentPreference = 'backup' | 'target';

/** The part of a record's planned change that differences write to. */
export interface DifferenceNotes {
  /** Differences left as the target has them (`prefer: 'target'`). */
  kept: string[];
  /** Differences settled as the backup has them (`prefer: 'backup'`). */
  replaced: string[];
}

/** Where the differences of one backup entry are noted. */
export interface DifferenceScope {
  prefer: DeploymentPreference | undefined;
  /** The backup path of the entry (`agents.0`). */
  path: string;
  /** How a plan-level message names the record: `Agent "demo-assistant"`. */
  subject: string;
  notes: DifferenceNotes;
  /** Every difference of the import, for the refusal when no preference was given. */
  differences: Issue[];
}

/**
 * Notes one difference and answers whether the backup's side is to be written. Without a
 * preference it is listed (and nothing of it written); the import then refuses.
 */
export function settleDifference(scope: DifferenceScope, message: string, { takeable = true } = {}): boolean {
  scope.differences.push({ path: scope.path, message: `${scope.subject}: ${message}` });
  // What the backup's side cannot be written for (a label on a version that is not here) stays kept.
  if (scope.prefer === 'backup' && !takeable) {
    scope.notes.kept.push(message);
    return false;
  }
  if (scope.prefer === 'backup') {
    scope.notes.replaced.push(message);
    return true;
  }
  if (scope.prefer === 'target') scope.notes.kept.push(message);
  return false;
}

/** What an agent's published version and labels need, given the versions present after the import. */
export interface PointerPlan {
  publishedVersionNumber: number | null;
  unpublishes: boolean;
  labels: string[];
  labelsMoved: string[];
  /** Differences kept on the target, by what they are about, for the check after the import. */
  keptPointers: string[];
}

export interface PointerRequest {
  scope: DifferenceScope;
  /** The target's published version number (null: none). */
  published: number | null;
  backupPublished: number | null;
  backupLabels: Array<{ name: string; versionNumber: number }>;
  /** The version number a target label of this name points at, if it has one. */
  targetLabel: (name: string) => Promise<number | undefined>;
  /** Version numbers the target holds once the import's versions are in. */
  present: Set<number>;
}

export const publishedPointerKey = 'published';
export const labelPointerKey = (name: string) => `label ${name}`;

/** The published version and labels an agent gets from the backup, and the differences among them. */
export async function planPointers(request: PointerRequest): Promise<PointerPlan> {
  const { scope, published, backupPublished, present } = request;
  const plan: PointerPlan = {
    publishedVersionNumber: null,
    unpublishes: false,
    labels: [],
    labelsMoved: [],
    keptPointers: [],
  };
  if (published === null && backupPublished !== null && present.has(backupPublished)) {
    plan.publishedVersionNumber = backupPublished;
  } else if (published !== backupPublished) {
    const message = `the published version here is ${published ?? 'none'}, the backup publishes ${backupPublished ?? 'none'}`;
    if (!settleDifference(scope, message)) plan.keptPointers.push(publishedPointerKey);
    else if (backupPublished === null) plan.unpublishes = true;
    else plan.publishedVersionNumber = backupPublished;
  }
  for (const label of request.backupLabels) {
    const existing = await request.targetLabel(label.name);
    if (existing === label.versionNumber) continue;
    if (existing === undefined && present.has(label.versionNumber)) {
      plan.labels.push(label.name);
      continue;
    }
    const message =
      existing === undefined
        ? `label ${label.name}: version ${label.versionNumber} is not here`
        : `label ${label.name} points at version ${existing} here, at ${label.versionNumber} in the backup`;
    const takeBackup = settleDifference(scope, message, { takeable: present.has(label.versionNumber) });
    if (!takeBackup) plan.keptPointers.push(labelPointerKey(label.name));
    else if (existing === undefined) plan.labels.push(label.name);
    else plan.labelsMoved.push(label.name);
  }
  return plan;
}
