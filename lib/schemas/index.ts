/**
 * Input schemas shared by the API routes, the editor service and the web editor's forms. Safe to
 * bundle for the browser: nothing here (or below it) does IO or imports Node built-ins, so the
 * editor's client components validate with exactly the schemas the server parses with.
 */
export * from './agent-bodies';
export * from './integration-bodies';
export * from './mcp-client-snapshot';
export * from './stdio-launch-spec-body';
export * from '../auth/account-bodies';
export * from './run-list-query';
export * from './test-case-bodies';
export * from './model-messages';
export * from './model-provider-bodies';
export * from './publish-gate-bodies';
