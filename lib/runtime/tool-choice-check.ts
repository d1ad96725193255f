/**
 * A model that breaks the run's `toolChoice` (answers with text only although a tool call was
 * required, or calls a tool although none was allowed) fails the run with 502 `model_error`: the
 * model, not the server, went wrong. `generateText` finds this itself (`ToolChoiceViolationError`);
 * `streamText` checks only `none`, so a streamed stretch checks its steps here.
 */
import { ToolChoiceViolationError } from 'ai';
import { StudioError } from '../errors';
import type { ToolChoice } from './run-types';

/** The choice as the SDK enforces it (`auto` asks for nothing). */
type EnforcedChoice = { type: 'none' } | { type: 'required' } | { type: 'tool'; toolName: string };

function enforced(choice: ToolChoice | undefined): EnforcedChoice | undefined {
  if (choice === undefined || choice === 'auto') return undefined;
  return typeof choice === 'string' ? { type: choice } : choice;
}

function violationMessage(choice: EnforcedChoice): string {
  if (choice.type === 'none') return 'The model called a tool although none was allowed (toolChoice: "none").';
  if (choice.type === 'required')
    return 'The model answered without calling a tool although one was required (toolChoice: "required").';
  return `The model answered without calling a tool although one was required (toolChoice: tool "${choice.toolName}").`;
}

/** The run's failure for a broken tool choice. */
export function toolChoiceFailure(choice: EnforcedChoice, cause?: unknown): StudioError {
  return new StudioError('model_error', violationMessage(choice), undefined, { cause });
}

/** The SDK's own finding as the run's failure; `undefined` for any other error. */
export function toolChoiceFailureOf(error: unknown): StudioError | undefined {
  return ToolChoiceViolationError.isInstance(error) ? toolChoiceFailure(error.toolChoice, error) : undefined;
}

/** What the check reads of a finished step. */
interface CheckedStep {
  toolCalls: ReadonlyArray<{ toolName: string }>;
}

/**
 * Throws the run's failure when a step broke the tool choice it ran with (`choices[i]` is the choice
 * of `steps[i]`, as the step's preparation set it).
 */
export function checkToolChoices(
  steps: ReadonlyArray<CheckedStep>,
  choices: ReadonlyArray<ToolChoice | undefined>,
): void {
  steps.forEach((step, index) => {
    const choice = enforced(choices[index]);
    if (!choice || honoured(choice, step)) return;
    throw toolChoiceFailure(choice);
  });
}

function honoured(choice: EnforcedChoice, step: CheckedStep): boolean {
  if (choice.type === 'none') return step.toolCalls.length === 0;
  if (choice.type === 'required') return step.toolCalls.length > 0;
  return step.toolCalls.some((call) => call.toolName === choice.toolName);
}
