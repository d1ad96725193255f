/**
 * The API reference: an OpenAPI document as operations grouped by tag with readable schema trees
 * (pure), and the search over them that the page runs in the browser.
 */
export * from './reference-model';
export type * from './reference-types';
export * from './schema-tree';
export * from './search';
