/**
 * What a caller may do. API keys carry a scope and users a role; scopes are ordered, each including
 * the one before it: `runtime` < `editor` < `admin`. The role `viewer` is `runtime` without runs and
 * tool execution (a viewer looks and previews, and spends no model or tool calls).
 */
export const scopes = ['runtime', 'editor', 'admin'] as const;
export type Scope = (typeof scopes)[number];

export const roles = ['viewer', 'editor', 'admin'] as const;
export type Role = (typeof roles)[number];

export const isRole = (value: unknown): value is Role => roles.includes(value as Role);
export const isScope = (value: unknown): value is Scope => scopes.includes(value as Scope);

/** Whether a granted scope includes a required one. */
export function scopeIncludes(granted: Scope, required: Scope): boolean {
  return scopes.indexOf(granted) >= scopes.indexOf(required);
}

/** The scope a role acts with (a viewer reads like a runtime key, without spending calls). */
export function roleScope(role: Role): Scope {
  return role === 'viewer' ? 'runtime' : role;
}
