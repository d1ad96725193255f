/**
 * Demo tool: the time in an IANA time zone, computed with Intl (no network). The clock is passed in
 * (`createWorldTimeTool({ now })`) so tests control it; `worldTimeTool` uses the system clock.
 */
import { z } from 'zod';
import { createTool } from '../tools';

export const worldTimeInputSchema = z.object({
  timeZone: z.string().min(1).describe('An IANA time zone name, e.g. "Europe/Berlin", "America/New_York" or "UTC"'),
  at: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('An instant in ISO 8601 (e.g. "2024-06-01T12:00:00Z") to convert instead of the current time'),
});

export const worldTimeOutputSchema = z.object({
  timeZone: z.string().describe('The canonical name of the zone'),
  instant: z.string().describe('The instant in UTC, ISO 8601'),
  localDate: z.string().describe('YYYY-MM-DD in the zone'),
  localTime: z.string().describe('HH:mm:ss (24-hour) in the zone'),
  weekday: z.string(),
  utcOffset: z.string().describe('e.g. "+02:00"'),
  formatted: z.string().describe('A readable English rendering'),
});

export type WorldTimeOutput = z.infer<typeof worldTimeOutputSchema>;

function formatterFor(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone, ...options });
  } catch (error) {
    if (error instanceof RangeError) {
      throw new Error(
        `Unknown time zone "${timeZone}". Use an IANA time zone name such as "Europe/Berlin", "America/New_York", "Asia/Tokyo" or "UTC".`,
        { cause: error },
      );
    }
    throw error;
  }
}

function partsOf(formatter: Intl.DateTimeFormat, instant: Date): Record<string, string> {
  return Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, part.value]));
}

/** "GMT+5:30" / "GMT-03:00" / "GMT" -> "+05:30" / "-03:00" / "+00:00". */
function utcOffsetOf(timeZoneName: string): string {
  const match = /^GMT([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(timeZoneName);
  if (!match) return '+00:00';
  return `${match[1]}${match[2]!.padStart(2, '0')}:${match[3] ?? '00'}`;
}

/** ICU may answer a legacy alias (Asia/Kolkata -> Asia/Calcutta); keep the caller's zone then, only fixing its case. */
function canonicalName(requested: string, resolved: string): string {
  return requested.toLowerCase() === resolved.toLowerCase() ? resolved : requested;
}

export function createWorldTimeTool({ now = () => new Date() }: { now?: () => Date } = {}) {
  return createTool({
    id: 'world-time',
    description:
      'Get the current date and time in a time zone (or convert a given instant to it). ' +
      'Use it for questions like "what time is it in Tokyo?".',
    inputSchema: worldTimeInputSchema,
    outputSchema: worldTimeOutputSchema,
    mcp: { annotations: { title: 'World time', readOnlyHint: true, openWorldHint: false } },
    execute: ({ timeZone, at }): WorldTimeOutput => {
      const instant = at === undefined ? now() : new Date(at);
      const numeric = formatterFor(timeZone, {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
        weekday: 'long',
        timeZoneName: 'longOffset',
      });
      const parts = partsOf(numeric, instant);
      const readable = formatterFor(timeZone, { dateStyle: 'full', timeStyle: 'long' }).format(instant);
      return {
        timeZone: canonicalName(timeZone, numeric.resolvedOptions().timeZone),
        instant: instant.toISOString(),
        localDate: `${parts.year}-${parts.month}-${parts.day}`,
        localTime: `${parts.hour}:${parts.minute}:${parts.second}`,
        weekday: parts.weekday!,
        utcOffset: utcOffsetOf(parts.timeZoneName ?? 'GMT'),
        formatted: readable,
      };
    },
  });
}

export const worldTimeTool = createWorldTimeTool();
