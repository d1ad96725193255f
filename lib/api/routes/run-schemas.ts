/**
 * Request and response shapes of the run routes (generate, stream, and the continuations of paused
 * runs), one zod schema each for the route and the OpenAPI document. Messages are checked against
 * the AI SDK's own message schema, every problem reported with its path.
 */
import { z } from '@hono/zod-openapi';
import { modelMessagesSchema } from '../../schemas';
import { versionSelectorSchema } from '../../versions';
import { draftExcludesSelector, draftField } from '../draft-request';
import { pathParam } from '../schemas';
import { runEventSchema } from './run-event-schemas';
import { runDetailShape } from './run-list-schemas';

const toolName = z.string().min(1).max(64);
const resourceId = z.string().min(1).max(256);
const jsonObject = z.record(z.string(), z.unknown());

export const toolChoiceSchema = z
  .union([z.enum(['auto', 'none', 'required']), z.object({ type: z.literal('tool'), toolName }).strict()])
  .openapi('ToolChoice');

const messagesSchema = modelMessagesSchema.describe(
  'AI SDK model messages: `{ role: "user" | "assistant" | "system" | "tool", content }`',
);

export const runBodySchema = z
  .object({
    prompt: z
      .string()
      .min(1)
      .max(1_000_000)
      .optional()
      .openapi({ description: 'One user message (or give `messages`)' }),
    messages: messagesSchema.optional(),
    requestContext: jsonObject
      .optional()
      .openapi({ description: 'A plain JSON object (default {}); `mastra__authToken` goes to HTTP MCP servers only' }),
    selector: versionSelectorSchema
      .optional()
      .openapi({ description: 'Exactly one of versionId, versionNumber, label, status (default: published)' }),
    draft: draftField,
    toolChoice: toolChoiceSchema.optional(),
    activeTools: z.array(toolName).max(1_000).optional().openapi({ description: 'Offer and allow only these tools' }),
    maxSteps: z.number().int().min(1).max(100).optional().openapi({ description: 'Model calls at most (default 5)' }),
    output: jsonObject.optional().openapi({
      description:
        "A JSON Schema the final answer must satisfy; the result carries it as `object` (default: the version's defaultOptions.output)",
    }),
    runId: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .openapi({ description: 'A new id chosen by the caller; an id that exists or is running is 409 `conflict`' }),
    threadId: z.string().min(1).max(256).optional(),
    resourceId: resourceId
      .optional()
      .openapi({ description: "Who the run is for; the run's continuations must name the same resourceId" }),
    autoResumeSuspendedTools: z.boolean().optional().openapi({
      description:
        "With threadId: when the thread's newest paused run waits for resume data that this message clearly gives, resume that run with it",
    }),
    clientTools: z
      .record(
        toolName,
        z.object({ description: z.string().min(1).max(10_000), inputSchema: jsonObject.optional() }).strict(),
      )
      .optional()
      .openapi({
        description: 'Tools the caller executes: the run pauses and waits for `POST /api/runs/:runId/tool-results`',
      }),
  })
  .strict()
  .superRefine((body, context) => {
    if ((body.prompt === undefined) === (body.messages === undefined)) {
      context.addIssue({ code: 'custom', path: ['prompt'], message: 'Give exactly one of prompt and messages.' });
    }
    draftExcludesSelector(body, context);
    // Auto-resume continues a saved version's paused run; a draft run starts afresh and never waits.
    if (body.draft !== undefined && body.autoResumeSuspendedTools) {
      context.addIssue({
        code: 'custom',
        path: ['autoResumeSuspendedTools'],
        message: 'A run of an unsaved draft cannot resume a paused run; leave autoResumeSuspendedTools out',
      });
    }
  })
  // The rule above, in the document: exactly one of the two.
  .openapi('RunRequest', { oneOf: [{ required: ['prompt'] }, { required: ['messages'] }] });

export type RunBody = z.output<typeof runBodySchema>;

export const runIdParams = z.object({
  runId: pathParam({ name: 'runId', max: 100, example: '0b6f3c1e-2a44-4c55-9f21-4f1c9a7d2e10' }),
});

/** Every continuation names the run's resourceId when the run has one (else 403 `forbidden`). */
const continuationResourceId = resourceId
  .optional()
  .openapi({ description: "The run's resourceId; required (and must match) when the run was started with one" });

