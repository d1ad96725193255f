/** The rule linter (docs/resolution.md, "The rule linter"): pure, shared by the API, the CLI and the editor. */
export * from './diagnostic';
export { fieldSchemaOf, declaredTypes, type FieldLookup, type FieldSchema, type SchemaNode } from './field-schema';
export { lintCondition } from './condition-checks';
export { alwaysMatches } from './group-checks';
export { lintRuleGroup, lintRules } from './lint-rule-group';
export { isVariantList, lintVariantList, type StoredVariant } from './lint-variants';
export {
  lintVersion,
  policyFieldSchema,
  toolRulesPaths,
  toolRulesPathsOf,
  type LintableSnapshot,
  type ToolInputSchemaLookup,
} from './lint-version';
export { toolRulesAsVariants, type ToolVariant } from './tool-rules-variants';
export {
  catalogueInputSchemas,
  picksTool,
  providerOffers,
  selectedEntries,
  type SelectedSources,
  type ToolCatalogue,
  type ToolOffer,
} from './catalogue-input-schemas';
