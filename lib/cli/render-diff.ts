/**
 * Field diffs as a person reads them: for each changed field, the lines that differ with a little
 * context, `-` for the previous value and `+` for the new one. Text (instructions) is compared
 * line by line, anything else as indented JSON. Used by `agent diff` and by `migrate`'s dry run.
 */
import { structuredPatch } from 'diff';

export interface FieldDiff {
  field: string;
  previous: unknown;
  current: unknown;
}

function asLines(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return text.endsWith('\n') ? text : `${text}\n`;
}

export function renderFieldDiff({ field, previous, current }: FieldDiff): string {
  const header =
    previous === undefined || previous === null
      ? `+ ${field} (added)`
      : current === undefined || current === null
        ? `- ${field} (cleared)`
        : `~ ${field}`;
  const patch = structuredPatch(field, field, asLines(previous), asLines(current), '', '', { context: 2 });
  // An empty side starts at line 0 in unified diffs (the hunk objects say 1).
  const start = (first: number, count: number) => (count === 0 ? 0 : first);
  const lines = patch.hunks.flatMap((hunk) => [
    `  @@ -${start(hunk.oldStart, hunk.oldLines)},${hunk.oldLines} +${start(hunk.newStart, hunk.newLines)},${hunk.newLines} @@`,
    ...hunk.lines.map((line) => `  ${line}`),
  ]);
  return [header, ...lines].join('\n');
}

export function renderFieldDiffs(diffs: FieldDiff[]): string {
  return diffs.map(renderFieldDiff).join('\n');
}
