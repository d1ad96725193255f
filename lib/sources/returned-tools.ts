/**
 * What integrations and providers hand back, made safe for the pure merge: only values shaped like
 * tools are kept (a provider bug must not break resolution), and the result gets a fingerprint by
 * object identity. A provider returning the same (cached) tool objects gives the same fingerprint,
 * so the resolution built on them can be reused; new objects always miss.
 */
import type { Tool } from '../tools';

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
  const entries = Object.entries(returned);
  // A plain record of tools only (the usual answer) is used as it is: the merge only reads it.
  const prototype = Object.getPrototypeOf(returned) as unknown;
  if ((prototype === Object.prototype || prototype === null) && entries.every((entry) => isToolLike(entry[1])))
    return returned as Record<string, Tool>;
  // fromEntries defines own properties, so a slug like `__proto__` stays an ordinary key.
  return Object.fromEntries(entries.filter((entry): entry is [string, Tool] => isToolLike(entry[1])));
}

export interface ToolIdentities {
  /**
   * `undefined` when any tool is new: a resolution built on tools never seen before could only be
   * found again if the source handed the same objects back, so it is not worth remembering until it
   * does (a provider that builds its tools per request would otherwise fill the memo with one-off
   * entries). Tools are numbered in order and the count stops at the first new one, so a source that
   * builds its tools per request costs one number per answer; one that hands the same objects back
   * is fully numbered after as many answers as it has tools, and found in the memo from then on.
   */
  fingerprint(tools: Readonly<Record<string, object>>): string | undefined;
}

/** The numbers given to returned tool objects, kept by one source loader (so by one studio). */
export function createToolIdentities(): ToolIdentities {
  const identities = new WeakMap<object, number>();
  let nextIdentity = 1;
  return {
    fingerprint(tools) {
      let fingerprint = '';
      for (const slug in tools) {
        if (!Object.hasOwn(tools, slug)) continue;
        const tool = tools[slug]!;
        const identity = identities.get(tool);
        if (identity === undefined) {
          identities.set(tool, nextIdentity++);
          return undefined;
        }
        fingerprint += `${fingerprint === '' ? '' : ','}${slug}#${identity}`;
      }
      return fingerprint;
    },
  };
}
