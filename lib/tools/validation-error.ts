/**
 * Validation failures are values, not exceptions: the model receives this object as the tool
 * result and can retry with corrected arguments. The message format is fixed (docs/tools.md, "Validation values"): models and tests read it.
 */
import type { Issue } from '../errors';
import { redact } from '../logger';
import type { SchemaIssue } from './schema-types';

export interface ToolValidationError {
  error: true;
  message: string;
  validationErrors: Issue[];
}

export type ValidationKind = 'input' | 'requestContext' | 'resume' | 'suspend' | 'output';

const headings: Record<ValidationKind, (toolId: string) => string> = {
  input: (toolId) => `Tool input validation failed for ${toolId}`,
  requestContext: (toolId) => `Request context validation failed for ${toolId}`,
  resume: (toolId) => `Tool resume data validation failed for ${toolId}`,
  suspend: (toolId) => `Tool suspension data validation failed for ${toolId}`,
  output: (toolId) => `Tool output validation failed for ${toolId}`,
};

const valueLabels: Record<ValidationKind, string> = {
  input: 'Provided arguments',
  requestContext: 'Provided request context',
  resume: 'Provided resume data',
  suspend: 'Provided suspension data',
  output: 'Returned output',
};

export const previewLimit = 200;

/** JSON of a value with secrets redacted, cut to at most 200 characters (ending in `…` when cut). */
export function previewValue(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(redact(value)) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length <= previewLimit ? text : text.slice(0, previewLimit - 1) + '…';
}

/** `items.0.tags`; `root` for the value itself. */
export function formatIssuePath(path: ReadonlyArray<string | number>): string {
  return path.length === 0 ? 'root' : path.map(String).join('.');
}

const retryRequest = '. Please fix the following errors and try again:';

export function createValidationError({
  kind,
  toolId,
  issues,
  value,
}: {
  kind: ValidationKind;
  toolId: string;
  issues: ReadonlyArray<SchemaIssue>;
  value: unknown;
}): ToolValidationError {
  const validationErrors = issues.map((issue) => ({ path: formatIssuePath(issue.path), message: issue.message }));
  const message =
    `${headings[kind](toolId)}${retryRequest}\n` +
    validationErrors.map((issue) => `- ${issue.path}: ${issue.message}`).join('\n') +
    `\n\n${valueLabels[kind]}: ${previewValue(value)}`;
  return { error: true, message, validationErrors };
}

export function isToolValidationError(value: unknown): value is ToolValidationError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<ToolValidationError>;
  return candidate.error === true && typeof candidate.message === 'string' && Array.isArray(candidate.validationErrors);
}

/**
 * What was refused, without the refused value (arguments and outputs may hold personal data):
 * `Tool input validation failed for lookup: orderId: Invalid input: expected string, received number`.
 * For traces and logs, which must not carry what the model or the tool gave.
 */
export function validationSummary(error: ToolValidationError): string {
  const [firstLine = ''] = error.message.split('\n', 1);
  const heading = firstLine.endsWith(retryRequest) ? firstLine.slice(0, -retryRequest.length) : firstLine;
  const issues = error.validationErrors.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  return issues === '' ? heading : `${heading}: ${issues}`;
}
