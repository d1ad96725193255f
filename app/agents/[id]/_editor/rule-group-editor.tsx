'use client';
/** One AND/OR group of the rule builder: its combinator, its rules and nested groups (3 levels at most). */
import {
  canNest,
  draftEdits,
  maxRuleGroupLevels,
  newConditionDraft,
  newGroupDraft,
  type Combinator,
  type ContextField,
  type Diagnostic,
  type GroupDraft,
} from '@/lib/rules';
import { Button } from '../../../_components/ui/button';
import { SelectField } from '../../../_components/ui/field';
import type { ErrorAt } from '../../../_lib/form-errors';
import { diagnosticsAt, RuleDiagnostics } from './rule-diagnostics';
import { newRuleId } from './rule-ids';
import { RuleRow } from './rule-row';

export function RuleGroupEditor({
  group,
  root,
  level,
  path,
  fields,
  valueProblems,
  diagnostics,
  errorAt,
  onChange,
  name,
  onRemove,
}: {
  group: GroupDraft;
  /** The top group of the draft, which every edit returns. */
  root: GroupDraft;
  level: number;
  /** This group's path in the stored rule (`""` for the top, `conditions.2.` below). */
  path: string;
  fields: ContextField[];
  valueProblems: Map<string, string>;
  /** The rule linter's findings for the whole rule (paths relative to it). */
  diagnostics: Diagnostic[];
  errorAt: ErrorAt;
  onChange: (root: GroupDraft) => void;
  /** A nested group's accessible name ("Group 2"); the top group is "Rules". */
  name?: string;
  onRemove?: () => void;
}) {
  const nestable = canNest(level);
  let rules = 0;
  let groups = 0;
  return (
    <div
      role="group"
      aria-label={name ?? 'Rules'}
      className={
        level === 1 ? 'flex flex-col gap-3' : 'flex flex-col gap-3 rounded-md border border-slate-300 bg-slate-50 p-3'
      }
    >
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Combinator"
          className="w-32"
          value={group.combinator}
          hint={group.combinator === 'all' ? 'Every rule must match.' : 'One matching rule is enough.'}
          onChange={(event) =>
            onChange(
              draftEdits.update(root, group.id, (node) => ({ ...node, combinator: event.target.value as Combinator })),
            )
          }
        >
          <option value="all">all</option>
          <option value="any">any</option>
        </SelectField>
        {onRemove ? (
          <Button size="sm" variant="danger" onClick={onRemove}>
            Remove group
          </Button>
        ) : null}
      </div>
      <RuleDiagnostics diagnostics={diagnosticsAt(diagnostics, path)} />
      {group.children.length === 0 ? (
        <p className="text-sm text-slate-700">No rules: this group always matches.</p>
      ) : null}
      {group.children.map((child, index) => {
        const childPath = `${path}conditions.${index}`;
        if (child.type === 'group') {
          groups += 1;
          return (
            <RuleGroupEditor
              key={child.id}
              group={child}
              root={root}
              level={level + 1}
              path={`${childPath}.`}
              fields={fields}
              valueProblems={valueProblems}
              diagnostics={diagnostics}
              errorAt={errorAt}
              onChange={onChange}
              name={`Group ${groups}`}
              onRemove={() => onChange(draftEdits.remove(root, child.id))}
            />
          );
        }
        rules += 1;
        return (
          <div key={child.id} className="flex flex-col gap-1">
            <RuleRow
              name={`Rule ${rules}`}
              condition={child}
              fields={fields}
              valueProblem={valueProblems.get(child.id)}
              errorAt={(part) => errorAt(`${childPath}.${part}`)}
              onChange={(next) => onChange(draftEdits.update(root, child.id, () => next))}
              onRemove={() => onChange(draftEdits.remove(root, child.id))}
            />
            <RuleDiagnostics diagnostics={diagnosticsAt(diagnostics, childPath)} />
          </div>
        );
      })}
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={() => onChange(draftEdits.append(root, group.id, newConditionDraft(newRuleId)))}>
          Add rule
        </Button>
        <Button
          size="sm"
          disabled={!nestable}
          onClick={() => onChange(draftEdits.append(root, group.id, newGroupDraft(newRuleId)))}
        >
          Add group
        </Button>
        {!nestable ? (
          <span className="text-xs text-slate-600">Groups nest at most {maxRuleGroupLevels} levels deep.</span>
        ) : null}
      </div>
    </div>
  );
}
