const timeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** A stored ISO time as people read it (UTC, so server and browser render the same text). */
export function formatTime(iso: string): string {
  return `${timeFormat.format(new Date(iso))} UTC`;
}
