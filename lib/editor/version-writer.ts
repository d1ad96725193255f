/**
 * The one writer of immutable versions, for agents and saved MCP clients alike. Each runs inside
 * the caller's write transaction (`storage.transaction`; every query is awaited there): a version is appended (snapshot stored as canonical JSON with
 * its hash, the record's latest pointer moved), a save refuses a stale base and writes nothing
 * when no field changed, and a restore appends version N+1 with version k's snapshot. What differs
 * between the two kinds of record is described by a `VersionedKind`.
 */
import { randomUUID } from 'node:crypto';
import { StudioError } from '../errors';
import { applyChanges } from '../versions';
import { recordAudit, type VersionedAuditEntity } from './audit';
import type { EditorContext } from './context';
import { staleBaseError } from './stale-base';
import { toVersionMetadataColumns, type VersionMetadata, type VersionMetadataColumns } from './version-metadata';

export interface StoredVersion<Snapshot> extends VersionMetadata {
  id: string;
  snapshot: Readonly<Snapshot>;
}

/** A new version row before its owner column is named (`agentId`, `clientId`). */
export interface NewVersionRow extends VersionMetadataColumns {
  id: string;
  ownerId: string;
  snapshot: string;
}

/** Reads of one kind's version rows. */
export interface VersionRows<Row> {
  byNumber(ownerId: string, versionNumber: number): Promise<Row | undefined>;
  latest(ownerId: string): Promise<Row | undefined>;
  /** The `changedFields` of each version after `versionNumber`, oldest first. */
  changedFieldsAfter(ownerId: string, versionNumber: number): Promise<string[][]>;
}

export interface VersionedKind<Snapshot extends object, Stored extends StoredVersion<Snapshot>, Row> {
  /** The audit entity, also the prefix of its actions (`agent.save`). */
  entity: VersionedAuditEntity;
  /** How messages name a record: `Agent`, `MCP client`. */
  noun: string;
  /** How error details name the record's id. */
  ownerKey: 'agentId' | 'clientId';
  /** Every snapshot field, in display order. */
  fields: ReadonlyArray<keyof Snapshot & string>;
  schemaVersion: number;
  /**
   * The stored text of a snapshot and its `configHash` (over the plain snapshot). `row` is the
   * version row about to be written, for values bound to it (encrypted secrets). `written` is the
   * snapshot as a read of the text gives it, when encoding built that already.
   */
  encode(
    context: EditorContext,
    snapshot: Snapshot,
    row: { id: string; ownerId: string },
  ): { text: string; configHash: string; written?: Snapshot };
  insert(context: EditorContext, row: NewVersionRow): Promise<Row>;
  /** A row as a stored version; `written`, from `encode`, spares parsing a row just written. */
  parse(context: EditorContext, row: Row, written?: Snapshot): Stored;
  rows(context: EditorContext): VersionRows<Row>;
  setLatestVersionNumber(
    context: EditorContext,
    pointer: { id: string; latestVersionNumber: number; updatedAt: string },
  ): Promise<void>;
  /** Runs after every append unless the caller turns it off (agents: the retention limit). */
  afterAppend?(context: EditorContext, appended: { ownerId: string; actor: string | null }): Promise<void>;
}

export interface AppendRequest<Snapshot> {
  ownerId: string;
  versionNumber: number;
  snapshot: Snapshot;
  changedFields: string[];
  changeMessage: string | null;
  actor: string | null;
  createdAt?: string;
  schemaVersion?: number;
  /** Import turns this off: its labels and published version are only set after every version is in. */
  afterAppend?: boolean;
}

export async function appendVersion<Snapshot extends object, Stored extends StoredVersion<Snapshot>, Row>(
  context: EditorContext,
  kind: VersionedKind<Snapshot, Stored, Row>,
  {
    ownerId,
    versionNumber,
    snapshot,
    changedFields,
    changeMessage,
    actor,
    createdAt = context.now(),
    schemaVersion = kind.schemaVersion,
    afterAppend = true,
  }: AppendRequest<Snapshot>,
): Promise<Stored> {
  const id = randomUUID();
  const { text, configHash, written } = kind.encode(context, snapshot, { id, ownerId });
  const row = await kind.insert(context, {
    id,
    ownerId,
    snapshot: text,
    ...toVersionMetadataColumns({
      versionNumber,
      schemaVersion,
      configHash,
      changedFields,
      changeMessage,
      authorId: actor,
      createdAt,
    }),
  });
  await kind.setLatestVersionNumber(context, { id: ownerId, latestVersionNumber: versionNumber, updatedAt: createdAt });
  if (afterAppend) await kind.afterAppend?.(context, { ownerId, actor });
  return kind.parse(context, row, written);
}

/**
 * An append by a person's action, with its `<entity>.<verb>` audit row; the row's details name the
 * new version number beside what the caller gives.
 */
async function appendRecordedVersion<Snapshot extends object, Stored extends StoredVersion<Snapshot>, Row>(
  context: EditorContext,
  kind: VersionedKind<Snapshot, Stored, Row>,
  {
    audit,
    ...request
  }: AppendRequest<Snapshot> & {
    actor: string;
    audit: { verb: 'create' | 'save' | 'restore'; details: Record<string, unknown> };
  },
): Promise<Stored> {
  const version = await appendVersion(context, kind, request);
  await recordAudit(context, {
    actor: request.actor,
    action: `${kind.entity}.${audit.verb}`,
    entityId: request.ownerId,
    details: { ...audit.details, versionNumber: version.versionNumber },
    at: version.createdAt,
  });
  return version;
}

