export * from './servers';
export * from './header-recording-server';
export * from './pool-fixture';
export * from './stored-agent-studio';
