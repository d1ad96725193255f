/**
 * The built-in tools agents can use like any other: `ask_user` and `submit_plan` (they pause the run
 * for the person), and the web tools. The task tools are switched on per agent (`taskTools: true`)
 * and live with the runtime, which keeps their lists per thread.
 */
export { askUserTool, type AskUserInput } from './ask-user';
export { submitPlanTool, type PlanDecision } from './submit-plan';
export { isNativeWebSearch, webSearchTool } from './web-search';
export { builtInModelOutput, errorResult, isErrorResult, type ErrorResult } from './error-result';
