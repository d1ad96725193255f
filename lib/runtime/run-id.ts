/**
 * Run ids: UUIDs of version 7 (RFC 9562), whose first 48 bits are the creation time in
 * milliseconds. They read like any other UUID, stay unique (74 random bits beside the time), and
 * sort by creation, so the runs table's primary key grows at its end instead of at a random page.
 */
import { randomBytes } from 'node:crypto';

export function createRunId(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  // The version (7) in the high nibble of byte 6; the RFC 4122 variant (10xx) in byte 8.
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
