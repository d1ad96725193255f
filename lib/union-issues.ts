/**
 * zod reports a value that no branch of a union accepts as "Invalid input", with each branch's own
 * problems kept beside it. These read the branches to say more: when the value plainly meant one
 * branch (the only one whose type it has, or the one it misses least), that branch's problems at
 * their own paths; otherwise what the union accepts ("a string or a list", `"auto", "none" or an
 * object`). A union that words its own failure keeps its words.
 */
import type { z } from 'zod';
import { listInWords } from './list-in-words';

type ZodIssue = z.core.$ZodIssue;
type UnionIssue = Extract<ZodIssue, { code: 'invalid_union' }>;

/** zod's own message for a union no branch accepts; any other one was chosen by the schema. */
const zodUnionMessage = 'Invalid input';

const typeWords: Record<string, string> = {
  array: 'a list',
  object: 'an object',
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  null: 'null',
};

const isRootIssue = (issue: ZodIssue) => issue.path.length === 0;

function withZodWords(issue: ZodIssue): issue is UnionIssue {
  return issue.code === 'invalid_union' && issue.message === zodUnionMessage && issue.errors.length > 0;
}

/**
 * The problems of the branch the value meant, their paths relative to the union: the only branch
 * whose type the value has, or among those the only one with the fewest problems. Undefined when
 * no branch stands out.
 */
export function meantBranchIssues(issue: ZodIssue): ZodIssue[] | undefined {
  if (!withZodWords(issue)) return undefined;
  const typed = issue.errors.filter((branch) => branch.length > 0 && !branch.some(isRootIssue));
  const fewest = Math.min(...typed.map((branch) => branch.length));
  const closest = typed.filter((branch) => branch.length === fewest);
  return closest.length === 1 ? closest[0] : undefined;
}

/** What one branch takes, from its problem with the value as a whole ("a string", `"auto"`). */
function acceptedBy(branch: readonly ZodIssue[]): string[] {
  return branch.filter(isRootIssue).flatMap((issue) => {
    if (issue.code === 'invalid_value') return issue.values.map((value) => JSON.stringify(value));
    if (issue.code === 'invalid_type') return [typeWords[issue.expected] ?? `a ${issue.expected}`];
    return [];
  });
}

/** What the union accepts, for a value that meant none of its branches; undefined when zod's words stay. */
export function unionMessage(issue: ZodIssue): string | undefined {
  if (!withZodWords(issue)) return undefined;
  const accepted = [...new Set(issue.errors.flatMap(acceptedBy))];
  return accepted.length === 0 ? undefined : `Expected ${listInWords(accepted, 'or')}`;
}
