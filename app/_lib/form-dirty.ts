/** Whether RHF's dirty marks for one field hold any change (they nest for objects and arrays). */
export function isMarkedDirty(marks: unknown): boolean {
  if (marks === true) return true;
  if (Array.isArray(marks)) return marks.some(isMarkedDirty);
  if (typeof marks === 'object' && marks !== null) return Object.values(marks).some(isMarkedDirty);
  return false;
}

/**
 * Whether two JSON values hold the same data (object keys in any order, `undefined` members
 * ignored). The dirty marks above miss an added or removed empty object (a tool ticked as
 * `{ "convert-units": {} }` leaves no mark), so a form whose values are such records compares its
 * values with its defaults too.
 */
export function sameJsonValue(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (Array.isArray(left) || Array.isArray(right)) {
    return (
      Array.isArray(left) &&
      Array.isArray(right) &&
      left.length === right.length &&
      left.every((item, index) => sameJsonValue(item, right[index]))
    );
  }
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  const entries = (value: object) =>
    Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
  const leftEntries = entries(left);
  const rightRecord = right as Record<string, unknown>;
  return (
    leftEntries.length === entries(right).length &&
    leftEntries.every(([key, item]) => sameJsonValue(item, rightRecord[key]))
  );
}
