export * from './agent-versions';
export * from './agents';
export * from './audit';
export * from './health';
export * from './integration-configs';
export * from './mcp-clients';
export * from './transaction';
export * from './version-labels';
