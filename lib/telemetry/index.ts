/** Tracing: runs exported as OpenTelemetry spans over OTLP/HTTP when `otlpEndpoint` is set. */
export { createRunTracing, tracesUrl, tracingOfSettings, type RunTracing } from './run-tracing';
export { createRunSpans } from './run-spans';
