/**
 * The built-in tools agents can use like any other: `ask_user` and `submit_plan` (they pause the run
 * for the person), and the web tools. The task tools are switched on per agent (`taskTools: true`)
 * and live with the runtime, which keeps their lists per thread.
 */
import type { Outbound } from '../net';
import type { Tool } from '../tools';
import { askUserTool } from './ask-user';
import { submitPlanTool } from './submit-plan';
import { createWebFetchTool, webFetchTool } from './web-fetch';
import { webSearchTool } from './web-search';

export { askUserTool, type AskUserInput } from './ask-user';
export { submitPlanTool, type PlanDecision } from './submit-plan';
export { isNativeWebSearch, webSearchTool } from './web-search';
export {
  createWebFetchTool,
  webFetchDefaults,
  webFetchTool,
  type WebFetchFailure,
  type WebFetchOutput,
  type WebFetchResult,
  type WebFetchToolOptions,
} from './web-fetch';

/**
 * The built-in tools a stored agent can select by id in its `tools` field, beside the registered
 * tools (a registered tool with the same id wins). The studio builds its own set with its outbound
 * guard, so `web_fetch` follows the studio's DNS and address settings.
 */
export function createBuiltInTools({ outbound }: { outbound?: Outbound } = {}): Readonly<Record<string, Tool>> {
  const webFetch = outbound ? createWebFetchTool({ outbound }) : webFetchTool;
  return Object.freeze({
    [askUserTool.id]: askUserTool,
    [submitPlanTool.id]: submitPlanTool,
    [webSearchTool.id]: webSearchTool,
    [webFetch.id]: webFetch,
  });
}

/** The built-in tools with the default outbound rules; the editor lists them as their own group. */
export const builtInTools: Readonly<Record<string, Tool>> = createBuiltInTools();

export { builtInModelOutput, errorResult, isErrorResult, type ErrorResult } from './error-result';
