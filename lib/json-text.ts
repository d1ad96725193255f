/**
 * JSON a person typed (a rule, a value, a form's JSON box): its value, or why it is not JSON in the
 * parser's words. It needs only lib/errors.ts, so every layer and the browser use it.
 */
import { checkFailed, errorMessage, type CheckResult } from './errors';

export function readJsonText(text: string): CheckResult<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return checkFailed(`Not valid JSON: ${errorMessage(error)}`);
  }
}
