/**
 * `ask_user`: the model asks the person a question, optionally with options to choose from (one or
 * several). The call suspends with the question; the answer (a string, or a list of strings for
 * `multi_select`) resumes it and the model reads `User answered: ...`. An answer that does not fit
 * the selection mode, and a selection mode without options, are error results the model can fix.
 */
import { definedFields } from '../defined-fields';
import { createTool } from '../tools';
import { builtInModelOutput, errorResult } from './error-result';

export interface AskUserInput {
  question: string;
  options?: Array<{ label: string; description?: string }>;
  selectionMode?: 'single_select' | 'multi_select';
}

export const askUserTool = createTool({
  id: 'ask_user',
  description:
    'Ask the user a question and wait for the answer. Give options (with selectionMode single_select or multi_select) when the answer is a choice.',
  inputSchema: {
    type: 'object',
    properties: {
      question: { type: 'string', minLength: 1 },
      options: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          properties: { label: { type: 'string', minLength: 1 }, description: { type: 'string' } },
          required: ['label'],
          additionalProperties: false,
        },
      },
      selectionMode: { type: 'string', enum: ['single_select', 'multi_select'] },
    },
    required: ['question'],
    additionalProperties: false,
  },
  resumeSchema: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
  toModelOutput: (output: unknown) =>
    builtInModelOutput(output, (value) => ({ type: 'text', value: String((value as { text: string }).text) })),
  execute: async (input, context) => {
    const { question, options, selectionMode } = input as AskUserInput;
    if (selectionMode && !options?.length) {
      return errorResult(
        `selectionMode "${selectionMode}" needs options to choose from; give options or leave it out.`,
      );
    }
    const answer = context.agent?.resumeData;
    if (answer === undefined) {
      await context.agent?.suspend(definedFields({ question, options, selectionMode }));
      return undefined;
    }
    if (selectionMode === 'single_select' && typeof answer !== 'string') {
      return errorResult('The answer to a single_select question must be one option label, not a list.');
    }
    if (selectionMode === 'multi_select' && !Array.isArray(answer)) {
      return errorResult('The answer to a multi_select question must be a list of option labels.');
    }
    const chosen = Array.isArray(answer) ? (answer as string[]) : [answer as string];
    if (selectionMode && options) {
      const labels = new Set(options.map((option) => option.label));
      const unknown = chosen.filter((label) => !labels.has(label));
      if (unknown.length > 0) {
        return errorResult(
          `The answer ${unknown.map((label) => JSON.stringify(label)).join(', ')} is not among the options (${options.map((option) => JSON.stringify(option.label)).join(', ')}).`,
        );
      }
    }
    return { answer, text: `User answered: ${chosen.join(', ')}` };
  },
});
