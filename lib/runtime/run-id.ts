/**
 * Run ids: UUIDs of version 7 (RFC 9562), whose first 48 bits are the creation time in
 * milliseconds. They read like any other UUID, stay unique (74 random bits beside the time), and
 * sort by creation, so the runs table's primary key grows at its end instead of at a random page:
 * a grouped write of many finished runs then touches a few index pages rather than one per run.
 */
import { randomFillSync } from 'node:crypto';

/**
 * What follows the time in an id, `7xxx-Vxxx-xxxxxxxxxxxx` (the version, the variant and 74
 * random bits), is made for many ids at once: written as ASCII into one buffer and read as one
 * string, of which each id takes its slice. Per id that leaves a slice and a join.
 */
const idsPerBatch = 64;
const randomBytesPerId = 10;
const tailLength = 22;
const pool = Buffer.alloc(randomBytesPerId * idsPerBatch);
const tails = Buffer.alloc(tailLength * idsPerBatch);
const hexDigits = Buffer.from('0123456789abcdef', 'latin1');
let batch = '';
let nextTail = idsPerBatch;

function writeHex(at: number, byte: number) {
  tails[at] = hexDigits[byte >>> 4]!;
  tails[at + 1] = hexDigits[byte & 0x0f]!;
}

function refill() {
  randomFillSync(pool);
  for (let id = 0; id < idsPerBatch; id++) {
    const random = id * randomBytesPerId;
    const at = id * tailLength;
    // Version 7, then 12 random bits; the RFC 4122 variant (10xx), then 14 random bits; 48 more.
    tails[at] = 0x37;
    tails[at + 1] = hexDigits[pool[random]! & 0x0f]!;
    writeHex(at + 2, pool[random + 1]!);
    tails[at + 4] = 0x2d;
    writeHex(at + 5, 0x80 | (pool[random + 2]! & 0x3f));
    writeHex(at + 7, pool[random + 3]!);
    tails[at + 9] = 0x2d;
    for (let index = 0; index < 6; index++) writeHex(at + 10 + index * 2, pool[random + 4 + index]!);
  }
  batch = tails.toString('latin1');
  nextTail = 0;
}

/** The time part, `tttttttt-tttt-`, kept for the millisecond it was made for. */
let prefixMillisecond = -1;
let prefix = '';

export function createRunId(now: number = Date.now()): string {
  if (nextTail === idsPerBatch) refill();
  if (now !== prefixMillisecond) {
    prefixMillisecond = now;
    const time = now.toString(16).padStart(12, '0');
    prefix = `${time.slice(0, 8)}-${time.slice(8)}-`;
  }
  const start = nextTail++ * tailLength;
  return prefix + batch.slice(start, start + tailLength);
}
