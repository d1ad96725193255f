/**
 * Version label names: 1-64 of `a-z 0-9 . _ -`, starting and
 * ending with a letter or digit. `production` (the active version) and `latest` (the highest
 * number) are computed, so they can be read but never created, moved or deleted.
 */
import { checkFailed, type CheckResult } from '../errors';

export const reservedLabels = ['production', 'latest'] as const;
export type ReservedLabel = (typeof reservedLabels)[number];

/** A label name as the document states it too (reserved names pass it and are refused by the check). */
export const labelPattern = /^[a-z0-9](?:[a-z0-9._-]{0,62}[a-z0-9])?$/;

export function isReservedLabel(name: string): name is ReservedLabel {
  return (reservedLabels as readonly string[]).includes(name);
}

/** The checked name, or one issue saying why it cannot be used. */
export type LabelNameCheck = CheckResult<string>;

/** Whether `name` is a well-formed label name (reserved names are well-formed: they can be read). */
export function checkLabelName(name: string): LabelNameCheck {
  if (!labelPattern.test(name)) {
    return checkFailed(
      `"${name}" is not a valid label name: use 1-64 of a-z, 0-9, ".", "_" and "-", starting and ending with a letter or digit.`,
    );
  }
  return { ok: true, value: name };
}

/** Whether a label with this name may be created, moved or deleted. */
export function checkWritableLabelName(name: string): LabelNameCheck {
  const check = checkLabelName(name);
  if (!check.ok) return check;
  if (isReservedLabel(name)) {
    return checkFailed(
      `"${name}" is a reserved label computed by the studio (production = the published version, latest = the newest); it cannot be set or deleted.`,
    );
  }
  return { ok: true, value: name };
}
