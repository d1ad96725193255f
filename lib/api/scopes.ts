/**
 * The scopes of API keys, in order: each includes the one before it (docs: the spec's "Sign-in,
 * roles and API keys"). The roles `editor` and `admin` grant the scope of the same name. Kept apart
 * from the operation table, with no imports, so that whatever checks credentials can use the order
 * without depending on the routes.
 */
export const scopes = ['runtime', 'editor', 'admin'] as const;

export type Scope = (typeof scopes)[number];

/** What an operation needs: `public` ones need no credentials at all. */
export type RequiredScope = 'public' | Scope;

/** Whether credentials granted `granted` may call an operation that needs `required`. */
export function scopeIncludes(granted: Scope, required: RequiredScope): boolean {
  if (required === 'public') return true;
  return scopes.indexOf(granted) >= scopes.indexOf(required);
}

/** The higher of two requirements (`public` is the lowest). */
export function higherScope(first: RequiredScope, second: RequiredScope): RequiredScope {
  const rank = (scope: RequiredScope) => (scope === 'public' ? -1 : scopes.indexOf(scope));
  return rank(second) > rank(first) ? second : first;
}
