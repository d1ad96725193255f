/**
 * A studio's tracing: one tracer provider of its own (never registered globally, so two studios in
 * one process share nothing) exporting batches of spans over OTLP/HTTP (JSON) to the configured
 * collector, and the run observer that makes the spans. `createStudio` builds it only when
 * `otlpEndpoint` is set, and closes it (exporting what is left) when the studio closes.
 */
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import type { Logger } from '../logger';
import { remoteExcerpt } from '../net';
import type { RunObserver } from '../runtime';
import { createRunSpans } from './run-spans';

export interface RunTracing {
  /** Follows every run as spans (passed to the runtime). */
  observer: RunObserver;
  /** Exports every ended span now: before a process exits, or in tests instead of waiting. Never rejects. */
  flush(): Promise<void>;
  /** Exports what is left and stops; spans ended later are dropped. Never rejects. */
  close(): Promise<void>;
}

/** How long one export may take before it counts as failed (the collector is down or slow). */
const exportTimeoutMs = 5_000;

/** Longest text of one attribute: bounds what a tool's `context.observe` can add to a batch. */
const attributeValueLengthLimit = 4_096;

export function createRunTracing({
  endpoint,
  headers,
  serviceName,
  serviceVersion,
  logger,
}: {
  /** The collector's base URL (`OTEL_EXPORTER_OTLP_ENDPOINT`); spans go to `<endpoint>/v1/traces`. */
  endpoint: string;
  headers?: Record<string, string>;
  serviceName: string;
  serviceVersion: string;
  logger: Logger;
}): RunTracing {
  const exporter = new OTLPTraceExporter({
    url: tracesUrl(endpoint),
    headers: { ...headers },
    timeoutMillis: exportTimeoutMs,
  });
  const provider = new BasicTracerProvider({
    resource: defaultResource().merge(
      resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName, [ATTR_SERVICE_VERSION]: serviceVersion }),
    ),
    spanLimits: { attributeValueLengthLimit },
    spanProcessors: [
      new BatchSpanProcessor(loggedExporter(exporter, logger), { exportTimeoutMillis: exportTimeoutMs }),
    ],
  });
  // A failed export is in the log already (`loggedExporter`): flushing and closing never reject,
  // so a collector that is down cannot fail a caller or the studio's close.
  const settled = () => undefined;
  return {
    observer: createRunSpans(provider.getTracer('agent-studio', serviceVersion)),
    flush: () => provider.forceFlush().catch(settled),
    close: () => provider.shutdown().catch(settled),
  };
}

/** The OTLP/HTTP traces URL of a base endpoint, as the OpenTelemetry specification builds it. */
export function tracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/v1/traces`;
}

/** `ExportResultCode.SUCCESS` of `@opentelemetry/core` (the SDK's dependency, not one of ours). */
const exportSucceeded = 0;

/**
 * The exporter, saying in the studio's log when exports start failing and when they work again
 * (once each, not per batch: a collector that is down must not flood the log).
 */
function loggedExporter(exporter: OTLPTraceExporter, logger: Logger): SpanExporter {
  let failing = false;
  return {
    export(spans, done) {
      exporter.export(spans, (result) => {
        const failed = result.code !== exportSucceeded;
        if (failed && !failing) {
          logger.warn('Could not export run traces; later batches are tried again', {
            error: remoteExcerpt(result.error?.message ?? 'unknown error'),
          });
        } else if (!failed && failing) logger.info('Run traces are exported again');
        failing = failed;
        done(result);
      });
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush(),
  };
}
