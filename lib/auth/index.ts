export * from './api-keys';
export * from './credentials';
export * from './roles';
// Types only: the sign-in library is loaded when sign-in is required (createAccess), or by the CLI.
export type { LibraryCalls, OidcButton, SignIn, SignedInSession, SignedInUser, UserServiceParts } from './sign-in';
export * from './access';
export * from './password-rules';
export * from './sign-in-refusals';
export * from './user-directory';
export * from './stdio-rule';
export * from './internal-server-rule';
export * from './server-write-rule';
export * from './first-admin';
export * from './invitations';
export { linkUrl } from './one-time-links';
export type { ApiKeyAuditAction, UserAuditAction } from './account-audit';
