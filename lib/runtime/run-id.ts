/**
 * Run ids: UUIDs of version 7 (RFC 9562), whose first 48 bits are the creation time in
 * milliseconds. They read like any other UUID, stay unique (74 random bits beside the time), and
 * sort by creation, so the runs table's primary key grows at its end instead of at a random page:
 * a grouped write of many finished runs then touches a few index pages rather than one per run.
 */
import { randomFillSync } from 'node:crypto';

/** Random bytes fetched in one call for many ids (one system call per id was most of its cost). */
const pool = Buffer.alloc(10 * 64);
let poolOffset = pool.length;

/** The id's text is written as ASCII into one buffer and read once: one flat string, no joins. */
const text = Buffer.alloc(36);
const hexDigits = Buffer.from('0123456789abcdef', 'latin1');
/** Where each of the 16 bytes goes in the text (two digits each, dashes between the groups). */
const byteOffsets = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
for (const dash of [8, 13, 18, 23]) text[dash] = 0x2d;

function writeByte(index: number, byte: number) {
  const offset = byteOffsets[index]!;
  text[offset] = hexDigits[byte >>> 4]!;
  text[offset + 1] = hexDigits[byte & 0x0f]!;
}

export function createRunId(now: number = Date.now()): string {
  if (poolOffset + 10 > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  // 48 bits of time, big-endian; split so each part fits a safe integer operation.
  const high = Math.floor(now / 2 ** 16);
  const low = now % 2 ** 16;
  writeByte(0, (high >>> 24) & 0xff);
  writeByte(1, (high >>> 16) & 0xff);
  writeByte(2, (high >>> 8) & 0xff);
  writeByte(3, high & 0xff);
  writeByte(4, (low >>> 8) & 0xff);
  writeByte(5, low & 0xff);
  // Version 7 in the high nibble of byte 6; the RFC 4122 variant (10xx) in byte 8.
  writeByte(6, 0x70 | (pool[poolOffset]! & 0x0f));
  writeByte(7, pool[poolOffset + 1]!);
  writeByte(8, 0x80 | (pool[poolOffset + 2]! & 0x3f));
  for (let index = 9; index < 16; index++) writeByte(index, pool[poolOffset + index - 6]!);
  poolOffset += 10;
  return text.toString('latin1');
}
