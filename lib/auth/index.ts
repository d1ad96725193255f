export * from './api-keys';
