/**
 * The bench table: every figure is a median over many runs, next to a baseline measured in the
 * same run, and their ratio — shared machines drift, so the ratio is the target.
 */
export interface BenchRow {
  name: string;
  unit: string;
  median: number;
  min: number;
  max: number;
  baseline: number | null;
  ratio: number | null;
  /** e.g. '<= 20x' or '>= 0.4'; shown next to the ratio. */
  target?: string;
  /** Whether the row meets its target: `missed` rows make the bench exit non-zero; a `guide` only warns. */
  verdict?: 'met' | 'missed' | 'guide missed';
}

export interface Summary {
  median: number;
  min: number;
  max: number;
}

export function summarize(samples: number[]): Summary {
  if (samples.length === 0) throw new Error('No samples to summarise');
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

/**
 * The sample at `fraction` of the sorted samples (0.99 for the p99), by the nearest-rank method:
 * the smallest sample that at least that fraction of all samples do not exceed.
 */
export function percentile(samples: readonly number[], fraction: number): number {
  if (samples.length === 0) throw new Error('No samples to take a percentile of');
  if (!(fraction > 0 && fraction <= 1)) throw new Error(`A percentile's fraction lies in (0, 1], not ${fraction}`);
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.ceil(fraction * sorted.length) - 1]!;
}

/** Times `run` `iterations` times after `warmup` runs; returns microseconds per call. */
export async function sampleMicroseconds(
  run: () => unknown,
  { iterations = 1_000, warmup = 100 }: { iterations?: number; warmup?: number } = {},
): Promise<number[]> {
  for (let index = 0; index < warmup; index++) await run();
  const samples: number[] = [];
  for (let index = 0; index < iterations; index++) {
    const started = process.hrtime.bigint();
    await run();
    samples.push(Number(process.hrtime.bigint() - started) / 1_000);
  }
  return samples;
}

/** How much a 'flat' figure may grow before it counts as growth (sampling noise stays under it). */
const flatTolerance = 1.15;

/**
 * Reads a target text: `<= 20x`, `<= 1.10`, `>= 0.4` and `flat` bound the ratio; `<= 200 MB`,
 * `<= 100 KB` or `< 1000 ms` bounds the median itself; a leading `guide` only warns. Anything else needs an explicit verdict.
 */
function judge(target: string, median: number, ratio: number | null): boolean | undefined {
  if (target === 'flat') return ratio === null ? undefined : ratio <= flatTolerance;
  const bound = /^(?:guide\s+)?(<=|>=|<|>)\s*([\d.]+)\s*(x|KB|MB|ms|µs|req\/s)?$/.exec(target);
  if (!bound) return undefined;
  const [, comparison, limitText, unit] = bound;
  const value = unit && unit !== 'x' ? median : ratio;
  if (value === null) return undefined;
  const limit = Number(limitText);
  if (comparison === '<') return value < limit;
  if (comparison === '>') return value > limit;
  return comparison === '<=' ? value <= limit : value >= limit;
}

export function row(
  name: string,
  unit: string,
  measured: Summary,
  baseline: number | null,
  target?: string,
  meets?: boolean,
): BenchRow {
  const ratio = baseline ? measured.median / baseline : null;
  const met = target === undefined ? undefined : (meets ?? judge(target, measured.median, ratio));
  if (target !== undefined && met === undefined)
    throw new Error(`Bench row "${name}": cannot judge target "${target}"`);
  const verdict = met === undefined ? undefined : met ? 'met' : target?.startsWith('guide') ? 'guide missed' : 'missed';
  return { name, unit, ...measured, baseline, ratio, target, verdict };
}

/**
 * A row for a figure measured against its baseline in rounds, one right after the other. Its ratio
 * is the median of the rounds' own ratios. A virtual machine's speed changes while the bench runs
 * (it was seen to run the same loop at a third of its speed for seconds at a time), and when about
 * half the rounds run slow, the median of each side taken apart lands on either speed depending on
 * which side a change fell in: the same build measured 1.02x and 1.98x in consecutive runs. The
 * two halves of one round mostly run at one speed, so their ratio does not depend on it.
 */
export function pairedRow({
  name,
  unit,
  rounds,
  target,
}: {
  name: string;
  unit: string;
  rounds: ReadonlyArray<{ measured: number; baseline: number }>;
  target: string;
}): BenchRow {
  const measured = summarize(rounds.map((round) => round.measured));
  const baseline = summarize(rounds.map((round) => round.baseline)).median;
  const ratio = summarize(rounds.map((round) => round.measured / round.baseline)).median;
  const met = judge(target, measured.median, ratio);
  if (met === undefined) throw new Error(`Bench row "${name}": cannot judge target "${target}"`);
  const verdict = met ? 'met' : target.startsWith('guide') ? 'guide missed' : 'missed';
  return { name, unit, ...measured, baseline, ratio, target, verdict };
}

const format = (value: number | null) =>
  value === null
    ? '—'
    : Math.abs(value) >= 100
      ? value.toFixed(0)
      : Math.abs(value) >= 1
        ? value.toFixed(2)
        : value.toFixed(3);

export function printTable(rows: BenchRow[], write: (text: string) => void) {
  const header = ['figure', 'unit', 'median', 'min', 'max', 'baseline', 'ratio', 'target', 'verdict'];
  const lines = rows.map((entry) => [
    entry.name,
    entry.unit,
    format(entry.median),
    format(entry.min),
    format(entry.max),
    format(entry.baseline),
    entry.ratio === null ? '—' : `${format(entry.ratio)}x`,
    entry.target ?? '',
    entry.verdict === 'missed' ? 'MISSED' : (entry.verdict ?? ''),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const render = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  write([render(header), render(widths.map((width) => '-'.repeat(width))), ...lines.map(render)].join('\n') + '\n');
}
