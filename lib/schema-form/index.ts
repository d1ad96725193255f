/**
 * Forms and tables generated from JSON Schema (pure): the tool runner's input form, the property
 * tables of the Tools pages, and any other form built from a schema.
 */
export * from './form-node';
export * from './form-value';
export * from './property-rows';
