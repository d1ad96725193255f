/**
 * A test case: a conversation an agent version must still handle, with what a good answer looks like
 * (`expectations`) and, when it came from a real run, what the tools answered then (`recording`).
 * Replays answer tool calls from the recording, so checking a version has no side effects.
 * One schema for the API, the editor service, the export document and the editor's forms.
 */
import { RE2JS } from 're2js';
import { z } from 'zod';
import { jsonObjectSchema } from '../rules';
import { modelNamePattern } from '../snapshots';
import { modelMessagesSchema } from './model-messages';
import { errorMessage } from '../errors';

/** Why RE2 refuses a pattern, or undefined when it compiles. */
export function re2PatternProblem(pattern: string): string | undefined {
  try {
    RE2JS.compile(pattern);
    return undefined;
  } catch (error) {
    return errorMessage(error);
  }
}

const toolName = z.string().min(1).max(64);
const shortText = z.string().min(1).max(10_000);

export const expectationSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('toolCalled'),
      tool: toolName,
      /** A partial object the call's arguments must match (every key given, compared as JSON). */
      args: jsonObjectSchema.optional(),
    })
    .strict(),
  z.object({ type: z.literal('toolNotCalled'), tool: toolName }).strict(),
  z.object({ type: z.literal('onlyTools'), tools: z.array(toolName).max(1_000) }).strict(),
  z.object({ type: z.literal('answerIncludes'), text: shortText, ignoreCase: z.boolean().optional() }).strict(),
  z.object({ type: z.literal('answerExcludes'), text: shortText, ignoreCase: z.boolean().optional() }).strict(),
  /** An RE2 pattern: linear time, so a stored pattern cannot stall the server. One RE2 refuses is refused here. */
  z
    .object({ type: z.literal('answerMatches'), pattern: z.string().min(1).max(1_000) })
    .strict()
    .superRefine(({ pattern }, context) => {
      const problem = re2PatternProblem(pattern);
      if (problem !== undefined)
        context.addIssue({
          code: 'custom',
          path: ['pattern'],
          message: `Not a pattern RE2 runs (look-arounds and back-references are not supported): ${problem}`,
        });
    }),
  z.object({ type: z.literal('finishReason'), value: z.string().min(1).max(64) }).strict(),
  z.object({ type: z.literal('maxSteps'), value: z.number().int().min(1).max(100) }).strict(),
  z.object({ type: z.literal('maxTokens'), value: z.number().int().min(1) }).strict(),
  /** Scored 0 to 1 by a configured model against the criteria; `model` is a `provider/model` id. */
  z
    .object({
      type: z.literal('judge'),
      criteria: shortText,
      model: z
        .string()
        .max(200)
        .regex(modelNamePattern, 'The judge model is a "provider/model" string such as "openai/gpt-4o-mini"')
        .optional(),
    })
    .strict(),
]);

export type Expectation = z.output<typeof expectationSchema>;
export type ExpectationType = Expectation['type'];

export const recordedToolCallSchema = z
  .object({
    toolName,
    args: z.unknown(),
    result: z.unknown(),
    isError: z.boolean(),
  })
  .strict();

export type RecordedToolCall = z.output<typeof recordedToolCallSchema>;

/** A tool the calling application executed in the recorded run: what the model was shown of it. */
export const recordedClientToolSchema = z
  .object({ description: shortText, inputSchema: jsonObjectSchema.optional() })
  .strict();

export const recordingSchema = z
  .object({
    toolCalls: z.array(recordedToolCallSchema).max(1_000),
    answer: z.string().max(1_000_000),
    /**
     * The client tools the run was offered, by name: a replay offers them again and answers their
     * calls from the recording like any other call.
     */
    clientTools: z.record(toolName, recordedClientToolSchema).optional(),
    fromRunId: z.string().min(1).max(100).optional(),
    versionNumber: z.number().int().min(1).optional(),
  })
  .strict();

export type Recording = z.output<typeof recordingSchema>;

export const testCaseInputSchema = z.union(
  [
    z.object({ prompt: z.string().min(1).max(1_000_000) }).strict(),
    z.object({ messages: modelMessagesSchema }).strict(),
  ],
  { error: 'Give exactly one of prompt (one user message) and messages (a conversation)' },
);

export type TestCaseInput = z.output<typeof testCaseInputSchema>;

export const testCaseFieldsShape = {
  name: z.string().trim().min(1).max(200),
  input: testCaseInputSchema,
  requestContext: jsonObjectSchema.default({}),
  expectations: z.array(expectationSchema).max(100).default([]),
  recording: recordingSchema.optional(),
  /** Read-only tools (`annotations.readOnlyHint`) may run live when the recording lacks the call. */
  replay: z.object({ liveReadOnlyTools: z.boolean() }).strict().optional(),
};

export const createTestCaseBodySchema = z.object(testCaseFieldsShape).strict();
export type CreateTestCaseBody = z.input<typeof createTestCaseBodySchema>;

export const updateTestCaseBodySchema = z
  .object({
    name: testCaseFieldsShape.name.optional(),
    input: testCaseFieldsShape.input.optional(),
    requestContext: jsonObjectSchema.optional(),
    expectations: z.array(expectationSchema).max(100).optional(),
    recording: recordingSchema.nullable().optional(),
    replay: z.object({ liveReadOnlyTools: z.boolean() }).strict().nullable().optional(),
  })
  .strict();
export type UpdateTestCaseBody = z.input<typeof updateTestCaseBodySchema>;

export const testCaseFromRunBodySchema = z.object({ name: testCaseFieldsShape.name }).strict();

/** A stored test case as the API returns it. */
export interface TestCase {
  id: string;
  agentId: string;
  name: string;
  input: TestCaseInput;
  requestContext: Record<string, unknown>;
  expectations: Expectation[];
  recording?: Recording;
  replay?: { liveReadOnlyTools: boolean };
  createdAt: string;
  updatedAt: string;
}
