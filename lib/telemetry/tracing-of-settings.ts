import type { Settings } from '../env';
import type { Logger } from '../logger';
import type { RunTracing } from './run-tracing';

/**
 * A studio's own tracing when `otlpEndpoint` is set; without it runs do no tracing work at all, and
 * the OpenTelemetry SDK is not loaded.
 */
export async function tracingOfSettings(
  settings: Pick<Settings, 'otlpEndpoint' | 'otlpHeaders' | 'otelServiceName'>,
  { logger, serviceVersion }: { logger: Logger; serviceVersion: string },
): Promise<RunTracing | undefined> {
  if (!settings.otlpEndpoint) return undefined;
  const { createRunTracing } = await import('./run-tracing');
  return createRunTracing({
    endpoint: settings.otlpEndpoint,
    headers: settings.otlpHeaders,
    serviceName: settings.otelServiceName,
    serviceVersion,
    logger,
  });
}
