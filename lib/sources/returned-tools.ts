/**
 * What integrations and providers hand back, made safe for the pure merge: only values shaped like
 * tools are kept (a provider bug must not break resolution), and the result gets a fingerprint by
 * object identity. A provider returning the same (cached) tool objects gives the same fingerprint,
 * so the resolution built on them can be reused; new objects always miss.
 */
import type { Tool } from '../tools';

const identities = new WeakMap<object, number>();
let nextIdentity = 1;

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

/**
 * `undefined` when any tool is new: a resolution built on tools never seen before could only be
 * found again if the source handed the same objects back, so it is not worth remembering until it does
 * (a provider that builds its tools per request would otherwise fill the memo with one-off entries).
 */
export function identityFingerprint(tools: Readonly<Record<string, object>>): string | undefined {
  const parts: string[] = [];
  let fresh = false;
  for (const [slug, tool] of Object.entries(tools)) {
    let identity = identities.get(tool);
    if (identity === undefined) {
      identity = nextIdentity++;
      identities.set(tool, identity);
      fresh = true;
    }
    if (!fresh) parts.push(`${slug}#${identity}`);
  }
  return fresh ? undefined : parts.join(',');
}
