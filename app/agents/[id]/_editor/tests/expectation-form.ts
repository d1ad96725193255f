/**
 * The form over one test case on the Tests tab: its name and expectations, checked with the API's
 * own schemas (a pattern RE2 refuses is refused here too), and what a new expectation of a kind
 * starts with when a person picks it.
 */
import { z } from 'zod';
import { expectationTypeWords } from '@/lib/evaluation';
import { expectationSchema, testCaseFieldsShape, type Expectation, type ExpectationType } from '@/lib/schemas';

export const testCaseFormSchema = z.object({
  name: testCaseFieldsShape.name,
  expectations: z.array(expectationSchema).max(100),
});

export type TestCaseFormValues = z.input<typeof testCaseFormSchema>;

/** The kinds in the order the type picker offers them. */
export const expectationTypes = Object.keys(expectationTypeWords) as ExpectationType[];

/** A new expectation of `type`, keeping what the one it replaces said that still fits (a tool, a text). */
export function expectationOfType(type: ExpectationType, previous: Expectation | undefined): Expectation {
  const tool = previous && 'tool' in previous ? previous.tool : '';
  const text = previous && 'text' in previous ? previous.text : '';
  switch (type) {
    case 'toolCalled':
    case 'toolNotCalled':
      return { type, tool };
    case 'onlyTools':
      return { type, tools: tool ? [tool] : [] };
    case 'answerIncludes':
    case 'answerExcludes':
      return { type, text };
    case 'answerMatches':
      return { type, pattern: '' };
    case 'finishReason':
      return { type, value: 'stop' };
    case 'maxSteps':
      return { type, value: 5 };
    case 'maxTokens':
      return { type, value: 2000 };
    case 'judge':
      return { type, criteria: '' };
  }
}
