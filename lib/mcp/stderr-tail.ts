/**
 * The last few kilobytes a stdio child wrote to stderr, kept while a connection test runs so a
 * server that fails to start can say why. What is shown has the server's own secrets (its env
 * values) replaced by `[redacted]`: a failing program often prints its configuration.
 */
import { minimumRedactedLength, redactSecrets } from '../secrets';

export const maxStderrTailLength = 4_096;
/** Kept before redaction: room for the tail plus secrets that the redaction shortens. */
const windowLength = 16_384;

export interface StderrTail {
  write(text: string): void;
  /** The redacted tail, or undefined when the child wrote nothing. */
  read(): string | undefined;
}

export function createStderrTail({ secrets }: { secrets: readonly string[] }): StderrTail {
  // The window keeps room for the longest secret, so one cut by the window's start is dropped whole.
  const longest = Math.max(
    0,
    ...secrets.filter((secret) => secret.length >= minimumRedactedLength).map((secret) => secret.length),
  );
  let window = '';
  let truncated = false;
  return {
    write(text) {
      window += text;
      if (window.length > windowLength + longest) {
        window = window.slice(window.length - windowLength - longest);
        truncated = true;
      }
    },
    read() {
      if (window === '') return undefined;
      let redacted = redactSecrets(window, secrets);
      // The window may start inside a secret: that fragment matched nothing, so it goes.
      if (truncated) redacted = redacted.slice(longest);
      return redacted.length > maxStderrTailLength || truncated ? `…${redacted.slice(-maxStderrTailLength)}` : redacted;
    },
  };
}
