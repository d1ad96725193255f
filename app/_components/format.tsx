const timeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** A stored ISO time as people read it (UTC, so server and browser render the same text). */
export function formatTime(iso: string): string {
  return `${timeFormat.format(new Date(iso))} UTC`;
}

/**
 * A stored time, shown as `formatTime` does. Marked as varying from run to run, so the browser
 * tests can show a fixed text in the screenshots they keep.
 */
export function Time({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} data-volatile="time">
      {formatTime(iso)}
    </time>
  );
}
