export * from './key';
export * from './crypto';
export * from './passphrase';
export * from './url-credentials';
export * from './redact';
