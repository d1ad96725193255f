import { describe, expect, it } from 'vitest';
import { row } from '../../../bench/harness';

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
