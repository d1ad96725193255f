/**
 * PURE: a tool result with the secrets of its own source replaced by `[redacted]`. A server may echo
 * what it was given (an env value, a token from its URL, an integration's credential); the result
 * then goes to the model, the stream, the run record and the log, so the secrets are taken out
 * once, where the result leaves the tool source.
 *
 * Every string is searched, at any depth, object keys included; a secret is also found in its
 * JSON-escaped spelling (text that carries JSON), and text that is JSON whose parsed strings hold a
 * secret (say, written with `\u` escapes) is replaced by the redacted JSON. Secrets shorter than
 * `minimumRedactedLength` are left alone: a 1-3 character value would blank half of every answer.
 * Other encodings (base64, URL-encoding, reversed text) are not looked for, except what the caller
 * lists itself (integrations list a Basic credential's base64 form).
 */
export const redactionMarker = '[redacted]';

/** Shorter secrets are not searched for: they would match ordinary text everywhere. */
export const minimumRedactedLength = 4;

/** Every spelling of each secret to look for, longest first (so a longer secret is not cut by a shorter). */
function spellingsOf(secrets: readonly string[]): string[] {
  const spellings = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < minimumRedactedLength) continue;
    spellings.add(secret);
    spellings.add(JSON.stringify(secret).slice(1, -1));
  }
  return [...spellings].sort((left, right) => right.length - left.length);
}

function replaceAll(text: string, spellings: readonly string[]): string {
  let result = text;
  for (const spelling of spellings)
    if (result.includes(spelling)) result = result.split(spelling).join(redactionMarker);
  return result;
}

const looksLikeJson = /^\s*[[{"]/;

function redactText(text: string, spellings: readonly string[], depth: number): string {
  const replaced = replaceAll(text, spellings);
  // Without a backslash, JSON text spells every string as written: the search above found them all.
  if (depth > 0 || !replaced.includes('\\') || !looksLikeJson.test(replaced)) return replaced;
  let parsed: unknown;
  try {
    parsed = JSON.parse(replaced);
  } catch {
    return replaced;
  }
  const redacted = redactValue(parsed, spellings, depth + 1);
  return redacted === parsed ? replaced : JSON.stringify(redacted);
}

/**
 * `value` unchanged (the same object) when it holds none of the secrets, else a copy with each
 * found secret replaced. `depth` counts JSON texts parsed on the way: only the outer text is parsed.
 */
function redactValue(value: unknown, spellings: readonly string[], depth: number): unknown {
  if (typeof value === 'string') return redactText(value, spellings, depth);
  if (Array.isArray(value)) {
    const items = value.map((item) => redactValue(item, spellings, depth));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (typeof value !== 'object' || value === null) return value;
  let changed = false;
  const entries = Object.entries(value).map(([key, item]) => {
    const newKey = replaceAll(key, spellings);
    const newItem = redactValue(item, spellings, depth);
    if (newKey !== key || newItem !== item) changed = true;
    return [newKey, newItem] as const;
  });
  return changed ? Object.fromEntries(entries) : value;
}

/** `value` with every listed secret replaced by `[redacted]` (the same value when none occurs). */
export function redactSecrets<T>(value: T, secrets: readonly string[]): T {
  const spellings = spellingsOf(secrets);
  if (spellings.length === 0) return value;
  return redactValue(value, spellings, 0) as T;
}

/** The message of an error a tool source threw, redacted the same way (the error itself is kept). */
export function redactErrorMessage(error: unknown, secrets: readonly string[]): unknown {
  if (!(error instanceof Error)) return redactSecrets(error, secrets);
  const message = redactSecrets(error.message, secrets);
  if (message === error.message) return error;
  error.message = message;
  if (error.stack !== undefined) error.stack = redactSecrets(error.stack, secrets);
  return error;
}
