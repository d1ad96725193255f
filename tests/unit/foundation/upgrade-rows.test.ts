/** The start-up upgrade step: one read when there is nothing to do, else every row in one transaction. */
import { describe, expect, it } from 'vitest';
import { upgradeRows } from '@/lib/upgrade-rows';

function recordingStorage(events: string[]) {
  return {
    async transaction<Result>(work: () => Promise<Result>): Promise<Result> {
      events.push('begin');
      const result = await work();
      events.push('commit');
      return result;
    },
  };
}

describe('upgradeRows', () => {
  it('reads once and opens no transaction when no row needs upgrading', async () => {
    const events: string[] = [];
    const result = await upgradeRows({
      storage: recordingStorage(events),
      rowsToUpgrade: async () => {
        events.push('read');
        return [];
      },
      upgrade: async (row) => {
        events.push(`upgrade ${String(row)}`);
      },
    });
    expect(result).toEqual({ upgraded: 0 });
    expect(events).toEqual(['read']);
  });

  it('reads the rows again inside the transaction and upgrades each of them there', async () => {
    const events: string[] = [];
    let reads = 0;
    const result = await upgradeRows({
      storage: recordingStorage(events),
      rowsToUpgrade: async () => {
        reads += 1;
        events.push('read');
        // Another process may have upgraded one row between the first look and the transaction.
        return reads === 1 ? ['a', 'b', 'c'] : ['a', 'c'];
      },
      upgrade: async (row) => {
        events.push(`upgrade ${row}`);
      },
    });
    expect(result).toEqual({ upgraded: 2 });
    expect(events).toEqual(['read', 'begin', 'read', 'upgrade a', 'upgrade c', 'commit']);
  });
});
