/**
 * The scripted model of the test configuration, driven by the conversation itself so tests that go
 * through the production server (HTTP, the CLI, the browser) can script it from the prompt:
 * - the user message holds `[[call <tool> <json input>]]`: the model calls those tools (arguments
 *   streamed in deltas); when it holds none, the system message's (the agent's instructions) count,
 *   so a version's instructions can change which tools a question makes it call;
 * - `[[delay <ms>]]` spaces the stream's chunks (to test aborts and first bytes);
 * - after tool results: it answers `Tool results: <tool> -> <JSON of what it received>` per call;
 * - otherwise it answers `You said: <the message>`.
 */
import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { createScriptedModel, type ScriptedModel, type ScriptedStep } from './scripted-model';

type PromptMessage = LanguageModelV3CallOptions['prompt'][number];

function textOf(message: PromptMessage | undefined): string {
  if (!message) return '';
  if (typeof message.content === 'string') return message.content;
  return message.content
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('')
    .trim();
}

const callDirective = /\[\[call\s+([a-zA-Z0-9_-]+)\s+(\{.*?\})\]\]/g;
const delayDirective = /\[\[delay\s+(\d+)\]\]/;

export function respondToPrompt(prompt: LanguageModelV3CallOptions['prompt']): ScriptedStep {
  const last = prompt.at(-1);
  const lastUser = [...prompt].reverse().find((message) => message.role === 'user');
  const userText = textOf(lastUser);
  const delay = delayDirective.exec(userText);
  const delayMs = delay ? Number(delay[1]) : undefined;
  const timing = delayMs === undefined ? {} : { delayMs };
  if (last?.role === 'tool') {
    const lines = last.content.map((part) =>
      part.type === 'tool-result'
        ? `${part.toolName} -> ${JSON.stringify(part.output.type === 'json' || part.output.type === 'text' || part.output.type === 'error-text' ? part.output.value : part.output)}`
        : '',
    );
    return { text: `Tool results: ${lines.join('; ')}`, ...timing };
  }
  const callsIn = (text: string) =>
    [...text.matchAll(callDirective)].map((match) => ({
      toolName: match[1]!,
      input: JSON.parse(match[2]!) as unknown,
    }));
  const system = prompt.filter((message) => message.role === 'system').map((message) => message.content);
  const userCalls = callsIn(userText);
  const calls = userCalls.length > 0 ? userCalls : callsIn(system.join('\n'));
  if (calls.length > 0) return { toolCalls: calls, ...timing };
  return { text: `You said: ${userText.replace(delayDirective, '').trim()}`, ...timing };
}

export function createPromptScriptedModel(): ScriptedModel {
  return createScriptedModel({ modelId: 'scripted', respond: (call) => respondToPrompt(call.prompt) });
}
