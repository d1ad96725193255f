/**
 * Names the model sees match `[a-zA-Z0-9_-]{1,64}`, the strictest rule among
 * the model providers. Other characters become `_`; a longer name keeps 55 characters, then `_` and
 * 8 hex characters of the original name's sha256, so two long names that share a prefix stay apart.
 */
import { createHash } from 'node:crypto';

export const maxToolNameLength = 64;
const keptPrefixLength = 55;
const validToolName = /^[a-zA-Z0-9_-]{1,64}$/;

export function isValidToolName(name: string): boolean {
  return validToolName.test(name);
}

export function toModelToolName(name: string): string {
  if (validToolName.test(name)) return name;
  const replaced = name.replace(/[^a-zA-Z0-9_-]/gu, '_') || '_';
  if (replaced.length <= maxToolNameLength) return replaced;
  const digest = createHash('sha256').update(name, 'utf8').digest('hex').slice(0, 8);
  return `${replaced.slice(0, keptPrefixLength)}_${digest}`;
}
