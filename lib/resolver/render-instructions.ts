/**
 * Instructions as prompt blocks, pure. Text blocks are always included,
 * `prompt_block`s when their rules pass; `{{path}}` and `{{path || "fallback"}}` are filled from the
 * request context and an unresolved placeholder without fallback stays as written. The caller's MCP
 * token is never rendered: instructions reach the model and the API response.
 */
import { isPlainObject, valueAtPath } from '../rules';
import type { RequestContext } from '../tools';
import { rulesPass } from './conditional-field';

export const authTokenKey = 'mastra__authToken';

const placeholder = /\{\{\s*([^\s{}|]+)\s*(?:\|\|\s*(?:"([^"]*)"|'([^']*)'))?\s*\}\}/g;

function display(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function renderTemplate({
  template,
  requestContext,
}: {
  template: string;
  requestContext: RequestContext;
}): string {
  // Most instructions have no placeholder: no regular-expression pass for them.
  if (!template.includes('{{')) return template;
  return template.replace(placeholder, (whole, path: string, doubleQuoted?: string, singleQuoted?: string) => {
    const fallback = doubleQuoted ?? singleQuoted;
    const value =
      path === authTokenKey || path.startsWith(`${authTokenKey}.`) ? undefined : valueAtPath(requestContext, path);
    if (value !== undefined && value !== null) return display(value);
    return fallback ?? whole;
  });
}

/** The instructions the model gets; blocks are joined with a blank line. Malformed blocks are skipped. */
export function renderInstructions({
  instructions,
  requestContext,
}: {
  instructions: unknown;
  requestContext: RequestContext;
}): string {
  if (typeof instructions === 'string') return renderTemplate({ template: instructions, requestContext });
  if (!Array.isArray(instructions)) return '';
  const parts: string[] = [];
  for (const block of instructions) {
    if (!isPlainObject(block) || typeof block.content !== 'string') continue;
    if (block.type === 'prompt_block' && !rulesPass({ rules: block.rules, requestContext })) continue;
    if (block.type !== 'text' && block.type !== 'prompt_block') continue;
    parts.push(renderTemplate({ template: block.content, requestContext }));
  }
  return parts.join('\n\n');
}
