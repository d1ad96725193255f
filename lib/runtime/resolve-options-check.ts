/**
 * The library's `runtime.resolve` and `runtime.loadAgent` check what they are given as the HTTP API
 * does: a selector with at most one known key of the right type, and a request context that is a
 * plain object. A mistake is a `StudioError` (`invalid_input`) naming the option, never a silent
 * default or a confusing "no label undefined".
 */
import { invalidInput, issuesFromZod } from '../errors';
import { isRecord } from '../is-record';
import { toVersionSelector, versionSelectorSchema, type VersionSelector } from '../versions';

export function checkedResolveOptions<Options extends { selector?: VersionSelector; requestContext?: unknown }>(
  options: Options | undefined,
): Options | undefined {
  if (options === undefined) return undefined;
  const { selector, requestContext } = options;
  if (requestContext !== undefined && !isRecord(requestContext))
    throw invalidInput([{ path: 'requestContext', message: 'A request context is a plain JSON object' }]);
  if (selector === undefined) return options;
  const parsed = versionSelectorSchema.safeParse(selector);
  if (!parsed.success) throw invalidInput(issuesFromZod(parsed.error, ['selector']));
  return { ...options, selector: toVersionSelector(parsed.data) };
}
