/**
 * The width of each step's bar in the timeline, in percent of the longest step (at least a sliver
 * for a step that took any time, so it stays visible beside a very long one).
 */
export function barWidths(durations: ReadonlyArray<number>): number[] {
  const longest = Math.max(0, ...durations);
  if (longest === 0) return durations.map(() => 0);
  return durations.map((duration) => (duration <= 0 ? 0 : Math.max(1, Math.round((duration / longest) * 100))));
}
