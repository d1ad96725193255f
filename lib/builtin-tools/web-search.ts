/**
 * `webSearchTool`: web search by the model's own provider. It has no execute of its own: when a run
 * builds its tools, it becomes the active provider's native search tool (OpenAI, Anthropic, Google,
 * xAI), which the provider runs. With any other provider the run fails before the model is called,
 * naming the provider (`lib/runtime/native-tools.ts`).
 */
import { createTool, type Tool } from '../tools';

export const webSearchTool: Tool = createTool({
  id: 'web_search',
  description:
    "Search the web for current information. Runs as the model provider's own web search (OpenAI, Anthropic, Google or xAI models).",
});

/** True for `webSearchTool` (under whatever name an agent gives it). */
export function isNativeWebSearch(tool: Tool | undefined): boolean {
  return tool === webSearchTool;
}
