/**
 * A tool's `context.observe` over a span: `span` starts a child of it, `log` adds an event to it.
 * Spans are parented explicitly (no context manager is registered: two studios share nothing), so
 * nesting goes through the `observe` each span hands to its `run`.
 */
import { SpanStatusCode, trace, ROOT_CONTEXT, type Attributes, type Span, type Tracer } from '@opentelemetry/api';
import { remoteExcerpt } from '../net';
import type { ToolObserve } from '../tools';
import { errorType, studio } from './attribute-names';
import { errorMessage } from '../errors';

/** Longest JSON text an attribute of a structured value keeps. */
const maxJsonAttributeLength = 1_000;

export function spanObserve(tracer: Tracer, parent: Span): ToolObserve {
  const parentContext = trace.setSpan(ROOT_CONTEXT, parent);
  const observe: ToolObserve = {
    span(name, run, attributes) {
      const span = tracer.startSpan(name, { attributes: attributesOf(attributes) }, parentContext);
      let result;
      try {
        result = run(spanObserve(tracer, span));
      } catch (error) {
        endFailed(span, error);
        throw error;
      }
      if (!isPromiseLike(result)) {
        span.end();
        return result;
      }
      return result.then(
        (value) => {
          span.end();
          return value;
        },
        (error: unknown) => {
          endFailed(span, error);
          throw error;
        },
      ) as typeof result;
    },
    log(level, message, data) {
      parent.addEvent(message, { [studio.logLevel]: level, ...attributesOf(data) });
    },
  };
  return observe;
}

/** Marks a span failed with a short, credential-free excerpt of the error's message, and ends it. */
export function endFailed(span: Span, error: unknown): void {
  const message = errorMessage(error);
  span.setStatus({ code: SpanStatusCode.ERROR, message: remoteExcerpt(message) });
  span.setAttribute(errorType, error instanceof Error ? error.name : 'Error');
  span.end();
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** Strings, numbers, booleans and lists of one of them as they are; other values as short JSON text. */
function attributesOf(values: Record<string, unknown> | undefined): Attributes {
  const attributes: Attributes = {};
  for (const [key, value] of Object.entries(values ?? {})) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') attributes[key] = value;
    else if (isPrimitiveList(value)) attributes[key] = value;
    else attributes[key] = jsonText(value);
  }
  return attributes;
}

function isPrimitiveList(value: unknown): value is string[] | number[] | boolean[] {
  if (!Array.isArray(value) || value.length === 0) return false;
  const kind = typeof value[0];
  return (kind === 'string' || kind === 'number' || kind === 'boolean') && value.every((item) => typeof item === kind);
}

function jsonText(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > maxJsonAttributeLength ? `${text.slice(0, maxJsonAttributeLength)}…` : text;
}