/** Version 1 of a new record (every field it has counts as changed), with its `<entity>.create` audit row. */
export async function appendFirstVersion<Snapshot extends object, Stored extends StoredVersion<Snapshot>, Row>(
  context: EditorContext,
  kind: VersionedKind<Snapshot, Stored, Row>,
  {
    ownerId,
    snapshot,
    changeMessage,
    actor,
    createdAt,
    details,
  }: {
    ownerId: string;
    snapshot: Snapshot;
    changeMessage: string | undefined;
    actor: string;
    createdAt?: string;
    /** What the audit row records beside the version number. */
    details: Record<string, unknown>;
  },
): Promise<Stored> {
  return appendRecordedVersion(context, kind, {
    ownerId,
    versionNumber: 1,
    snapshot,
    changedFields: kind.fields.filter((field) => snapshot[field] !== undefined),
    changeMessage: changeMessage ?? 'Initial version',
    actor,
    createdAt,
    audit: { verb: 'create', details },
  });
}

/** Refuses a save whose base is not the latest version (400 for a base from the future, else 409). */
export async function checkBaseVersion<Snapshot extends object, Stored extends StoredVersion<Snapshot>, Row>(
  context: EditorContext,
  kind: VersionedKind<Snapshot, Stored, Row>,
  { ownerId, base, latest, advice }: { ownerId: string; base: number | undefined; latest: number; advice: string },
): Promise<void> {
  if (base === undefined || base === latest) return;
  // A base from the future is refused without naming changes, so nothing is read for it.
  const changedFieldsAfter = base < latest ? await kind.rows(context).changedFieldsAfter(ownerId, base) : [];
  throw staleBaseError({
    base,
    latest,
    changedFieldsAfter,
    fields: kind.fields,
    advice,
  });
}

export type SaveOutcome<Stored> = { created: false } | { created: true; version: Stored; changedFields: string[] };

/**
 * Applies the provided fields to the latest snapshot and, when any differs, appends the result as
 * the next version with its `<entity>.save` audit row. `check` may refuse the new snapshot (it runs
 * in the caller's transaction, before anything is written).
 */
export async function saveChanges<Snapshot extends object, Stored extends StoredVersion<Snapshot>, Row>(
  context: EditorContext,
  kind: VersionedKind<Snapshot, Stored, Row>,
  {
    ownerId,
    latest,
    latestVersionNumber,
    provided,
    changeMessage,
    actor,
    check,
  }: {
    ownerId: string;
    latest: Snapshot;
    latestVersionNumber: number;
    provided: Partial<Record<keyof Snapshot & string, unknown>>;
    changeMessage: string | undefined;
    actor: string;
    check?: (snapshot: Snapshot) => void | Promise<void>;
  },
): Promise<SaveOutcome<Stored>> {
  const { snapshot, changedFields } = applyChanges({ latest, provided, fields: kind.fields });
  if (changedFields.length === 0) return { created: false };
  await check?.(snapshot);
  const version = await appendRecordedVersion(context, kind, {
    ownerId,
    versionNumber: latestVersionNumber + 1,
    snapshot,
    changedFields,
    changeMessage: changeMessage ?? 'Saved from editor',
    actor,
    audit: { verb: 'save', details: { changedFields } },
  });
  return { created: true, version, changedFields };
}

/** Version N+1 with version k's snapshot (a draft until published), with its `<entity>.restore` audit row. */
export async function restoreFromVersion<Snapshot extends object, Stored extends StoredVersion<Snapshot>, Row>(
  context: EditorContext,
  kind: VersionedKind<Snapshot, Stored, Row>,
  {
    ownerId,
    latestVersionNumber,
    versionNumber,
    actor,
    check,
  }: {
    ownerId: string;
    latestVersionNumber: number;
    versionNumber: number;
    actor: string;
    /** May refuse the restored snapshot (rules that changed since it was saved). */
    check?: (snapshot: Snapshot) => void;
  },
): Promise<Stored> {
  const rows = kind.rows(context);
  const sourceRow = await rows.byNumber(ownerId, versionNumber);
  if (!sourceRow)
    throw new StudioError('version_not_found', `${kind.noun} "${ownerId}" has no version ${versionNumber}.`, {
      [kind.ownerKey]: ownerId,
      versionNumber,
    });
  const source = kind.parse(context, sourceRow).snapshot as Snapshot;
  check?.(source);
  const latest = kind.parse(context, (await rows.latest(ownerId))!).snapshot as Snapshot;
  const provided: Partial<Record<keyof Snapshot & string, unknown>> = {};
  for (const field of kind.fields) provided[field] = source[field] ?? null;
  const { changedFields } = applyChanges({ latest, provided, fields: kind.fields });
  return appendRecordedVersion(context, kind, {
    ownerId,
    versionNumber: latestVersionNumber + 1,
    snapshot: source,
    changedFields,
    changeMessage: `Restored from version ${versionNumber}`,
    actor,
    audit: { verb: 'restore', details: { fromVersionNumber: versionNumber } },
  });
}