export const toolCallBodySchema = z
  .object({ toolCallId: z.string().min(1).max(200), resourceId: continuationResourceId })
  .strict()
  .openapi('ToolCallDecision');

export const resumeBodySchema = z
  .object({
    toolCallId: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .openapi({ description: 'Needed when several calls are suspended' }),
    resumeData: z
      .unknown()
      .refine((value) => value !== undefined, "Required: the data the paused tool's resumeSchema describes")
      .openapi({
        description:
          "Checked against the tool's resumeSchema; for an MCP server's question (suspendPayload.kind " +
          "'elicitation'): { action: 'accept', content } (content checked against its requestedSchema), " +
          "{ action: 'decline' } or { action: 'cancel' }",
      }),
    resourceId: continuationResourceId,
  })
  .strict()
  .openapi('ResumeRequest');

export const toolResultsBodySchema = z
  .object({
    results: z
      .array(
        z
          .object({
            toolCallId: z.string().min(1).max(200),
            output: z.unknown().refine((value) => value !== undefined, "Required: the client tool's output"),
            modelOutput: z
              .object({
                type: z.enum(['text', 'json', 'content', 'error-text', 'error-json']),
                value: z.unknown().refine((value) => value !== undefined, 'Required: the value of this output type'),
              })
              .strict()
              .optional()
              .openapi({ description: "The client tool's toModelOutput, applied where it ran" }),
          })
          .strict(),
      )
      .min(1)
      .max(100),
    resourceId: continuationResourceId,
  })
  .strict()
  .openapi('ToolResultsRequest');

const identityShape = {
  runId: z.string(),
  agentId: z.string(),
  versionId: z.string().nullable(),
  versionNumber: z.number().int().nullable(),
  label: z.string().optional(),
  draft: z.literal(true).optional().openapi({ description: 'Present on a run of an unsaved draft' }),
  resolvedToolsHash: z.string(),
};

const pendingSchema = z.object({
  toolCallId: z.string(),
  toolName: z.string(),
  kind: z.enum(['approval', 'suspended', 'client']),
  args: z.unknown().optional(),
  suspendPayload: z.unknown().optional(),
  resumeSchema: jsonObject.optional(),
});

export const runResultSchema = z
  .object({
    ...identityShape,
    status: z.enum(['finished', 'paused']),
    finishReason: z.string(),
    text: z.string(),
    toolCalls: z.array(z.object({ toolCallId: z.string(), toolName: z.string(), args: z.unknown() })),
    toolResults: z.array(
      z.object({ toolCallId: z.string(), toolName: z.string(), result: z.unknown(), isError: z.boolean() }),
    ),
    pending: z.array(pendingSchema).optional(),
    usage: z.object({ inputTokens: z.number(), outputTokens: z.number(), totalTokens: z.number() }),
    object: z.unknown().optional().openapi({ description: 'The structured output, when the run asked for one' }),
  })
  .openapi('RunResult');

/** One event's data in a streamed run: `finish` carries the run result without the identity `start` gave. */
const runEventsSchema = runEventSchema({
  identity: z.object(identityShape),
  finishPayload: runResultSchema.omit({
    runId: true,
    agentId: true,
    versionId: true,
    versionNumber: true,
    label: true,
    draft: true,
    resolvedToolsHash: true,
  }),
});

/**
 * A 200 answer of Server-Sent Events: `event: <chunk type>` and `data: <the chunk as JSON>` per
 * chunk. The media type's schema is that of one event's data (`RunEvent`, one schema per type).
 */
export const eventStreamResponse = (description: string) => ({
  description,
  content: { 'text/event-stream': { schema: runEventsSchema } },
});

export const runViewSchema = z
  .object({
    ...identityShape,
    status: z.enum(['running', 'paused', 'finished', 'failed', 'aborted']),
    pending: z.array(pendingSchema.pick({ toolCallId: true, toolName: true, kind: true })).optional(),
    transcript: z.array(jsonObject),
    files: z.record(z.string(), z.string()).optional(),
    error: z.object({ code: z.string(), message: z.string() }).optional(),
    threadId: z.string().optional(),
    resourceId: z.string().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
    ...runDetailShape,
  })
  .openapi('Run');
