/** Names listed as a sentence lists them: "plan", "plan and region", "plan, region or seats". */
export function listInWords(items: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}
