/**
 * The rule builder's state and its mapping to stored rules, pure so it can be tested without a
 * browser: `toRulesDraft` loads stored rules, `rulesOfDraft` gives them back. Loading and saving
 * without edits returns the very same rule (nothing lost, nothing reordered). A rule group is
 * edited visually ("all" = AND, "any" = OR); anything else (a raw `{ jsonLogic }` expression, a
 * group the builder cannot show) opens as JSON text, validated with the same schema as a save.
 */
import { issuesFromZod, type CheckResult, type Issue } from '../errors';
import { conditionOperators, valuelessOperators, type ConditionOperator } from './operators';
import { maxRuleGroupLevels, rulesSchema } from './schema';
import { isRuleGroup, type Condition, type RuleGroup, type Rules } from './types';
import { parseValueDraft, valueDraftOf, type ValueDraft } from './value-draft';
import { readJsonText } from '../json-text';
import { isRecord } from '../is-record';

export type Combinator = 'all' | 'any';

export interface ConditionDraft {
  type: 'condition';
  id: string;
  field: string;
  operator: ConditionOperator;
  /** Absent: the condition stores no `value` (exists / not_exists). */
  value?: ValueDraft;
}

export interface GroupDraft {
  type: 'group';
  id: string;
  combinator: Combinator;
  children: Array<ConditionDraft | GroupDraft>;
}

export type RulesDraft = { mode: 'visual'; group: GroupDraft } | { mode: 'json'; text: string };

/** A problem with a draft: at a node's value, or in the JSON text. */
export interface DraftProblem extends Issue {
  nodeId?: string;
}

export type DraftResult = CheckResult<Rules, DraftProblem>;

/** Gives each node of a draft an id (stable keys for the page; tests pass a counter). */
export type NewId = () => string;

const combinatorOf = { AND: 'all', OR: 'any' } as const;
const operatorOf = { all: 'AND', any: 'OR' } as const;

function groupDraft(group: RuleGroup, newId: NewId): GroupDraft {
  return {
    type: 'group',
    id: newId(),
    combinator: combinatorOf[group.operator],
    children: group.conditions.map((item) =>
      isRuleGroup(item) ? groupDraft(item, newId) : conditionDraft(item as Condition, newId),
    ),
  };
}

function conditionDraft(condition: Condition, newId: NewId): ConditionDraft {
  const draft: ConditionDraft = {
    type: 'condition',
    id: newId(),
    field: condition.field,
    operator: condition.operator,
  };
  if (Object.hasOwn(condition, 'value') && condition.value !== undefined) draft.value = valueDraftOf(condition.value);
  return draft;
}

const hasOnlyKeys = (value: object, keys: readonly string[]) => Object.keys(value).every((key) => keys.includes(key));

function isVisualCondition(value: Record<string, unknown>): boolean {
  return (
    hasOnlyKeys(value, ['field', 'operator', 'value']) &&
    typeof value.field === 'string' &&
    (conditionOperators as readonly unknown[]).includes(value.operator)
  );
}

/**
 * Whether rules can be edited visually: the shape of a rule group within the nesting limit, with
 * nothing the builder has no control for. An unfinished rule (an empty field) still qualifies: the
 * save schema reports it at its place.
 */
export function isVisualRules(rules: unknown, level = 1): rules is RuleGroup {
  if (!isRecord(rules) || !hasOnlyKeys(rules, ['operator', 'conditions'])) return false;
  if ((rules.operator !== 'AND' && rules.operator !== 'OR') || !Array.isArray(rules.conditions)) return false;
  return rules.conditions.every((item) => {
    if (!isRecord(item)) return false;
    if ('conditions' in item) return level < maxRuleGroupLevels && isVisualRules(item, level + 1);
    return isVisualCondition(item);
  });
}

export function toRulesDraft(rules: Rules, newId: NewId): RulesDraft {
  if (isVisualRules(rules)) return { mode: 'visual', group: groupDraft(rules, newId) };
  return { mode: 'json', text: JSON.stringify(rules, null, 2) };
}

/** A draft of a group with one empty rule row, as a new variant or block condition starts. */
export function newRulesDraft(newId: NewId): RulesDraft {
  return {
    mode: 'visual',
    group: {
      type: 'group',
      id: newId(),
      combinator: 'all',
      children: [newConditionDraft(newId)],
    },
  };
}

