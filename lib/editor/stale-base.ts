/**
 * Saves name the version the editor loaded (`baseVersionNumber`). When another version is the
 * latest, the save is refused: a base from the future is a 400; an older base is a 409 with every
 * field the versions after it changed, so the editor can tell what to merge.
 */
import { invalidInput, StudioError } from '../errors';
import { fieldsChangedSince } from '../versions';

export function staleBaseError({
  base,
  latest,
  changedFieldsAfter,
  fields,
  advice,
}: {
  base: number;
  latest: number;
  /** The `changedFields` of each version after `base` (not used for a base from the future). */
  changedFieldsAfter: string[][];
  /** Every snapshot field, in display order. */
  fields: readonly string[];
  /** The end of the 409's message: what the editor should do. */
  advice: string;
}): StudioError {
  if (base > latest)
    return invalidInput([
      { path: 'baseVersionNumber', message: `Version ${base} does not exist yet; the latest is ${latest}` },
    ]);
  const versions = changedFieldsAfter.map((changedFields) => ({ changedFields }));
  return new StudioError('version_conflict', `Version ${latest} was saved after version ${base}; ${advice}`, {
    baseVersionNumber: base,
    latestVersionNumber: latest,
    changedFields: fieldsChangedSince({ versions, fields }),
  });
}
