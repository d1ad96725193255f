export * from './key';
