/**
 * Run ids: UUIDs of version 7 (RFC 9562), whose first 48 bits are the creation time in
 * milliseconds. They read like any other UUID, stay unique (74 random bits beside the time), and
 * sort by creation, so the runs table's primary key grows at its end instead of at a random page.
 */
import { randomUUID } from 'node:crypto';

export function createRunId(now: number = Date.now()): string {
  // A random (version 4) UUID with its first 12 digits replaced by the time and its version digit
  // by 7; the variant and every other random digit stay as they are.
  const random = randomUUID();
  const time = now.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${random.slice(15)}`;
}
