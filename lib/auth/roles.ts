/**
 * What a caller may do. API keys carry a scope and users a role; scopes are ordered, each including
 * the one before it: `runtime` < `editor` < `admin`. The role `viewer` is `runtime` without runs and
 * tool execution (a viewer looks and previews, and spends no model or tool calls).
 */
export const scopes = ['runtime', 'editor', 'admin'] as const;
export type Scope = (typeof scopes)[number];

/** What an API operation needs (lib/api/operation-scopes.ts): `public` ones need no credentials at all. */
export type RequiredScope = 'public' | Scope;

export const roles = ['viewer', 'editor', 'admin'] as const;
export type Role = (typeof roles)[number];

export const isRole = (value: unknown): value is Role => roles.includes(value as Role);
export const isScope = (value: unknown): value is Scope => scopes.includes(value as Scope);

/** Whether a user is an admin who can sign in (`banned` is how a user is disabled). */
export const isEnabledAdmin = (user: { role: string; banned: boolean | null }): boolean =>
  user.role === 'admin' && user.banned !== true;

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

/** The scope a role acts with (a viewer reads like a runtime key, without spending calls). */
export function roleScope(role: Role): Scope {
  return role === 'viewer' ? 'runtime' : role;
}

/**
 * What a signed-in person's session needs for an operation that needs `required`: the same, except
 * that one which spends model or tool calls (`spends`) takes at least the editor role, since a
 * viewer is `runtime` without spending. An API key needs `required` alone.
 */
export function sessionScope(required: RequiredScope, spends: boolean): RequiredScope {
  return spends ? higherScope(required, 'editor') : required;
}

/** The lowest role whose session has `scope`. */
export function roleFor(scope: Scope): Role {
  return scope === 'runtime' ? 'viewer' : scope;
}
