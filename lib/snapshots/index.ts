/**
 * The stored agent snapshot: its types, the one zod schema every snapshot passes, the published
 * JSON Schema and the format upgrades. Pure: the editor's browser code imports it too.
 */
export * from './snapshot';
export * from './snapshot-json-schema';
export * from './snapshot-upgrades';
export * from './callable-references';
export * from './field-labels';
