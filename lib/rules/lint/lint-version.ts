/**
 * The rule linter over a whole version (docs/resolution.md, "The rule linter"): every rule of the
 * four conditional tool fields and of the prompt blocks, the variant lists, and per-tool `rules`
 * that versions stored before they were refused still carry. Pure, so the API, the CLI and the
 * editor in the browser run this same code.
 */
import type { Rules } from '../types';
import { childPath, type Diagnostic } from './diagnostic';
import { fieldSchemaOf, type FieldSchema } from './field-schema';
import { lintRules } from './lint-rule-group';
import { isVariantList, lintVariantList } from './lint-variants';
import { isRecord } from '../../is-record';

/** The parts of an agent snapshot the linter reads (an `AgentSnapshot` is one). */
export interface LintableSnapshot {
  instructions?: unknown;
  tools?: unknown;
  mcpClients?: unknown;
  integrationTools?: unknown;
  toolProviders?: unknown;
  requestContextSchema?: unknown;
  toolPolicies?: unknown;
}

const lintedFields = ['tools', 'mcpClients', 'integrationTools', 'toolProviders'] as const;

/** Tool entries of a `tools` value that still carry their own `rules` (`path` is where the value lives). */
export function toolRulesPaths({ tools, path }: { tools: unknown; path: string }): string[] {
  if (!isRecord(tools)) return [];
  return Object.entries(tools)
    .filter(([, entry]) => isRecord(entry) && entry.rules !== undefined)
    .map(([id]) => childPath(childPath(path, id), 'rules'));
}

/** Where every per-tool `rules` of a `tools` field lives, plain or in any variant. */
export function toolRulesPathsOf(tools: unknown): string[] {
  if (!isVariantList(tools)) return toolRulesPaths({ tools, path: 'tools' });
  return tools.flatMap((variant, index) =>
    isRecord(variant)
      ? toolRulesPaths({ tools: variant.value, path: childPath(childPath('tools', index), 'value') })
      : [],
  );
}

function ignoredToolRules(tools: unknown): Diagnostic[] {
  return toolRulesPathsOf(tools).map((path) => ({
    severity: 'warning',
    code: 'ignored_tool_rules',
    path,
    message: 'Rules on a tool entry are never evaluated (rules act on variants); move them to a variant of their own',
  }));
}

function lintField(field: string, value: unknown, fieldSchema: FieldSchema): Diagnostic[] {
  if (!isVariantList(value)) return [];
  const diagnostics = value.flatMap((variant, index) =>
    isRecord(variant) && isRecord(variant.rules)
      ? lintRules({ rules: variant.rules as unknown as Rules, path: `${field}[${index}].rules`, fieldSchema })
      : [],
  );
  return [...diagnostics, ...lintVariantList({ variants: value, field })];
}

function lintInstructions(instructions: unknown, fieldSchema: FieldSchema): Diagnostic[] {
  if (!Array.isArray(instructions)) return [];
  return instructions.flatMap((block: unknown, index) =>
    isRecord(block) && isRecord(block.rules)
      ? lintRules({ rules: block.rules as unknown as Rules, path: `instructions[${index}].rules`, fieldSchema })
      : [],
  );
}

/** The tool's input schema by the name the model sees, where it is known; `undefined` otherwise. */
export type ToolInputSchemaLookup = (toolName: string) => unknown;

const unknownInputs: ToolInputSchemaLookup = () => undefined;

/**
 * Approval policies' rules read `context.<path>` (checked against the request-context schema) and
 * `args.<path>` (the call's arguments, checked against the tool's input schema when it is known:
 * a version alone does not hold it, so without one those fields are left unchecked).
 */
export function policyFieldSchema(
  requestContextSchema: unknown,
  inputSchema?: unknown,
  toolName = 'the tool',
): FieldSchema {
  const contextSchema = fieldSchemaOf(requestContextSchema);
  const argsSchema = fieldSchemaOf(inputSchema, 'the arguments');
  const subject = `the input schema of ${toolName}`;
  return (fieldPath) => {
    if (fieldPath.startsWith('context.')) return contextSchema(fieldPath.slice('context.'.length));
    if (!fieldPath.startsWith('args.')) return { kind: 'unchecked' };
    const lookup = argsSchema(fieldPath.slice('args.'.length));
    return lookup.kind === 'unknown' || lookup.kind === 'undeclared' ? { ...lookup, subject } : lookup;
  };
}

function lintToolPolicies({
  toolPolicies,
  requestContextSchema,
  inputSchemaOf,
}: {
  toolPolicies: unknown;
  requestContextSchema: unknown;
  inputSchemaOf: ToolInputSchemaLookup;
}): Diagnostic[] {
  if (!isRecord(toolPolicies)) return [];
  return Object.entries(toolPolicies).flatMap(([name, policy]) =>
    isRecord(policy) && isRecord(policy.requireApproval)
      ? lintRules({
          rules: policy.requireApproval as unknown as Rules,
          path: childPath(childPath('toolPolicies', name), 'requireApproval'),
          fieldSchema: policyFieldSchema(requestContextSchema, inputSchemaOf(name), `"${name}"`),
        })
      : [],
  );
}

/**
 * Every diagnostic of a version, in field order. `requestContextSchema` defaults to the snapshot's
 * own; without one, only what the rules' shapes tell is reported. Never throws on stored data.
 * `inputSchemaOf` is how the caller knows tools (the linter does no IO).
 */
export function lintVersion({
  snapshot,
  requestContextSchema = snapshot.requestContextSchema,
  inputSchemaOf = unknownInputs,
}: {
  snapshot: LintableSnapshot;
  requestContextSchema?: unknown;
  /** The input schemas of the tools approval policies name, where known (their `args.*` are checked). */
  inputSchemaOf?: ToolInputSchemaLookup;
}): Diagnostic[] {
  const fieldSchema = fieldSchemaOf(requestContextSchema);
  return [
    ...lintInstructions(snapshot.instructions, fieldSchema),
    ...lintedFields.flatMap((field) => lintField(field, snapshot[field], fieldSchema)),
    ...ignoredToolRules(snapshot.tools),
    ...lintToolPolicies({ toolPolicies: snapshot.toolPolicies, requestContextSchema, inputSchemaOf }),
  ];
}
