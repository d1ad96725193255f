export * from './key';
export * from './crypto';
