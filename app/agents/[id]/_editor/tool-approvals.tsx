'use client';
/**
 * Approval per selected tool (the version's `toolPolicies`): Never (no entry), Always (`true`) or
 * When... (a rule group in the rule builder, on `args.*` from the tool's input schema and
 * `context.*` from the request-context schema). A policy for a tool no longer selected is kept and
 * listed, so unselecting a tool for a moment does not lose it.
 */
import { useContext, useMemo } from 'react';
import { contextFieldsOf, policyFieldSchema, type ContextField, type RuleGroup, type Rules } from '@/lib/rules';
import type { ToolPolicies } from '@/lib/snapshots';
import { Note } from '../../../_components/ui/card';
import { SelectField } from '../../../_components/ui/field';
import type { ErrorAt } from '../../../_lib/form-errors';
import { RuleBuilder } from './rule-builder';
import { RequestContextSchemaContext, RuleFieldSchemaContext } from './rule-diagnostics';
import { ToolGroup } from './tool-group';
// "When..." starts with one empty rule row, as a new variant does: a group with none would always ask.
import { startingRules } from './variant-card';

type Choice = 'never' | 'always' | 'when';

const prefixed = (fields: ContextField[], root: string): ContextField[] =>
  fields.map((field) => ({ ...field, path: `${root}.${field.path}` }));

function choiceOf(policies: ToolPolicies | undefined, name: string): Choice {
  const requirement = policies && Object.hasOwn(policies, name) ? policies[name]!.requireApproval : undefined;
  if (requirement === undefined) return 'never';
  return requirement === true ? 'always' : 'when';
}

/**
 * The policies with one tool's entry set in place (or removed for Never); `undefined` when none is
 * left. Built from entries, so a tool named like an object property is an entry like any other.
 */
function withPolicy(policies: ToolPolicies | undefined, name: string, requirement: true | RuleGroup | undefined) {
  const entry = requirement === undefined ? undefined : { requireApproval: requirement };
  const entries = Object.entries(policies ?? {});
  const next = entries.some(([key]) => key === name)
    ? entries.map(([key, value]) => [key, key === name ? entry : value] as const)
    : [...entries, [name, entry] as const];
  const kept = next.filter(([, value]) => value !== undefined);
  return kept.length === 0 ? undefined : (Object.fromEntries(kept) as ToolPolicies);
}

function ToolApproval({
  name,
  policies,
  onChange,
  fields,
  lintedInputSchema,
  errorAt,
}: {
  name: string;
  policies: ToolPolicies | undefined;
  onChange: (next: ToolPolicies | undefined) => void;
  fields: ContextField[];
  /** The tool's input schema as the server lints `args.*` against it (`undefined`: unchecked). */
  lintedInputSchema: unknown;
  errorAt: ErrorAt;
}) {
  // The linter checks this rule's `context.*` and `args.*` fields as the API does at save.
  const requestContextSchema = useContext(RequestContextSchemaContext);
  const fieldSchema = useMemo(
    () => policyFieldSchema(requestContextSchema, lintedInputSchema, `"${name}"`),
    [requestContextSchema, lintedInputSchema, name],
  );
  const choice = choiceOf(policies, name);
  const requirement = choice === 'when' ? (policies![name]!.requireApproval as RuleGroup) : undefined;
  const choose = (next: Choice) =>
    onChange(
      withPolicy(
        policies,
        name,
        next === 'never' ? undefined : next === 'always' ? true : (requirement ?? (startingRules() as RuleGroup)),
      ),
    );
  return (
    <div role="group" aria-label={name} className="flex flex-col gap-2 rounded-md border border-slate-200 p-3">
      <p className="font-mono text-sm font-semibold">{name}</p>
      <SelectField
        label={`Approval for ${name}`}
        className="w-48"
        value={choice}
        error={choice === 'when' ? undefined : errorAt('')}
        onChange={(event) => choose(event.target.value as Choice)}
      >
        <option value="never">Never</option>
        <option value="always">Always</option>
        <option value="when">When...</option>
      </SelectField>
      {requirement ? (
        <RuleFieldSchemaContext.Provider value={fieldSchema}>
          <RuleBuilder
            rules={requirement}
            onChange={(rules: Rules) => onChange(withPolicy(policies, name, rules as RuleGroup))}
            fields={fields}
            errorAt={errorAt}
            subject={`the approval of ${name}`}
          />
        </RuleFieldSchemaContext.Provider>
      ) : null}
    </div>
  );
}

export function ToolApprovals({
  names,
  policies,
  onChange,
  inputSchemaOf,
  lintedInputSchemaOf,
  contextFields,
  errorAt,
}: {
  /** The selected tools, by the name the model sees. */
  names: string[];
  policies: ToolPolicies | undefined;
  onChange: (next: ToolPolicies | undefined) => void;
  /** A tool's input schema from every source, for the fields the builder offers. */
  inputSchemaOf: (name: string) => unknown;
  /** A tool's input schema where the server knows it at save, for the linter. */
  lintedInputSchemaOf: (name: string) => unknown;
  /** Fields of the request-context schema (without the `context.` root). */
  contextFields: ContextField[];
  errorAt: (path: string) => ErrorAt;
}) {
  const kept = Object.keys(policies ?? {}).filter((name) => !names.includes(name));
  const context = prefixed(contextFields, 'context');
  return (
    <ToolGroup legend="Approval policies">
      <Note>
        A call of a tool pauses the run for approval when its policy says so, or when the tool requires it itself. Rules
        read the call&rsquo;s arguments (args.) and the request context (context.).
      </Note>
      {names.length === 0 && kept.length === 0 ? <p className="text-sm">Select tools to set their approval.</p> : null}
      {[...names, ...kept].map((name) => (
        <ToolApproval
          key={name}
          name={name}
          policies={policies}
          onChange={onChange}
          fields={[...prefixed(contextFieldsOf(inputSchemaOf(name)), 'args'), ...context]}
          lintedInputSchema={lintedInputSchemaOf(name)}
          errorAt={errorAt(`toolPolicies.${name}.requireApproval`)}
        />
      ))}
    </ToolGroup>
  );
}
