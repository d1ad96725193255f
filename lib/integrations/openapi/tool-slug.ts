/**
 * Names for operations: the name the model sees must match `[a-zA-Z0-9_-]{1,64}` (what
 * every model provider accepts), and property keys `[a-zA-Z0-9_.-]{1,64}` (what the strictest providers accept).
 * A longer name is cut to 55 characters + `_` + 8 hex characters of its hash, so it stays unique.
 */
import { createHash } from 'node:crypto';

export const slugPattern = /^[a-zA-Z0-9_-]{1,64}$/;

const hash8 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8);

function fitLength(name: string, original: string, limit = 64): string {
  return name.length <= limit ? name : `${name.slice(0, 55)}_${hash8(original)}`;
}

/** `getUser` stays; `users.get` -> `users_get`; `get /users/{id}` -> `get_users_id`. */
export function sanitizeSlug(text: string): string {
  const cleaned = text
    .replace(/[^a-zA-Z0-9_-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
  return fitLength(cleaned || 'operation', text);
}

/** The slug of an operation: its operationId, or `method_path`; made unique among `taken`. */
export function operationSlug({
  operationId,
  method,
  path,
  taken,
}: {
  operationId?: string;
  method: string;
  path: string;
  taken: ReadonlySet<string>;
}): string {
  const slug = sanitizeSlug(operationId || `${method}_${path}`);
  if (!taken.has(slug)) return slug;
  return `${slug.slice(0, 55)}_${hash8(`${method.toUpperCase()} ${path}`)}`;
}

/** A property key for a parameter name (`filter[name]` -> `filter_name`). */
export function sanitizePropertyKey(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '') || 'parameter';
  return fitLength(cleaned, name);
}
