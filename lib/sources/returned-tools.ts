/**
 * What integrations and providers hand back, made safe for the pure merge: only values shaped like
 * tools are kept (a provider bug must not break resolution), and the result gets a fingerprint by
 * object identity. A provider returning the same (cached) tool objects gives the same fingerprint,
 * so the resolution built on them can be reused; new objects always miss.
 */
import type { Tool } from '../tools';

const identities = new WeakMap<object, number>();
let nextIdentity = 1;

function identityOf(value: object): number {
  let identity = identities.get(value);
  if (identity === undefined) {
    identity = nextIdentity++;
    identities.set(value, identity);
  }
  return identity;
}

function isToolLike(value: unknown): value is Tool {
  if (typeof value !== 'object' || value === null) return false;
  const tool = value as Partial<Tool>;
  return (
    typeof tool.id === 'string' &&
    typeof tool.description === 'string' &&
    typeof tool.inputJsonSchema === 'object' &&
    tool.inputJsonSchema !== null
  );
}

export function keepTools(returned: unknown): Record<string, Tool> {
  if (typeof returned !== 'object' || returned === null) return {};
  // fromEntries defines own properties, so a slug like `__proto__` stays an ordinary key.
  return Object.fromEntries(Object.entries(returned).filter((entry): entry is [string, Tool] => isToolLike(entry[1])));
}

export function identityFingerprint(tools: Readonly<Record<string, object>>): string {
  const parts: string[] = [];
  for (const [slug, tool] of Object.entries(tools)) parts.push(`${slug}#${identityOf(tool)}`);
  return parts.join(',');
}
