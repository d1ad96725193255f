import { describe, expect, it } from 'vitest';
import { createWorldTimeTool, worldTimeTool } from '@/lib/demo-tools';
import { outputOf, validationErrorOf } from '@/tests/support/tool-execution';

const summerNoon = new Date('2024-06-01T12:00:00Z');
const tool = createWorldTimeTool({ now: () => summerNoon });

describe('world-time', () => {
  it.each([
    ['Europe/Berlin', '2024-06-01', '14:00:00', '+02:00', 'Saturday'],
    ['Asia/Kolkata', '2024-06-01', '17:30:00', '+05:30', 'Saturday'],
    ['America/St_Johns', '2024-06-01', '09:30:00', '-02:30', 'Saturday'],
    ['Pacific/Kiritimati', '2024-06-02', '02:00:00', '+14:00', 'Sunday'],
    ['UTC', '2024-06-01', '12:00:00', '+00:00', 'Saturday'],
  ])('tells the time in %s', async (timeZone, localDate, localTime, utcOffset, weekday) => {
    expect(outputOf(await tool.execute!({ timeZone }))).toMatchObject({
      timeZone,
      instant: '2024-06-01T12:00:00.000Z',
      localDate,
      localTime,
      utcOffset,
      weekday,
    });
  });

  it('converts a given instant instead of now, following daylight saving time', async () => {
    expect(outputOf(await tool.execute!({ timeZone: 'Europe/Berlin', at: '2024-01-15T08:00:00+05:00' }))).toMatchObject(
      {
        instant: '2024-01-15T03:00:00.000Z',
        localTime: '04:00:00',
        utcOffset: '+01:00',
      },
    );
  });

  it('fixes the case of a zone name', async () => {
    expect(outputOf(await tool.execute!({ timeZone: 'asia/tokyo' }))).toMatchObject({
      timeZone: 'Asia/Tokyo',
      localTime: '21:00:00',
    });
  });

  it('includes a readable rendering', async () => {
    expect(outputOf(await tool.execute!({ timeZone: 'Europe/Berlin' }))).toMatchObject({
      formatted: expect.stringMatching(/Saturday.*1 June 2024.*14:00:00/),
    });
  });

  it('throws a clear error for an unknown zone', async () => {
    await expect(tool.execute!({ timeZone: 'Mars/Olympus_Mons' })).rejects.toThrow(
      'Unknown time zone "Mars/Olympus_Mons". Use an IANA time zone name such as "Europe/Berlin", "America/New_York", "Asia/Tokyo" or "UTC".',
    );
  });

  it.each([
    ['a missing zone', {}, 'timeZone'],
    ['an instant that is not ISO 8601', { timeZone: 'UTC', at: 'yesterday' }, 'at'],
  ])('answers %s with a validation error', async (_case, input, path) => {
    const error = validationErrorOf(await tool.execute!(input));
    expect(error.validationErrors.map((issue) => issue.path)).toEqual([path]);
  });

  it('uses the real clock by default', async () => {
    const before = Date.now();
    const output = outputOf(await worldTimeTool.execute!({ timeZone: 'UTC' }));
    expect(Date.parse(output.instant)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(output.instant)).toBeLessThanOrEqual(Date.now() + 1000);
  });
});
