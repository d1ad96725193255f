/**
 * Rules: the stored rule language (rule groups and raw JSON Logic), its validation, compilation
 * to JSON Logic and evaluation, and the rule builder's editable state (drafts, typed values, the
 * fields and operators it offers). Pure; the only importer of json-logic-js.
 */
export * from './compile';
export * from './context-field-rows';
export * from './context-fields';
export * from './context-gaps';
export * from './evaluate';
export * from './json-logic-limits';
export * from './json-value';
export * from './operators';
export * from './policy-rules';
export * from './rule-budget';
export * from './rule-text';
export * from './rules-draft';
export * from './schema';
export { selectSchema } from './select-schema';
export * from './types';
export * from './size-caps';
export * from './value-draft';
export * from './lint';
