/**
 * Tracing: runs exported as OpenTelemetry spans over OTLP/HTTP when `otlpEndpoint` is set. The SDK
 * (lib/telemetry/run-tracing.ts) is loaded by `tracingOfSettings` only then.
 */
export type { RunTracing } from './run-tracing';
export { tracingOfSettings } from './tracing-of-settings';
