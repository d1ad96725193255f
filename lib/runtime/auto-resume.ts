/**
 * `autoResumeSuspendedTools`: a person answers a suspended tool's question in the conversation
 * instead of through a resume form. When a new message arrives in a thread whose newest paused run
 * waits for resume data, one model call reads that data from the message, under the tool's
 * `resumeSchema`; data that fits resumes the paused run. The model may always say the message does
 * not answer (and is told to when unsure); an answer that does not fit the schema counts as no
 * answer. Approvals are never inferred: a run waiting for an approval is left alone.
 */
import { generateText, jsonSchema, tool, type ModelMessage } from 'ai';
import type { JSONSchema7 } from '@ai-sdk/provider';
import type { Tool } from '../tools';
import type { LanguageModelObject } from './model-registry';
import type { StoredPendingCall } from './run-types';
import type { RunRecord } from './run-record';

export const provideResumeDataTool = 'provide_resume_data';
export const resumeDataUnclearTool = 'resume_data_unclear';

function lastUserText(messages: ReadonlyArray<ModelMessage>): string {
  const message = [...messages].reverse().find((candidate) => candidate.role === 'user');
  if (!message) return '';
  if (typeof message.content === 'string') return message.content;
  return message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

function extractionPrompt(call: StoredPendingCall): string {
  return [
    `The tool "${call.toolName}" paused and is waiting for data before it can continue.`,
    `It asked: ${JSON.stringify(call.suspendPayload ?? null)}`,
    `Read the user's latest message. Only if it clearly gives that data, call ${provideResumeDataTool} with it.`,
    `If the message is about something else, is ambiguous, or you are unsure, call ${resumeDataUnclearTool}.`,
    'Never guess values the message does not state.',
  ].join('\n');
}

/** The suspended call the thread's paused run waits on, with its tool, when there is exactly one such call. */
export function suspendedCallOf(
  record: RunRecord | undefined,
  tools: Readonly<Record<string, Tool>>,
): { call: StoredPendingCall; tool: Tool } | undefined {
  if (!record) return undefined;
  const suspended = record.state.pending.filter((call) => call.kind === 'suspended');
  // Several open questions cannot be told apart from one message; those wait for explicit resumes.
  if (suspended.length !== 1 || record.state.pending.length !== 1) return undefined;
  const call = suspended[0]!;
  const found = tools[call.toolName];
  return found?.schemas.resume ? { call, tool: found } : undefined;
}

/** The resume data the message clearly gives, or `undefined`. */
export async function extractResumeData({
  model,
  call,
  tool: suspendedTool,
  messages,
  abortSignal,
}: {
  model: LanguageModelObject;
  call: StoredPendingCall;
  tool: Tool;
  messages: ReadonlyArray<ModelMessage>;
  abortSignal?: AbortSignal;
}): Promise<{ resumeData: unknown } | undefined> {
  const resume = suspendedTool.schemas.resume!;
  const text = lastUserText(messages);
  if (text.trim() === '') return undefined;
  // Wrapped in an object: providers want object arguments, and resume data may be any JSON value.
  const wrapped = {
    type: 'object',
    properties: { resumeData: resume.jsonSchema },
    required: ['resumeData'],
    additionalProperties: false,
  } as JSONSchema7;
  const result = await generateText({
    model,
    system: extractionPrompt(call),
    messages: [{ role: 'user', content: text }],
    tools: {
      [provideResumeDataTool]: tool({ description: 'The data the message gives', inputSchema: jsonSchema(wrapped) }),
      [resumeDataUnclearTool]: tool({
        description: 'The message does not clearly give the data',
        inputSchema: jsonSchema({ type: 'object', properties: {} }),
      }),
    },
    toolChoice: 'required',
    abortSignal,
  });
  const answer = result.toolCalls.find((candidate) => candidate.toolName === provideResumeDataTool);
  if (!answer || result.toolCalls.some((candidate) => candidate.toolName === resumeDataUnclearTool)) return undefined;
  const resumeData = (answer.input as { resumeData?: unknown } | undefined)?.resumeData;
  return resume.validate(resumeData).success ? { resumeData } : undefined;
}