export function newConditionDraft(newId: NewId): ConditionDraft {
  return { type: 'condition', id: newId(), field: '', operator: 'equals', value: { kind: 'text', text: '' } };
}

export function newGroupDraft(newId: NewId): GroupDraft {
  return { type: 'group', id: newId(), combinator: 'all', children: [newConditionDraft(newId)] };
}

function groupOfDraft(group: GroupDraft, path: string, problems: DraftProblem[]): RuleGroup {
  return {
    operator: operatorOf[group.combinator],
    conditions: group.children.map((child, index) => {
      const childPath = `${path}conditions.${index}`;
      if (child.type === 'group') return groupOfDraft(child, `${childPath}.`, problems);
      const condition: Condition = { field: child.field, operator: child.operator };
      if (child.value !== undefined) {
        const parsed = parseValueDraft(child.value);
        if (parsed.ok) condition.value = parsed.value;
        else
          problems.push(
            ...parsed.issues.map((issue) => ({ nodeId: child.id, path: `${childPath}.value`, message: issue.message })),
          );
      }
      return condition;
    }),
  };
}

/** The stored rules a draft stands for, or every value that cannot be read yet. */
export function rulesOfDraft(draft: RulesDraft): DraftResult {
  if (draft.mode === 'visual') {
    const problems: DraftProblem[] = [];
    const rules = groupOfDraft(draft.group, '', problems);
    return problems.length ? { ok: false, issues: problems } : { ok: true, value: rules };
  }
  const read = readJsonText(draft.text);
  if (!read.ok) return read;
  const checked = rulesSchema.safeParse(read.value);
  if (!checked.success) return { ok: false, issues: issuesFromZod(checked.error) };
  return { ok: true, value: checked.data };
}

/** The JSON view of a draft (for "Edit as JSON"): the rules it stands for, or its text as it is. */
export function jsonDraftOf(draft: RulesDraft): RulesDraft {
  if (draft.mode === 'json') return draft;
  const result = rulesOfDraft(draft);
  return { mode: 'json', text: result.ok ? JSON.stringify(result.value, null, 2) : '' };
}

/** The visual view of a JSON draft, when its text is a rule group the builder can show. */
export function visualDraftOf(draft: RulesDraft, newId: NewId): RulesDraft | undefined {
  if (draft.mode === 'visual') return draft;
  const result = rulesOfDraft(draft);
  if (!result.ok || !isVisualRules(result.value)) return undefined;
  return toRulesDraft(result.value, newId);
}

/** The nesting level of a group node (the top group is level 1); `undefined` when absent. */
export function levelOf(group: GroupDraft, nodeId: string, level = 1): number | undefined {
  if (group.id === nodeId) return level;
  for (const child of group.children) {
    if (child.id === nodeId) return child.type === 'group' ? level + 1 : level;
    if (child.type === 'group') {
      const found = levelOf(child, nodeId, level + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Whether a group at this level may hold another group. */
export const canNest = (level: number) => level < maxRuleGroupLevels;

/** Whether a condition is shown with a value box (exists / not_exists take none). */
export const takesValue = (operator: ConditionOperator) => !valuelessOperators.includes(operator);

type Node = ConditionDraft | GroupDraft;

function mapNode(group: GroupDraft, nodeId: string, change: (node: Node) => Node | undefined): GroupDraft {
  const children: Node[] = [];
  for (const child of group.children) {
    if (child.id === nodeId) {
      const changed = change(child);
      if (changed) children.push(changed);
    } else children.push(child.type === 'group' ? mapNode(child, nodeId, change) : child);
  }
  return { ...group, children };
}

/** Edits of a visual draft; each returns a new top group. */
export const draftEdits = {
  /** Replaces one node (the top group too) with `change(node)`. */
  update(group: GroupDraft, nodeId: string, change: (node: Node) => Node): GroupDraft {
    if (group.id === nodeId) return change(group) as GroupDraft;
    return mapNode(group, nodeId, change);
  },
  remove(group: GroupDraft, nodeId: string): GroupDraft {
    return mapNode(group, nodeId, () => undefined);
  },
  /** Appends a node to the group `parentId`. */
  append(group: GroupDraft, parentId: string, node: Node): GroupDraft {
    return draftEdits.update(group, parentId, (parent) =>
      parent.type === 'group' ? { ...parent, children: [...parent.children, node] } : parent,
    );
  },
};
