import { describe, expect, it } from 'vitest';
import { pairedRow, percentile, row } from '../../../bench/harness';

const measured = (median: number) => ({ median, min: median, max: median });

describe('bench verdicts', () => {
  it.each([
    ['<= 20x', 10, 1, 'met'],
    ['<= 20x', 25, 1, 'missed'],
    ['<= 1.10', 1.2, 1, 'missed'],
    ['>= 0.4', 30, 100, 'missed'],
    ['>= 0.4', 50, 100, 'met'],
    ['flat', 110, 100, 'met'],
    ['flat', 130, 100, 'missed'],
    ['<= 200 MB', 180, 150, 'met'],
    ['<= 200 MB', 240, 150, 'missed'],
    ['<= 100 KB', 90, 40, 'met'],
    ['<= 100 KB', 120, 40, 'missed'],
    ['guide <= 2000 ms', 2500, null, 'guide missed'],
    ['< 1000 ms', 999, 120, 'met'],
    ['< 1000 ms', 1000, 120, 'missed'],
  ] as const)('%s with median %d and baseline %s is %s', (target, median, baseline, verdict) => {
    expect(row('figure', 'unit', measured(median), baseline, target).verdict).toBe(verdict);
  });

  it('takes an explicit verdict for targets it cannot read', () => {
    expect(row('load', 'req/s', measured(990), 1000, '1.0x, 0 failed', false).verdict).toBe('missed');
    expect(() => row('load', 'req/s', measured(990), 1000, 'about right')).toThrow(/cannot judge/);
  });

  it('rows without a target have no verdict', () => {
    expect(row('information', 'µs', measured(5), 1).verdict).toBeUndefined();
  });
});

describe('paired rows', () => {
  // Each round's figure costs 1.2 times its baseline. The machine slows to half its speed during
  // the fourth round, between its two halves, and stays slow.
  const speeds = [1, 1, 1, 'change', 2, 2, 2] as const;
  const rounds = speeds.map((speed) => ({
    measured: 120 * (speed === 'change' ? 1 : speed),
    baseline: 100 * (speed === 'change' ? 2 : speed),
  }));

  it('compares each figure with the baseline measured right after it', () => {
    const paired = pairedRow({ name: 'figure', unit: 'µs', rounds, target: '<= 1.3x' });
    expect(paired.ratio).toBeCloseTo(1.2, 5);
    expect(paired.verdict).toBe('met');
    // The medians of each side taken apart compare a fast figure with a slow baseline.
    expect(paired.median / paired.baseline!).toBeCloseTo(0.6, 5);
  });

  it('misses the target when the rounds miss it', () => {
    const slower = rounds.map((round) => ({ ...round, measured: round.measured * 1.5 }));
    expect(pairedRow({ name: 'figure', unit: 'µs', rounds: slower, target: '<= 1.3x' }).verdict).toBe('missed');
  });
});

describe('percentiles', () => {
  const hundred = Array.from({ length: 100 }, (_, index) => 100 - index);

  it('takes the nearest-rank sample whatever the order of the samples', () => {
    expect(percentile(hundred, 0.99)).toBe(99);
    expect(percentile(hundred, 0.5)).toBe(50);
    expect(percentile(hundred, 1)).toBe(100);
    expect(percentile(hundred, 0.001)).toBe(1);
  });

  it('lands on the slowest sample when fewer than 100 samples make up the p99', () => {
    expect(percentile([3, 1, 2], 0.99)).toBe(3);
    expect(percentile([7], 0.99)).toBe(7);
  });

  it('leaves its samples in their order', () => {
    const samples = [3, 1, 2];
    percentile(samples, 0.5);
    expect(samples).toEqual([3, 1, 2]);
  });

  it('refuses no samples and fractions outside (0, 1]', () => {
    expect(() => percentile([], 0.99)).toThrow(/No samples/);
    expect(() => percentile([1], 0)).toThrow(/fraction/);
    expect(() => percentile([1], 99)).toThrow(/fraction/);
  });
});
