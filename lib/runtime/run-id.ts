/**
 * Run ids: UUIDs of version 7 (RFC 9562), whose first 48 bits are the creation time in
 * milliseconds. They read like any other UUID, stay unique (74 random bits beside the time), and
 * sort by creation, so the runs table's primary key grows at its end instead of at a random page:
 * a grouped write of many finished runs then touches a few index pages rather than one per run.
 */
import { randomFillSync } from 'node:crypto';

/** Random bytes fetched in one call for many ids (one system call per id was most of its cost). */
const pool = Buffer.alloc(16 * 64);
let poolOffset = pool.length;

const hex = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

export function createRunId(now: number = Date.now()): string {
  if (poolOffset + 10 > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const random = pool.subarray(poolOffset, poolOffset + 10);
  poolOffset += 10;
  // 48 bits of time, split so each part fits a safe integer operation.
  const high = Math.floor(now / 2 ** 16);
  const low = now % 2 ** 16;
  const time =
    hex[(high >>> 24) & 0xff]! +
    hex[(high >>> 16) & 0xff]! +
    hex[(high >>> 8) & 0xff]! +
    hex[high & 0xff]! +
    '-' +
    hex[(low >>> 8) & 0xff]! +
    hex[low & 0xff]!;
  // Version 7 in the high nibble of byte 6; the RFC 4122 variant (10xx) in byte 8.
  return (
    time +
    '-' +
    hex[0x70 | (random[0]! & 0x0f)]! +
    hex[random[1]!]! +
    '-' +
    hex[0x80 | (random[2]! & 0x3f)]! +
    hex[random[3]!]! +
    '-' +
    hex[random[4]!]! +
    hex[random[5]!]! +
    hex[random[6]!]! +
    hex[random[7]!]! +
    hex[random[8]!]! +
    hex[random[9]!]!
  );
}
