/**
 * Change detection for saves: only the fields a save provides count; each
 * is compared with the latest version by canonical JSON; `null` clears a field.
 */
import { sameJson } from '../canonical-json';

export type SnapshotRecord = Record<string, unknown>;

export interface AppliedChanges<T extends object> {
  /** The next snapshot: the latest with the provided fields replaced (cleared ones removed). */
  snapshot: T;
  /** Exactly the provided fields whose value differs from the latest, in the given field order. */
  changedFields: string[];
}

export function applyChanges<T extends object>({
  latest,
  provided,
  fields,
}: {
  latest: T;
  /** Snapshot fields present in the request; `null` means clear, `undefined` means not provided. */
  provided: Partial<Record<keyof T & string, unknown>>;
  /** Every snapshot field, in display order. Keys of `provided` outside this list are ignored. */
  fields: ReadonlyArray<keyof T & string>;
}): AppliedChanges<T> {
  const snapshot: SnapshotRecord = { ...(latest as SnapshotRecord) };
  const changedFields: string[] = [];
  for (const field of fields) {
    if (!Object.hasOwn(provided, field)) continue;
    const next = provided[field];
    if (next === undefined) continue;
    const current = (latest as SnapshotRecord)[field];
    const cleared = next === null;
    if (cleared ? current === undefined : current !== undefined && sameJson(current, next)) continue;
    changedFields.push(field);
    if (cleared) delete snapshot[field];
    else snapshot[field] = next;
  }
  return { snapshot: snapshot as T, changedFields };
}

/** Every field changed by the versions after a base version: the union of their `changedFields`. */
export function fieldsChangedSince({
  versions,
  fields,
}: {
  versions: ReadonlyArray<{ changedFields: readonly string[] }>;
  fields: readonly string[];
}): string[] {
  const changed = new Set(versions.flatMap((version) => version.changedFields));
  const known = fields.filter((field) => changed.has(field));
  const unknown = [...changed].filter((field) => !fields.includes(field)).sort();
  return [...known, ...unknown];
}

/**
 * What is wrong with a document's `changedFields` (an import: a file people and scripts write):
 * each must name a field of its kind's snapshot, once. `path` is where the list is.
 */
export function changedFieldsIssues({
  changedFields,
  fields,
  path,
}: {
  changedFields: readonly string[];
  fields: readonly string[];
  path: string;
}): Array<{ path: string; message: string }> {
  return changedFields.flatMap((name, index) => {
    if (!fields.includes(name))
      return [{ path: `${path}.${index}`, message: `"${name}" is not a snapshot field (${fields.join(', ')})` }];
    if (changedFields.indexOf(name) !== index)
      return [{ path: `${path}.${index}`, message: `"${name}" is named twice` }];
    return [];
  });
}
