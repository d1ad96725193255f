/**
 * A whole number given as text in a path or a query string (`/versions/12`, `?limit=50`). Only
 * plain decimal digits are read as a number: `z.coerce.number()` would also take `0x10`, `1e3`,
 * ` 4`, `4.0` and `''` (as 0), which no one means as a version number or a page size, and would
 * act on the number it made of them.
 */
import { z } from 'zod';

const decimalDigits = /^(?:0|[1-9]\d{0,14})$/;

export function wholeNumberText({
  min,
  max,
  message = max === undefined ? `A whole number from ${min}` : `A whole number from ${min} to ${max}`,
}: {
  min: number;
  max?: number;
  message?: string;
}) {
  const number = z.number({ error: message }).int(message).min(min, message);
  // `(text: number)` declares what a typed client sends (`lib/client` types its inputs from the
  // route schemas); the value that arrives is text, and any text but digits stays text, which
  // the number refuses.
  return z.preprocess(
    (text: number) => (typeof text === 'string' && decimalDigits.test(text) ? Number(text) : text),
    max === undefined ? number : number.max(max, message),
  );
}
