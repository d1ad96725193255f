/** Plain-text layout of CLI answers: aligned columns and one-line summaries. */

/** Rows as aligned columns (the last column is never padded). */
export function table(rows: string[][], { header }: { header?: string[] } = {}): string {
  const all = header ? [header, ...rows] : rows;
  const widths: number[] = [];
  for (const row of all) row.forEach((cell, index) => (widths[index] = Math.max(widths[index] ?? 0, cell.length)));
  return all
    .map((row) =>
      row
        .map((cell, index) => (index === row.length - 1 ? cell : cell.padEnd(widths[index]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The first line of a text, cut at 100 characters. */
export function firstLine(text: string | null | undefined): string {
  const line = (text ?? '').split('\n')[0] ?? '';
  return line.length > 100 ? line.slice(0, 99) + '…' : line;
}

/** `1, 2, 5-9` for a sorted list of version numbers. */
export function numberRanges(numbers: number[]): string {
  const parts: string[] = [];
  for (let index = 0; index < numbers.length;) {
    let end = index;
    while (end + 1 < numbers.length && numbers[end + 1] === numbers[end]! + 1) end += 1;
    parts.push(end === index ? String(numbers[index]) : `${numbers[index]}-${numbers[end]}`);
    index = end + 1;
  }
  return parts.join(', ');
}
