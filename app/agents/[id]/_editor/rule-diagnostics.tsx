'use client';
/**
 * The rule linter live in the builder: the same pure module the API runs at save (no second
 * implementation), against the agent's request-context schema, its findings shown beside the rule
 * or group they concern. An error also refuses Save, as the server would.
 */
import { createContext, useContext, useMemo } from 'react';
import { fieldSchemaOf, lintRules, type Diagnostic, type FieldSchema, type Rules } from '@/lib/rules';

/** The agent's `requestContextSchema`, which rules are checked against. */
export const RequestContextSchemaContext = createContext<unknown>(undefined);

/**
 * What a rule's fields are checked against, when not the request context itself: an approval
 * policy's rules read `args.*` and `context.*` (`policyFieldSchema`, as the API checks them).
 */
export const RuleFieldSchemaContext = createContext<FieldSchema | undefined>(undefined);

/** The linter's findings for one rule, with paths relative to it (`conditions[0]`; `''`: the rule as a whole). */
export function useRuleDiagnostics(rules: Rules | undefined): Diagnostic[] {
  const requestContextSchema = useContext(RequestContextSchemaContext);
  const ruleFieldSchema = useContext(RuleFieldSchemaContext);
  const fieldSchema = useMemo(
    () => ruleFieldSchema ?? fieldSchemaOf(requestContextSchema),
    [ruleFieldSchema, requestContextSchema],
  );
  return useMemo(() => (rules === undefined ? [] : lintRules({ rules, path: '', fieldSchema })), [rules, fieldSchema]);
}

/** The findings at one place of the builder, named as the builder does (`conditions.0.conditions.1`). */
export function diagnosticsAt(diagnostics: Diagnostic[], builderPath: string): Diagnostic[] {
  const path = builderPath.replace(/\.$/, '').replace(/\.(\d+)/g, '[$1]');
  return diagnostics.filter((diagnostic) => diagnostic.path === path);
}

/**
 * Each finding is its own live region: an error in a `role=alert`, a warning in a `role=status`, so
 * a screen reader hears it as the rule changes.
 */
export function RuleDiagnostics({ diagnostics }: { diagnostics: Diagnostic[] }) {
  if (diagnostics.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      {diagnostics.map((diagnostic) => (
        <p
          key={`${diagnostic.path} ${diagnostic.code}`}
          role={diagnostic.severity === 'error' ? 'alert' : 'status'}
          className={
            diagnostic.severity === 'error'
              ? 'rounded-md border border-red-300 bg-red-50 px-3 py-1 text-sm text-red-900'
              : 'rounded-md border border-amber-300 bg-amber-50 px-3 py-1 text-sm text-amber-900'
          }
        >
          <span className="font-semibold">{diagnostic.severity === 'error' ? 'Error' : 'Warning'}:</span>{' '}
          {diagnostic.message}
        </p>
      ))}
    </div>
  );
}
