/**
 * Instructions as prompt blocks, pure. Text blocks are always included,
 * `prompt_block`s when their rules pass; `{{path}}` and `{{path || "fallback"}}` are filled from the
 * request context and an unresolved placeholder without fallback stays as written. The caller's MCP
 * token is never rendered: instructions reach the model and the API response.
 */
import { LRUCache } from 'lru-cache';
import { createRuleBudget, valueAtSegments, type RuleBudget } from '../rules';
import type { RequestContext } from '../tools';
import { rulesPass } from './conditional-field';
import { isRecord } from '../is-record';
import { invalidInput, type StudioError } from '../errors';

export const authTokenKey = 'mastra__authToken';

/**
 * The longest instructions a request may render, in characters (about a quarter of a million tokens,
 * past what models take), unless the stored text alone is longer. Placeholders copy request context
 * values, so a template that repeats one could otherwise make gigabytes out of a request of kilobytes.
 */
export const maxRenderedInstructionsLength = 1_000_000;

function tooLong(): StudioError {
  const message =
    `The instructions filled in with this request context would be longer than ` +
    `${maxRenderedInstructionsLength.toLocaleString('en')} characters: shorten the request context values their placeholders use.`;
  return invalidInput([{ path: 'requestContext', message }], message);
}

const placeholder = /\{\{\s*([^\s{}|]+)\s*(?:\|\|\s*(?:"([^"]*)"|'([^']*)'))?\s*\}\}/g;

function display(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A placeholder of a template: the path's segments, its fallback and the text it replaces. */
interface Hole {
  segments: string[] | undefined;
  fallback: string | undefined;
  whole: string;
}

/** Text and holes in turn: `texts.length === holes.length + 1`. */
interface CompiledTemplate {
  texts: string[];
  holes: Hole[];
}

/**
 * Templates are read apart once: the same instructions are rendered for every request. Bounded;
 * a template with no `{{` is never compiled.
 */
const compiledTemplates = new LRUCache<string, CompiledTemplate>({ max: 500 });

function compile(template: string): CompiledTemplate {
  const compiled: CompiledTemplate = { texts: [], holes: [] };
  let last = 0;
  for (const match of template.matchAll(placeholder)) {
    const [whole, path, doubleQuoted, singleQuoted] = match as unknown as [string, string, string?, string?];
    compiled.texts.push(template.slice(last, match.index));
    compiled.holes.push({
      // The token is never rendered: instructions reach the model and the API response.
      segments: path === authTokenKey || path.startsWith(`${authTokenKey}.`) ? undefined : path.split('.'),
      fallback: doubleQuoted ?? singleQuoted,
      whole,
    });
    last = match.index + whole.length;
  }
  compiled.texts.push(template.slice(last));
  return compiled;
}

/** Whether a template has anything to fill in: without, it renders as itself for every request. */
export const hasPlaceholders = (template: string) => template.includes('{{');

export function renderTemplate({
  template,
  requestContext,
}: {
  template: string;
  requestContext: RequestContext;
}): string {
  if (!hasPlaceholders(template)) return template;
  let compiled = compiledTemplates.get(template);
  if (compiled === undefined) {
    compiled = compile(template);
    compiledTemplates.set(template, compiled);
  }
  const { texts, holes } = compiled;
  let rendered = texts[0]!;
  for (let index = 0; index < holes.length; index++) {
    const hole = holes[index]!;
    const value = hole.segments === undefined ? undefined : valueAtSegments(requestContext, hole.segments);
    rendered += value !== undefined && value !== null ? display(value) : (hole.fallback ?? hole.whole);
    rendered += texts[index + 1]!;
    if (rendered.length > Math.max(maxRenderedInstructionsLength, template.length)) throw tooLong();
  }
  return rendered;
}

/** The length of the blocks' stored text joined as rendered: what the author wrote, whatever it holds. */
const storedLength = (blocks: readonly unknown[]): number =>
  blocks.reduce<number>(
    (sum, block) => sum + (isRecord(block) && typeof block.content === 'string' ? block.content.length + 2 : 0),
    0,
  );

/** The instructions the model gets; blocks are joined with a blank line. Malformed blocks are skipped. */
export function renderInstructions({
  instructions,
  requestContext,
  budget = createRuleBudget(),
}: {
  instructions: unknown;
  requestContext: RequestContext;
  /** The request's rule budget; the blocks it stops are named in `budget.stopped`. */
  budget?: RuleBudget;
}): string {
  if (typeof instructions === 'string') return renderTemplate({ template: instructions, requestContext });
  if (!Array.isArray(instructions)) return '';
  const parts: string[] = [];
  let length = 0;
  /** Summed once, the first time the rendered text is past the bound. */
  let stored: number | undefined;
  for (const [index, block] of instructions.entries()) {
    if (!isRecord(block) || typeof block.content !== 'string') continue;
    const ref = `instructions[${index}].rules`;
    if (block.type === 'prompt_block' && !rulesPass({ rules: block.rules, requestContext, budget, ref })) continue;
    if (block.type !== 'text' && block.type !== 'prompt_block') continue;
    const part = renderTemplate({ template: block.content, requestContext });
    length += part.length + 2;
    if (length > maxRenderedInstructionsLength && length > (stored ??= storedLength(instructions))) throw tooLong();
    parts.push(part);
  }
  return parts.join('\n\n');
}
