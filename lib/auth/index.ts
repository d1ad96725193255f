export * from './api-keys';
export * from './credentials';
export * from './roles';
export * from './sign-in';
export * from './access';
export * from './password-rules';
export * from './user-directory';
export * from './stdio-rule';
