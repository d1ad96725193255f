/**
 * The schemas' problems said to a person, for forms that pass it to `zodResolver(schema, { error })`:
 * "Fill this in." instead of "Too small: expected string to have >=1 characters". A message a
 * schema gives itself (an RE2 pattern's reason, say) is kept; anything not listed keeps zod's own.
 */
import type { z } from 'zod';

type Issue = Parameters<z.core.$ZodErrorMap>[0];

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string | undefined {
  const minimum = Number(issue.minimum);
  if (issue.origin === 'string') return minimum <= 1 ? 'Fill this in.' : `Write at least ${minimum} characters.`;
  if (issue.origin === 'number') return `Give ${minimum} or more.`;
  if (issue.origin === 'array') return minimum <= 1 ? 'Choose at least one.' : `Choose at least ${minimum}.`;
  return undefined;
}

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string | undefined {
  const maximum = Number(issue.maximum);
  if (issue.origin === 'string') return `Keep it to ${maximum} characters or fewer.`;
  if (issue.origin === 'number') return `Give ${maximum} or less.`;
  if (issue.origin === 'array') return `Choose at most ${maximum}.`;
  return undefined;
}

export function plainIssueMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_type':
      if (issue.expected === 'int') return 'Give a whole number.';
      if (issue.expected === 'number') return 'Give a number.';
      return undefined;
    default:
      return undefined;
  }
}

/** What `zodResolver` takes as its second argument to use these messages. */
export const plainMessages = { error: plainIssueMessage };
