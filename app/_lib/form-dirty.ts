/** Whether RHF's dirty marks for one field hold any change (they nest for objects and arrays). */
export function isMarkedDirty(marks: unknown): boolean {
  if (marks === true) return true;
  if (Array.isArray(marks)) return marks.some(isMarkedDirty);
  if (typeof marks === 'object' && marks !== null) return Object.values(marks).some(isMarkedDirty);
  return false;
}
