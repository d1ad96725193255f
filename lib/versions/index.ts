/** Pure versioning core: canonical JSON, change detection, diffs, label names, selectors. No IO. */
export * from '../canonical-json';
export * from './config-hash';
export * from './change-detection';
export * from './code-agent-fields';
export * from './diff';
export * from './labels';
export * from './selector';
export * from './change-summary';
