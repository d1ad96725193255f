/**
 * How deeply a JSON text nests, found by one pass over its characters before anything parses it:
 * a body of a few thousand `[` would otherwise reach the schemas (which recurse) and could exhaust
 * the stack. Brackets inside strings do not count.
 */
export const maxJsonDepth = 64;

/**
 * The limit of the routes that take an export back (an agent's, a saved client's, a whole
 * deployment's). An export holds what a save took a level or more further in (a metadata value
 * sits at `metadata` in a save's body, at `backup.agents[i].agent.metadata` in a backup, a snapshot
 * field at `backup.agents[i].versions[j].snapshot`), so what the studio exported would otherwise be
 * refused when it comes back.
 */
export const importJsonDepth = maxJsonDepth + 8;

const quote = 0x22;
const backslash = 0x5c;
const openBrace = 0x7b;
const openBracket = 0x5b;
const closeBrace = 0x7d;
const closeBracket = 0x5d;

/** Whether `text` nests objects and arrays deeper than `limit` levels. */
export function exceedsJsonDepth(text: string, limit = maxJsonDepth): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === backslash) index += 1;
      else if (code === quote) inString = false;
    } else if (code === quote) inString = true;
    else if (code === openBrace || code === openBracket) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === closeBrace || code === closeBracket) depth -= 1;
  }
  return false;
}
