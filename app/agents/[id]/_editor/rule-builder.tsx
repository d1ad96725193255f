'use client';
/**
 * The visual rule builder over one stored rule (a variant's or a prompt block's `rules`). It keeps
 * a draft (typed values as text) and writes the stored rule back on every edit that reads; a rule
 * the builder cannot show (a raw `{ jsonLogic }` expression) opens as JSON, validated with the
 * save schema, instead of being lost.
 */
import { useId, useState } from 'react';
import { sameJson } from '@/lib/canonical-json';
import {
  jsonDraftOf,
  rulesOfDraft,
  toRulesDraft,
  visualDraftOf,
  type ContextField,
  type Rules,
  type RulesDraft,
} from '@/lib/rules';
import { Button } from '../../../_components/ui/button';
import { Note } from '../../../_components/ui/card';
import { TextAreaField } from '../../../_components/ui/field';
import { useReportDraftProblem } from './draft-problems';
import type { ErrorAt } from '../../../_lib/form-errors';
import { RuleDiagnostics, useRuleDiagnostics } from './rule-diagnostics';
import { RuleGroupEditor } from './rule-group-editor';
import { newRuleId } from './rule-ids';

export function RuleBuilder({
  rules,
  onChange,
  fields,
  errorAt,
  subject,
}: {
  rules: Rules;
  onChange: (rules: Rules) => void;
  /** Field paths to suggest (from the agent's request-context schema). */
  fields: ContextField[];
  /** Errors of the last save attempt under this rule's path. */
  errorAt: ErrorAt;
  /** What the rules decide, for the problem message ("Variant 2 of Tools"). */
  subject: string;
}) {
  const [draft, setDraft] = useState<RulesDraft>(() => toRulesDraft(rules, newRuleId));
  const [written, setWritten] = useState<Rules>(rules);
  // A rule changed from outside (a reload, a discard, a restore) replaces the draft.
  if (!sameJson(rules, written)) {
    setWritten(rules);
    setDraft(toRulesDraft(rules, newRuleId));
  }
  const result = rulesOfDraft(draft);
  const problemKey = useId();
  const diagnostics = useRuleDiagnostics(result.ok ? result.value : undefined);
  const lintError = diagnostics.find((diagnostic) => diagnostic.severity === 'error');
  const problem = result.ok ? lintError?.message : result.issues[0]!.message;
  useReportDraftProblem(
    problemKey,
    problem === undefined ? undefined : `the rules of ${subject}: ${problem}`,
    !result.ok,
  );

  const change = (next: RulesDraft) => {
    setDraft(next);
    const read = rulesOfDraft(next);
    if (read.ok && !sameJson(read.value, written)) {
      setWritten(read.value);
      onChange(read.value);
    }
  };

  if (draft.mode === 'json') {
    const visual = visualDraftOf(draft, newRuleId);
    const problems = result.ok ? [] : result.issues;
    return (
      <div className="flex flex-col gap-2">
        {visual === undefined && result.ok ? (
          <Note>
            This rule is a raw JSON Logic expression (or nests deeper than the builder shows), so it is edited as JSON.
            It is checked like every save: only the allowed operations, at most 8 KiB, 10 levels and 200 nodes, array
            operations nested at most 2 deep and lists of at most 100 items.
          </Note>
        ) : null}
        <TextAreaField
          label="Rules (JSON)"
          rows={8}
          value={draft.text}
          spellCheck={false}
          error={
            problems
              .map((problem) => `${problem.path === 'root' ? '' : `${problem.path}: `}${problem.message}`)
              .join(' · ') || errorAt('')
          }
          hint='A rule group {"operator": "AND", "conditions": [...]} or {"jsonLogic": ...}.'
          onChange={(event) => change({ mode: 'json', text: event.target.value })}
        />
        <RuleDiagnostics diagnostics={diagnostics} />
        <div>
          <Button
            size="sm"
            disabled={visual === undefined}
            title={visual === undefined ? 'Only a valid rule group can be edited visually' : undefined}
            onClick={() => visual && change(visual)}
          >
            Edit visually
          </Button>
        </div>
      </div>
    );
  }

  const valueProblems = new Map(
    result.ok ? [] : result.issues.map((problem) => [problem.nodeId ?? '', problem.message]),
  );
  return (
    <div className="flex flex-col gap-2">
      <RuleGroupEditor
        group={draft.group}
        root={draft.group}
        level={1}
        path=""
        fields={fields}
        valueProblems={valueProblems}
        diagnostics={diagnostics}
        errorAt={errorAt}
        onChange={(group) => change({ mode: 'visual', group })}
      />
      <div>
        <Button size="sm" variant="ghost" onClick={() => change(jsonDraftOf(draft))}>
          Edit as JSON
        </Button>
      </div>
    </div>
  );
}
